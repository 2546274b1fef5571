import { useState } from 'react';
import type { RatingVersion } from '../../../worker/contracts/ratings';
import { FormErrors, SubmitButton, TextField } from '~/components/form';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '~/components/ui/alert-dialog';
import { Button } from '~/components/ui/button';
import { send } from '~/lib/api';
import { download } from '~/lib/download';
import { stationDateTime } from '~/lib/format';
import { serverErrorText } from '~/lib/server-errors';
import { toast } from '~/lib/toast';
import { useContractForm } from '~/lib/use-contract-form';
import { m } from '~/paraglide/messages';
import { ratingCalls, type RatingsScope } from './queries';

type Format = 'csv' | 'rdb';

/** What can be done with the selected version: edit it, remove it (asked first, with a note) and download it as a file. */
export function VersionActions({
  scope,
  version,
  mayEdit,
  onEdit,
}: {
  scope: RatingsScope;
  version: RatingVersion;
  mayEdit: boolean;
  onEdit: () => void;
}) {
  const [exporting, setExporting] = useState<Format | null>(null);
  const from = stationDateTime(version.from, scope.timeZone);
  const exportAs = async (format: Format) => {
    setExporting(format);
    try {
      const file = await send(() => ratingCalls().then((c) => c.export), { query: { id: scope.itemId, version: version.id, format } });
      download(file.text, file.filename, format === 'csv' ? 'text/csv;charset=utf-8' : 'text/plain;charset=utf-8');
    } catch (error) {
      toast.error(serverErrorText(error));
    } finally {
      setExporting(null);
    }
  };
  return (
    <div
      className="flex flex-wrap items-center gap-2"
      role="group"
      aria-label={m.ratings_version_named({ from })}
      data-testid="version-actions"
    >
      <span className="text-sm text-muted-foreground">{m.ratings_version_named({ from })}</span>
      {mayEdit && (
        <Button type="button" variant="outline" size="sm" onClick={onEdit}>
          {m.ratings_version_edit()}
        </Button>
      )}
      {mayEdit && <RemoveVersion scope={scope} version={version} from={from} />}
      <Button type="button" variant="outline" size="sm" disabled={exporting !== null} onClick={() => void exportAs('csv')}>
        {exporting === 'csv' ? m.action_working() : m.ratings_export_csv()}
      </Button>
      <Button type="button" variant="outline" size="sm" disabled={exporting !== null} onClick={() => void exportAs('rdb')}>
        {exporting === 'rdb' ? m.action_working() : m.ratings_export_rdb()}
      </Button>
    </div>
  );
}

const focusNote = (event: Event) => {
  event.preventDefault();
  document.getElementById('field-remove-note')?.focus();
};

/** Removes a version and its shifts after asking, with the note the audit log keeps. */
function RemoveVersion({ scope, version, from }: { scope: RatingsScope; version: RatingVersion; from: string }) {
  const [open, setOpen] = useState(false);
  return (
    <AlertDialog open={open} onOpenChange={setOpen}>
      <AlertDialogTrigger asChild>
        <Button type="button" variant="outline" size="sm" className="text-destructive">
          {m.ratings_version_remove()}
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent onOpenAutoFocus={focusNote}>
        {open && <RemoveForm scope={scope} version={version} from={from} onDone={() => setOpen(false)} />}
      </AlertDialogContent>
    </AlertDialog>
  );
}

function RemoveForm({ scope, version, from, onDone }: { scope: RatingsScope; version: RatingVersion; from: string; onDone: () => void }) {
  const { errors, form, pending } = useContractForm({
    call: () => ratingCalls().then((c) => c.remove),
    query: { id: scope.itemId },
    read: (data) => ({ id: version.id, note: String(data.get('remove-note') ?? '') }),
    toasts: { success: m.ratings_version_removed, failure: 'errors' },
    invalidates: 'ratings',
    onSuccess: onDone,
  });
  const own = Object.fromEntries(Object.entries(errors).map(([k, v]) => [k === 'note' ? 'remove-note' : k, v]));
  return (
    <form {...form} noValidate className="grid gap-4" data-testid="remove-version-form">
      <AlertDialogHeader>
        <AlertDialogTitle>{m.ratings_version_remove_title()}</AlertDialogTitle>
        <AlertDialogDescription>{m.ratings_version_remove_description({ from })}</AlertDialogDescription>
      </AlertDialogHeader>
      <TextField name="remove-note" label={m.quality_note()} maxLength={500} errors={own} required />
      <FormErrors errors={own} fields={['remove-note']} />
      <AlertDialogFooter>
        <AlertDialogCancel type="button">{m.action_cancel()}</AlertDialogCancel>
        <SubmitButton pending={pending} variant="destructive">
          {pending ? m.action_working() : m.ratings_version_remove()}
        </SubmitButton>
      </AlertDialogFooter>
    </form>
  );
}
