import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { PencilIcon, PlusIcon, Trash2Icon } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import type { EscalationPolicy, EscalationStep, RotaEntry } from '../../../worker/contracts/escalations';
import { ConfirmDialog } from '~/components/confirm-dialog';
import { FormErrors, SubmitButton, TextField } from '~/components/form';
import { EmptyState } from '~/components/states';
import { Button } from '~/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card';
import { Input } from '~/components/ui/input';
import { conditionText } from '~/features/alarms/alarm-text';
import { readingByCode } from '~/features/stations/readings';
import { levelName } from '~/features/warning/level-text';
import { send } from '~/lib/api';
import { toast } from '~/lib/toast';
import { useContractForm } from '~/lib/use-contract-form';
import { m } from '~/paraglide/messages';
import { escalationQueries, policyCalls } from './queries';

type Setup = Awaited<ReturnType<typeof import('~/server/escalations').fetchEscalationSetup>>;
type Draft = Omit<EscalationPolicy, 'id' | 'updated_at'> & { id?: number };
type Named = { id: number; name: string };

const emptyStep = (after = 0): EscalationStep => ({
  after_minutes: after,
  subjects: [],
  groups: [],
  webhooks: [],
  on_duty: false,
  channels: ['email'],
});
const newPolicy = (): Draft => ({ name: '', steps: [emptyStep()], repeat_minutes: 30, max_repeats: 2, rules: [], levels: [], rota: [] });
const weekdays = () => [
  m.escalations_mon,
  m.escalations_tue,
  m.escalations_wed,
  m.escalations_thu,
  m.escalations_fri,
  m.escalations_sat,
  m.escalations_sun,
];
const toggled = <T,>(list: T[], value: T, on: boolean) => (on ? [...list, value] : list.filter((v) => v !== value));
const levelKey = (l: { item_id: number; reading: string; level: number }) => `${l.item_id}|${l.reading}|${l.level}`;

/** `/escalations`: the escalation policies (who is notified, step by step, until someone acknowledges) and their rota. */
export function PoliciesPage() {
  const { data } = useSuspenseQuery(escalationQueries.setup());
  const [editing, setEditing] = useState<Draft | null>(null);
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: (id: number) => send(() => policyCalls().then((c) => c.deletePolicy), { query: { id } }),
    onSuccess: async () => {
      toast.success(m.escalations_policy_deleted());
      await queryClient.invalidateQueries({ queryKey: ['escalations'] });
    },
    onError: () => toast.error(m.escalations_policy_delete_failed()),
  });
  const names = (list: Named[], ids: number[]) => ids.map((id) => list.find((x) => x.id === id)?.name ?? `#${id}`).join(', ');
  return (
    <div className="grid gap-4" data-testid="escalation-policies">
      {editing ? (
        <PolicyEditor key={editing.id ?? 'new'} setup={data} initial={editing} onDone={() => setEditing(null)} />
      ) : (
        <div>
          <Button onClick={() => setEditing(newPolicy())}>
            <PlusIcon />
            {m.escalations_policy_add()}
          </Button>
        </div>
      )}
      {!data.policies.length && !editing && <EmptyState title={m.escalations_policy_none()}>{m.escalations_policy_none_hint()}</EmptyState>}
      {data.policies.map((policy) => (
        <Card key={policy.id} data-testid="policy" data-policy={policy.id} className="min-w-0">
          <CardHeader>
            <div className="flex flex-wrap items-start justify-between gap-2">
              <CardTitle className="text-base">{policy.name}</CardTitle>
              <div className="flex gap-1">
                <Button variant="ghost" size="sm" onClick={() => setEditing(policy)}>
                  <PencilIcon />
                  {m.escalations_edit()}
                </Button>
                <ConfirmDialog onConfirm={() => remove.mutate(policy.id)}>
                  <Button variant="ghost" size="sm" className="text-destructive">
                    <Trash2Icon />
                    {m.escalations_delete()}
                  </Button>
                </ConfirmDialog>
              </div>
            </div>
            <CardDescription>{m.escalations_repeats({ minutes: policy.repeat_minutes, count: policy.max_repeats })}</CardDescription>
          </CardHeader>
          <CardContent>
            <ol className="grid gap-1 text-sm">
              {policy.steps.map((step, i) => (
                <li key={i} className="tabular-nums">
                  <span className="font-medium">{m.escalations_step_after({ step: i + 1, minutes: step.after_minutes })}</span>{' '}
                  {[
                    names(data.people, step.subjects),
                    names(data.groups, step.groups),
                    names(data.webhooks, step.webhooks),
                    step.on_duty ? m.escalations_on_duty() : '',
                  ]
                    .filter(Boolean)
                    .join(', ')}{' '}
                  <span className="text-muted-foreground">({step.channels.join(', ')})</span>
                </li>
              ))}
            </ol>
          </CardContent>
        </Card>
      ))}
    </div>
  );
}

