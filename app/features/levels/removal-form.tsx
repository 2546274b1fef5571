import type { z } from 'zod';
import type { AnyCall, CallInput } from '../../../worker/contracts/call';
import { SubmitButton, TextField } from '~/components/form';
import { Button } from '~/components/ui/button';
import { useContractForm } from '~/lib/use-contract-form';
import { m } from '~/paraglide/messages';
import { useChartsAgain } from './queries';

/**
 * Removing asks why (the note is the confirmation, kept in the audit log); Escape or Cancel closes it. Used for
 * corrections, reference periods and manual measurements alike: `body` names what goes with the note.
 */
export function RemovalForm<C extends AnyCall & { body: z.ZodType }>({
  call,
  query,
  body,
  success,
  onClose,
}: {
  call: () => Promise<C>;
  query: CallInput<C>['query'];
  body: (note: string) => unknown;
  success: () => string;
  onClose: () => void;
}) {
  const charts = useChartsAgain();
  const { errors, form, pending } = useContractForm({
    call,
    query,
    read: (data) => body(String(data.get('removal-note') ?? '')),
    toasts: { success, failure: 'errors' },
    invalidates: 'levels',
    onSuccess: async () => {
      onClose();
      await charts();
    },
  });
  const own = errors.note ? { ...errors, 'removal-note': errors.note } : errors;
  return (
    <form
      method="post"
      noValidate
      {...form}
      onKeyDown={(e) => e.key === 'Escape' && onClose()}
      className="flex flex-wrap items-end gap-2"
      data-testid="removal-form"
    >
      <div className="min-w-48 flex-1">
        <TextField name="removal-note" label={m.levels_removal_note()} maxLength={500} errors={own} required autoFocus />
      </div>
      <SubmitButton pending={pending} variant="destructive">
        {pending ? m.action_working() : m.levels_remove()}
      </SubmitButton>
      <Button type="button" variant="ghost" onClick={onClose}>
        {m.action_cancel()}
      </Button>
    </form>
  );
}
