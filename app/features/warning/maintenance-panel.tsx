import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CalendarClockIcon, WrenchIcon, XIcon } from 'lucide-react';
import type { MaintenanceWindow } from '../../../worker/contracts/maintenance';
import type { StationWarning } from '../../../worker/contracts/warning';
import { FormErrors, SubmitButton, TextField } from '~/components/form';
import { ConfirmDialog } from '~/components/confirm-dialog';
import { Alert } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card';
import { instantOf } from '~/features/charts/series';
import { send } from '~/lib/api';
import { stationDateTime } from '~/lib/format';
import { toast } from '~/lib/toast';
import { useContractForm } from '~/lib/use-contract-form';
import { m } from '~/paraglide/messages';
import { maintenanceCalls } from './queries';

/** How long the on-site button's window lasts. */
const onSiteMinutes = 60;

/** What shows a window: this screen, the chart page (its band) and the dashboard's levels. */
const useWindowsChanged = () => {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([queryClient.invalidateQueries({ queryKey: ['warning'] }), queryClient.invalidateQueries({ queryKey: ['chart'] })]);
};

const phase = (w: MaintenanceWindow, now: number) =>
  Date.parse(w.ends_at) <= now ? 'past' : Date.parse(w.starts_at) <= now ? 'current' : 'planned';

/**
 * A station's maintenance windows: during one its alarms notify nobody and its readings are flagged suspect. On site a
 * technician starts one with a single button (an hour from now); planned ones are entered with their times in the
 * station's zone.
 */
export function MaintenancePanel({ state }: { state: StationWarning }) {
  const { item, windows, may_edit: mayEdit } = state;
  const now = Date.now();
  const current = windows.find((w) => phase(w, now) === 'current');
  const changed = useWindowsChanged();
  const start = useMutation({
    mutationFn: () => send(() => maintenanceCalls().then((c) => c.save), { body: { item_id: item.id, minutes: onSiteMinutes } }),
    onSuccess: async () => {
      toast.success(m.maintenance_started());
      await changed();
    },
    onError: () => toast.error(m.maintenance_start_failed()),
  });
  const cancel = useMutation({
    mutationFn: (id: number) => send(() => maintenanceCalls().then((c) => c.delete), { query: { id } }),
    onSuccess: async () => {
      toast.success(m.maintenance_cancelled());
      await changed();
    },
    onError: () => toast.error(m.maintenance_cancel_failed()),
  });
  const at = (instant: string) => stationDateTime(instant, item.timezone);
  return (
    <Card className="min-w-0" data-testid="maintenance-panel">
      <CardHeader>
        <CardTitle className="text-base">{m.maintenance_title()}</CardTitle>
        <CardDescription>{m.maintenance_hint({ zone: item.timezone })}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {current && (
          <Alert data-testid="maintenance-current" className="flex items-center gap-2">
            <WrenchIcon className="size-4 shrink-0" aria-hidden />
            <span>{m.maintenance_running({ until: at(current.ends_at) })}</span>
          </Alert>
        )}
        {mayEdit && !current && (
          <div>
            <Button
              size="lg"
              className="h-14 w-full text-base sm:h-10 sm:w-auto"
              disabled={start.isPending}
              onClick={() => start.mutate()}
              data-testid="maintenance-start"
            >
              <WrenchIcon />
              {m.maintenance_start({ minutes: onSiteMinutes })}
            </Button>
          </div>
        )}
        {windows.length === 0 ? (
          <p className="text-sm text-muted-foreground">{m.maintenance_none()}</p>
        ) : (
          <table className="w-full text-left text-sm" data-testid="maintenance-windows">
            <thead className="text-muted-foreground">
              <tr>
                <th className="py-1 pr-2 font-normal">{m.maintenance_from()}</th>
                <th className="py-1 pr-2 font-normal">{m.maintenance_to()}</th>
                <th className="hidden py-1 pr-2 font-normal sm:table-cell">{m.maintenance_note()}</th>
                <th className="py-1">
                  <span className="sr-only">{m.maintenance_cancel()}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {windows.map((w) => (
                <tr key={w.id} className="border-t" data-window={w.id} data-phase={phase(w, now)}>
                  <td className="py-1 pr-2 tabular-nums">{at(w.starts_at)}</td>
                  <td className="py-1 pr-2 tabular-nums">{at(w.ends_at)}</td>
                  <td className="hidden py-1 pr-2 sm:table-cell">{w.note}</td>
                  <td className="py-1 text-right">
                    {mayEdit && phase(w, now) !== 'past' && (
                      <ConfirmDialog
                        onConfirm={() => cancel.mutate(w.id)}
                        title={m.maintenance_cancel_title()}
                        description={m.maintenance_cancel_description()}
                        confirmLabel={m.maintenance_cancel()}
                      >
                        <Button
                          variant="ghost"
                          size="icon"
                          className="size-8"
                          aria-label={m.maintenance_cancel()}
                          title={m.maintenance_cancel()}
                        >
                          <XIcon />
                        </Button>
                      </ConfirmDialog>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {mayEdit && <PlanForm itemId={item.id} timeZone={item.timezone} onSaved={changed} />}
      </CardContent>
    </Card>
  );
}

/** A window planned ahead: from and to on the station's wall clock, and a note. */
function PlanForm({ itemId, timeZone, onSaved }: { itemId: number; timeZone: string; onSaved: () => Promise<unknown> }) {
  const { errors, form, pending } = useContractForm({
    call: () => maintenanceCalls().then((c) => c.save),
    read: (data) => ({
      item_id: itemId,
      starts_at: instantOf(String(data.get('starts_at') ?? ''), timeZone),
      ends_at: instantOf(String(data.get('ends_at') ?? ''), timeZone),
      note: String(data.get('note') ?? ''),
    }),
    toasts: { success: m.maintenance_planned, failure: 'errors' },
    onSuccess: onSaved,
  });
  return (
    <form method="post" noValidate {...form} className="grid gap-3 rounded-lg border p-3" data-testid="maintenance-plan">
      <p className="flex items-center gap-2 text-sm font-medium">
        <CalendarClockIcon className="size-4" aria-hidden />
        {m.maintenance_plan()}
      </p>
      <FormErrors errors={errors} fields={['starts_at', 'ends_at', 'note']} />
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField name="starts_at" type="datetime-local" label={m.maintenance_from()} errors={errors} required />
        <TextField name="ends_at" type="datetime-local" label={m.maintenance_to()} errors={errors} required />
      </div>
      <TextField name="note" label={m.maintenance_note()} maxLength={500} errors={errors} />
      <div>
        <SubmitButton pending={pending}>{pending ? m.action_working() : m.maintenance_plan_save()}</SubmitButton>
      </div>
    </form>
  );
}