function Choices({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="grid min-w-0 gap-1">
      <legend className="mb-1 text-xs text-muted-foreground">{legend}</legend>
      <div className="flex flex-wrap gap-x-4 gap-y-1">{children}</div>
    </fieldset>
  );
}

function Check({ label, checked, onChange }: { label: string; checked: boolean; onChange: (on: boolean) => void }) {
  return (
    <label className="flex items-center gap-2 text-sm">
      <input type="checkbox" className="size-4 accent-primary" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      {label}
    </label>
  );
}

const selectClass = 'h-8 rounded-md border bg-background px-2 text-sm';

/** A policy's editor: steps with their recipients and channels, repeats, what starts it, and the weekly rota. */
function PolicyEditor({ setup, initial, onDone }: { setup: Setup; initial: Draft; onDone: () => void }) {
  const [draft, setDraft] = useState<Draft>(initial);
  const { errors, form, pending } = useContractForm({
    call: () => policyCalls().then((c) => c.savePolicy),
    read: (data) => ({ ...draft, name: String(data.get('name') ?? '') }),
    toasts: { success: m.escalations_policy_saved, failure: 'errors' },
    invalidates: 'escalations',
    onSuccess: onDone,
  });
  const setStep = (i: number, change: Partial<EscalationStep>) =>
    setDraft((d) => ({ ...d, steps: d.steps.map((s, j) => (j === i ? { ...s, ...change } : s)) }));
  const setRota = (i: number, change: Partial<RotaEntry>) =>
    setDraft((d) => ({ ...d, rota: d.rota.map((r, j) => (j === i ? { ...r, ...change } : r)) }));
  const number = (text: string) => (text === '' ? 0 : Number(text));
  return (
    <Card className="min-w-0" data-testid="policy-editor">
      <CardHeader>
        <CardTitle className="text-base">{initial.id ? m.escalations_policy_edit() : m.escalations_policy_add()}</CardTitle>
        <CardDescription>{m.escalations_policy_hint()}</CardDescription>
      </CardHeader>
      <CardContent>
        <form method="post" noValidate {...form} className="grid gap-4">
          <FormErrors errors={errors} fields={['name']} />
          <div className="grid gap-3 sm:grid-cols-3">
            <TextField name="name" label={m.escalations_name()} defaultValue={draft.name} maxLength={100} errors={errors} required />
            <TextField
              name="repeat_minutes"
              type="number"
              label={m.escalations_repeat_minutes()}
              value={draft.repeat_minutes}
              onChange={(e) => setDraft((d) => ({ ...d, repeat_minutes: number(e.target.value) }))}
              errors={errors}
            />
            <TextField
              name="max_repeats"
              type="number"
              label={m.escalations_max_repeats()}
              value={draft.max_repeats}
              onChange={(e) => setDraft((d) => ({ ...d, max_repeats: number(e.target.value) }))}
              errors={errors}
            />
          </div>
          {draft.steps.map((step, i) => (
            <fieldset key={i} className="grid min-w-0 gap-3 rounded-lg border p-3" data-testid="policy-step">
              <legend className="px-1 text-sm font-medium">{m.escalations_step({ step: i + 1 })}</legend>
              <div className="flex flex-wrap items-end gap-2">
                <label className="grid gap-1 text-xs text-muted-foreground">
                  {m.escalations_after_minutes()}
                  <Input
                    type="number"
                    min={0}
                    className="h-8 w-28"
                    value={step.after_minutes}
                    onChange={(e) => setStep(i, { after_minutes: number(e.target.value) })}
                  />
                </label>
                {draft.steps.length > 1 && (
                  <Button
                    type="button"
                    variant="ghost"
                    size="sm"
                    onClick={() => setDraft((d) => ({ ...d, steps: d.steps.filter((_, j) => j !== i) }))}
                  >
                    <Trash2Icon />
                    {m.escalations_step_remove()}
                  </Button>
                )}
              </div>
              <Choices legend={m.escalations_people()}>
                {setup.people.map((p) => (
                  <Check
                    key={p.id}
                    label={p.name}
                    checked={step.subjects.includes(p.id)}
                    onChange={(on) => setStep(i, { subjects: toggled(step.subjects, p.id, on) })}
                  />
                ))}
                <Check label={m.escalations_on_duty()} checked={step.on_duty} onChange={(on) => setStep(i, { on_duty: on })} />
              </Choices>
              {setup.groups.length > 0 && (
                <Choices legend={m.escalations_groups()}>
                  {setup.groups.map((g) => (
                    <Check
                      key={g.id}
                      label={g.name}
                      checked={step.groups.includes(g.id)}
                      onChange={(on) => setStep(i, { groups: toggled(step.groups, g.id, on) })}
                    />
                  ))}
                </Choices>
              )}
              {setup.webhooks.length > 0 && (
                <Choices legend={m.escalations_webhooks()}>
                  {setup.webhooks.map((w) => (
                    <Check
                      key={w.id}
                      label={w.name}
                      checked={step.webhooks.includes(w.id)}
                      onChange={(on) => {
                        const webhooks = toggled(step.webhooks, w.id, on);
                        // The webhook channel goes with the webhooks chosen.
                        const channels = step.channels.filter((c) => c !== 'webhook');
                        setStep(i, { webhooks, channels: webhooks.length ? [...channels, 'webhook'] : channels });
                      }}
                    />
                  ))}
                </Choices>
              )}
              <Choices legend={m.escalations_channels()}>
                <Check
                  label={m.escalations_email()}
                  checked={step.channels.includes('email')}
                  onChange={(on) => setStep(i, { channels: toggled(step.channels, 'email', on) })}
                />
                <Check
                  label={m.escalations_push()}
                  checked={step.channels.includes('push')}
                  onChange={(on) => setStep(i, { channels: toggled(step.channels, 'push', on) })}
                />
              </Choices>
            </fieldset>
          ))}
          <div>
            <Button
              type="button"
              variant="outline"
              onClick={() => setDraft((d) => ({ ...d, steps: [...d.steps, emptyStep((d.steps.at(-1)?.after_minutes ?? 0) + 15)] }))}
            >
              <PlusIcon />
              {m.escalations_step_add()}
            </Button>
          </div>
          <Choices legend={m.escalations_started_by_rules()}>
            {setup.rules.length + setup.groupRules.length === 0 && (
              <span className="text-sm text-muted-foreground">{m.escalations_nothing()}</span>
            )}
            {[
              ...setup.rules.map((r) => ({ id: r.id, label: `${r.unique_id}: ${r.name ?? conditionText(r)}` })),
              ...setup.groupRules.map((r) => ({
                id: r.id,
                label: `${r.name ?? m.group_rules_unnamed({ id: r.id })}: ${m.alarms_kind_k_of_n({ k: r.k })}`,
              })),
            ].map((r) => (
              <Check
                key={r.id}
                label={r.label}
                checked={draft.rules.includes(r.id)}
                onChange={(on) => setDraft((d) => ({ ...d, rules: toggled(d.rules, r.id, on) }))}
              />
            ))}
          </Choices>
          <Choices legend={m.escalations_started_by_levels()}>
            {setup.scales.length === 0 && <span className="text-sm text-muted-foreground">{m.escalations_nothing()}</span>}
            {setup.scales.flatMap((s) =>
              s.levels.map((level) => {
                const target = { item_id: s.item_id, reading: s.reading, level: level.rank };
                const on = draft.levels.some((l) => levelKey(l) === levelKey(target));
                return (
                  <Check
                    key={levelKey(target)}
                    label={`${s.unique_id} · ${readingByCode(s.reading)?.name ?? s.reading}: ${levelName(level)}`}
                    checked={on}
                    onChange={(next) =>
                      setDraft((d) => ({
                        ...d,
                        levels: next ? [...d.levels, target] : d.levels.filter((l) => levelKey(l) !== levelKey(target)),
                      }))
                    }
                  />
                );
              }),
            )}
          </Choices>
          <fieldset className="grid min-w-0 gap-2" data-testid="policy-rota">
            <legend className="mb-1 text-sm font-medium">{m.escalations_rota()}</legend>
            <p className="text-xs text-muted-foreground">{m.escalations_rota_hint()}</p>
            {draft.rota.map((entry, i) => (
              <div key={i} className="flex flex-wrap items-center gap-2" data-testid="rota-entry">
                <select
                  aria-label={m.escalations_rota_person()}
                  className={selectClass}
                  value={entry.subject_id}
                  onChange={(e) => setRota(i, { subject_id: Number(e.target.value) })}
                >
                  {setup.people.map((p) => (
                    <option key={p.id} value={p.id}>
                      {p.name}
                    </option>
                  ))}
                </select>
                <select
                  aria-label={m.escalations_rota_weekday()}
                  className={selectClass}
                  value={entry.weekday}
                  onChange={(e) => setRota(i, { weekday: Number(e.target.value) })}
                >
                  {weekdays().map((day, d) => (
                    <option key={d} value={d + 1}>
                      {day()}
                    </option>
                  ))}
                </select>
                <Input
                  aria-label={m.escalations_rota_from()}
                  type="number"
                  min={0}
                  max={23}
                  className="h-8 w-20"
                  value={entry.from_hour}
                  onChange={(e) => setRota(i, { from_hour: number(e.target.value) })}
                />
                <span aria-hidden>–</span>
                <Input
                  aria-label={m.escalations_rota_to()}
                  type="number"
                  min={1}
                  max={24}
                  className="h-8 w-20"
                  value={entry.to_hour}
                  onChange={(e) => setRota(i, { to_hour: number(e.target.value) })}
                />
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  className="size-8"
                  aria-label={m.escalations_rota_remove()}
                  onClick={() => setDraft((d) => ({ ...d, rota: d.rota.filter((_, j) => j !== i) }))}
                >
                  <Trash2Icon />
                </Button>
              </div>
            ))}
            <div>
              <Button
                type="button"
                variant="outline"
                size="sm"
                disabled={!setup.people.length}
                onClick={() =>
                  setDraft((d) => ({ ...d, rota: [...d.rota, { subject_id: setup.people[0].id, weekday: 1, from_hour: 0, to_hour: 24 }] }))
                }
              >
                <PlusIcon />
                {m.escalations_rota_add()}
              </Button>
            </div>
          </fieldset>
          <div className="flex flex-wrap gap-2">
            <SubmitButton pending={pending}>{pending ? m.action_working() : m.admin_save()}</SubmitButton>
            <Button type="button" variant="ghost" onClick={onDone}>
              {m.action_cancel()}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
