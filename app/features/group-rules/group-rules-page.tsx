import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { PencilIcon, PlusIcon, Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import type { GroupRulesInput } from '../../../worker/contracts/group-rules';
import { severities, type Severity } from '../../../worker/contracts/alarm-kinds';
import { ConfirmDialog } from '~/components/confirm-dialog';
import { FormErrors, SubmitButton, TextField } from '~/components/form';
import { EmptyState } from '~/components/states';
import { Button } from '~/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card';
import { severityName } from '~/features/alarms/alarm-text';
import { send } from '~/lib/api';
import { toast } from '~/lib/toast';
import { useContractForm } from '~/lib/use-contract-form';
import { m } from '~/paraglide/messages';
import { groupRuleCalls, groupRuleQueries } from './queries';

type Setup = Awaited<ReturnType<typeof import('~/server/group-rules').fetchGroupRuleSetup>>;
type Member = { item_id: number; reading: string; level: number };
type Draft = { id?: number; name: string | null; k: number; severity: Severity; members: Member[] };

const memberKey = (m: { item_id: number; reading: string }) => `${m.item_id}|${m.reading}`;
const selectClass = 'h-8 rounded-md border bg-background px-2 text-sm';

/** `/group-rules`: rules across stations, firing when at least k of their stations stand at their warning level. */
export function GroupRulesPage() {
  const { data } = useSuspenseQuery(groupRuleQueries.setup());
  const [editing, setEditing] = useState<Draft | null>(null);
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: (id: number) => send(() => groupRuleCalls().then((c) => c.delete), { query: { id } }),
    onSuccess: async () => {
      toast.success(m.group_rules_deleted());
      await queryClient.invalidateQueries({ queryKey: ['group-rules'] });
    },
    onError: () => toast.error(m.group_rules_delete_failed()),
  });
  return (
    <div className="grid gap-4" data-testid="group-rules">
      {editing ? (
        <RuleEditor key={editing.id ?? 'new'} setup={data} initial={editing} onDone={() => setEditing(null)} />
      ) : (
        <div>
          <Button onClick={() => setEditing({ name: '', k: 1, severity: 'warning', members: [] })} disabled={!data.scales.length}>
            <PlusIcon />
            {m.group_rules_add()}
          </Button>
        </div>
      )}
      {!data.rules.length && !editing && <EmptyState title={m.group_rules_none()}>{m.group_rules_none_hint()}</EmptyState>}
      {data.rules.map((rule) => (
        <Card key={rule.id} data-testid="group-rule" className="min-w-0">
          <CardHeader>
            <div className="flex flex-wrap items-start justify-between gap-2">
              <CardTitle className="text-base">{rule.name ?? m.group_rules_unnamed({ id: rule.id })}</CardTitle>
              <div className="flex gap-1">
                <Button variant="ghost" size="sm" onClick={() => setEditing({ ...rule })}>
                  <PencilIcon />
                  {m.group_rules_edit()}
                </Button>
                <ConfirmDialog onConfirm={() => remove.mutate(rule.id)}>
                  <Button variant="ghost" size="sm" className="text-destructive">
                    <Trash2Icon />
                    {m.group_rules_delete()}
                  </Button>
                </ConfirmDialog>
              </div>
            </div>
            <CardDescription>
              {m.group_rules_summary({ k: rule.k, n: rule.n, counting: rule.counting })} · {severityName(rule.severity)}
              {rule.open_alarm_id !== null && ` · ${m.group_rules_firing()}`}
            </CardDescription>
          </CardHeader>
          <CardContent>
            <ul className="grid gap-1 text-sm">
              {rule.members.map((member) => (
                <li key={memberKey(member)} className="tabular-nums">
                  <span className={member.counts ? 'font-medium' : 'text-muted-foreground'}>
                    {member.station_name} ({member.unique_id}) {member.reading}
                  </span>{' '}
                  {m.group_rules_member_level({ level: member.level, current: member.current_level })}
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
      ))}
    </div>
  );
}

/** A rule's editor: name, k, severity and the members, each a station's reading with levels and the level it counts from. */
function RuleEditor({ setup, initial, onDone }: { setup: Setup; initial: Draft; onDone: () => void }) {
  const [draft, setDraft] = useState<Draft>(initial);
  const { errors, form, pending } = useContractForm({
    call: () => groupRuleCalls().then((c) => c.save),
    read: (data): GroupRulesInput => ({ ...draft, name: String(data.get('name') ?? '') || null }),
    toasts: { success: m.group_rules_saved, failure: 'errors' },
    invalidates: 'group-rules',
    onSuccess: onDone,
  });
  const chosen = new Map(draft.members.map((member) => [memberKey(member), member]));
  const setMember = (scale: Setup['scales'][number], level: number | null) =>
    setDraft((d) => {
      const others = d.members.filter((x) => memberKey(x) !== memberKey(scale));
      const kept = chosen.has(memberKey(scale));
      if (level === null) return { ...d, members: others };
      const member = { item_id: scale.item_id, reading: scale.reading, level };
      return { ...d, members: kept ? d.members.map((x) => (memberKey(x) === memberKey(scale) ? member : x)) : [...d.members, member] };
    });
  return (
    <Card className="min-w-0" data-testid="group-rule-editor">
      <CardHeader>
        <CardTitle className="text-base">{initial.id ? m.group_rules_edit() : m.group_rules_add()}</CardTitle>
        <CardDescription>{m.group_rules_hint()}</CardDescription>
      </CardHeader>
      <CardContent>
        <form method="post" noValidate {...form} className="grid gap-4">
          <FormErrors errors={errors} fields={['name', 'k']} />
          <div className="grid gap-3 sm:grid-cols-3">
            <TextField name="name" label={m.group_rules_name()} defaultValue={draft.name ?? ''} maxLength={100} errors={errors} />
            <TextField
              name="k"
              type="number"
              min={1}
              label={m.group_rules_k()}
              value={draft.k}
              onChange={(e) => setDraft((d) => ({ ...d, k: e.target.value === '' ? 0 : Number(e.target.value) }))}
              errors={errors}
            />
            <label className="grid gap-2 text-sm font-medium">
              {m.group_rules_severity()}
              <select
                className={selectClass}
                value={draft.severity}
                onChange={(e) => setDraft((d) => ({ ...d, severity: e.target.value as Severity }))}
              >
                {severities.map((s) => (
                  <option key={s} value={s}>
                    {severityName(s)}
                  </option>
                ))}
              </select>
            </label>
          </div>
          <fieldset className="grid min-w-0 gap-2">
            <legend className="mb-1 text-sm font-medium">{m.group_rules_members({ n: draft.members.length })}</legend>
            {setup.scales.map((scale) => {
              const member = chosen.get(memberKey(scale));
              const id = `member-${scale.item_id}-${scale.reading}`;
              return (
                <div key={memberKey(scale)} className="flex flex-wrap items-center gap-2 text-sm" data-testid="group-rule-member">
                  <input
                    id={id}
                    type="checkbox"
                    className="size-4 accent-primary"
                    checked={member !== undefined}
                    onChange={(e) => setMember(scale, e.target.checked ? 1 : null)}
                  />
                  <label htmlFor={id} className="min-w-0 break-all">
                    {scale.unique_id} {scale.reading}
                  </label>
                  {member && (
                    <select
                      aria-label={m.group_rules_level_of({ station: scale.unique_id, reading: scale.reading })}
                      className={selectClass}
                      value={member.level}
                      onChange={(e) => setMember(scale, Number(e.target.value))}
                    >
                      {Array.from({ length: scale.levels }, (_, i) => (
                        <option key={i} value={i + 1}>
                          {m.group_rules_from_level({ level: i + 1 })}
                        </option>
                      ))}
                    </select>
                  )}
                </div>
              );
            })}
          </fieldset>
          <div className="flex flex-wrap gap-2">
            <SubmitButton pending={pending}>{m.group_rules_save()}</SubmitButton>
            <Button type="button" variant="ghost" onClick={onDone}>
              {m.group_rules_cancel()}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
