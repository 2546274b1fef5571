import type { Alarm } from '../../../worker/contracts/alarms';
import { FormErrors, SubmitButton } from '~/components/form';
import { TextAreaField } from '~/components/text-area-field';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '~/components/ui/alert-dialog';
import { useContractForm } from '~/lib/use-contract-form';
import { m } from '~/paraglide/messages';
import { ruleTitle } from './alarm-text';
import { useAlarmUpdates } from './use-alarm-updates';

const focusNote = (event: Event) => {
  event.preventDefault();
  document.getElementById('field-note')?.focus();
};

/**
 * Acknowledges an active alarm with an optional note. An alarm someone else acknowledged, or that cleared,
 * meanwhile (409) is said so plainly and the lists are read again.
 */
export function AcknowledgeDialog({ alarm, onClose }: { alarm: Alarm | null; onClose: () => void }) {
  return (
    <AlertDialog open={alarm !== null} onOpenChange={(open) => !open && onClose()}>
      {/* Keyed by the alarm, so each one starts with an empty note and no errors. */}
      {/* The note is what one types first; without this the dialog would focus Cancel. */}
      <AlertDialogContent onOpenAutoFocus={focusNote}>
        {alarm && <AcknowledgeForm key={alarm.id} alarm={alarm} onDone={onClose} />}
      </AlertDialogContent>
    </AlertDialog>
  );
}

function AcknowledgeForm({ alarm, onDone }: { alarm: Alarm; onDone: () => void }) {
  const alarms = useAlarmUpdates();
  const { errors, form, pending } = useContractForm({
    call: () => import('../../../worker/contracts/alarms').then((c) => c.alarmCalls.acknowledge),
    query: { id: alarm.id },
    read: (data) => ({ note: data.get('note') }),
    known: { 409: { field: 'conflict', text: m.alarms_ack_conflict } },
    toasts: { success: m.alarms_ack_done },
    onSuccess: (acknowledged) => {
      alarms.apply(acknowledged);
      onDone();
    },
    onError: (found) => found.conflict && alarms.refresh(),
  });
  const conflict = !!errors.conflict;
  return (
    <form {...form} noValidate className="grid gap-4">
      <AlertDialogHeader>
        <AlertDialogTitle>{m.alarms_ack_title()}</AlertDialogTitle>
        <AlertDialogDescription>
          {m.alarms_ack_description({ rule: ruleTitle(alarm.rule_name, alarm), station: alarm.station_name })}
        </AlertDialogDescription>
      </AlertDialogHeader>
      {!conflict && (
        <TextAreaField name="note" label={m.alarms_ack_note()} hint={m.alarms_ack_note_hint()} rows={3} maxLength={500} errors={errors} />
      )}
      <FormErrors errors={errors} fields={['note']} />
      <AlertDialogFooter>
        <AlertDialogCancel type="button">{conflict ? m.action_close() : m.action_cancel()}</AlertDialogCancel>
        {!conflict && <SubmitButton pending={pending}>{pending ? m.action_working() : m.alarms_acknowledge()}</SubmitButton>}
      </AlertDialogFooter>
    </form>
  );
}
