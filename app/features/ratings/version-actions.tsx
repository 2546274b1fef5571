import { useState, type FormEvent } from 'react';
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
import { numberField } from '~/features/alarm-rules/rule-fields';
import { instantOrNull } from '~/features/levels/scope';
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
  /** Downloads the version as stored (CSV), or expanded with the shifts in effect at `at` (now when left out) every `step` m. */
  const exportAs = async (format: Format, expand: { at?: string; step?: number } = {}) => {
    setExporting(format);
    try {
      const file = await send(() => ratingCalls().then((c) => c.export), {
        query: { id: scope.itemId, version: version.id, format, ...expand },
      });
      download(file.text, file.filename, format === 'csv' ? 'text/csv;charset=utf-8' : 'text/plain;charset=utf-8');
    } catch (error) {
      toast.error(serverErrorText(error));
    } finally {
      setExporting(null);
    }
  };
  const expandTable = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const at = instantOrNull(data.get('expand-at'), scope.timeZone);
    const step = numberField(data.get('expand-step'));
    void exportAs('rdb', { ...(at ? { at } : {}), ...(step === null ? {} : { step }) });
  };
  return (
    <div className="grid gap-2" role="group" aria-label={m.ratings_version_named({ from })} data-testid="version-actions">
      <div className="flex flex-wrap items-center gap-2">
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
      </div>
      <form onSubmit={expandTable} noValidate className="flex flex-wrap items-end gap-2" data-testid="expand-form">
        <TextField name="expand-at" type="datetime-local" label={m.ratings_expand_at()} hint={m.ratings_expand_at_hint()} errors={{}} />
        <TextField
          name="expand-step"
          type="number"
          label={m.ratings_expand_step()}
          errors={{}}
          defaultValue="0.01"
          min={0.001}
          max={1}
          step="any"
          inputMode="decimal"
          className="w-28"
        />
        <Button type="submit" variant="outline" size="sm" disabled={exporting !== null}>
          {exporting === 'rdb' ? m.action_working() : m.ratings_export_rdb()}
        </Button>
      </form>
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
