import { useQuery } from '@tanstack/react-query';
import { BatteryLowIcon, PlusIcon } from 'lucide-react';
import { useState } from 'react';
import type { AlarmRule } from '../../../worker/contracts/alarms';
import type { RuleKind } from '../../../worker/contracts/alarm-kinds';
import type { ItemRow } from '../../../worker/contracts/items';
import { EmptyState, ErrorState } from '~/components/states';
import { Button } from '~/components/ui/button';
import { Skeleton } from '~/components/ui/skeleton';
import { useOpenAlarms } from '~/features/alarms/use-open-alarms';
import { m } from '~/paraglide/messages';
import { alarmRuleQueries } from './queries';
import { kindOptions } from './rule-fields';
import { RuleEditor } from './rule-editor';
import { RuleTable } from './rule-table';

/** What the editor is open for: a stored rule, or a new one of a kind. */
type Editing = { rule: AlarmRule } | { kind: RuleKind } | null;

/** The rules tab of a station: its rules with their open alarms, an editor with a preview, and delete. */
export function RulesPanel({ item }: { item: ItemRow }) {
  const query = useQuery(alarmRuleQueries.station(item.id));
  // The layout keeps every open alarm the subject may see; the station's are among them.
  const alarms = useOpenAlarms().byStation.get(item.unique_id) ?? [];
  const [editing, setEditing] = useState<Editing>(null);
  const rules = query.data ?? [];
  // A rule deleted while open in the editor closes it.
  const open = editing && 'rule' in editing && !rules.some((r) => r.id === editing.rule.id) ? null : editing;
  const hasPreset = kindOptions(item.name_for_api).includes('low_voltage');

  return (
    <div className="grid grid-cols-1 gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="max-w-prose text-sm text-muted-foreground">{m.alarm_rules_intro()}</p>
        <div className="flex flex-wrap gap-2">
          {hasPreset && (
            <Button variant="outline" onClick={() => setEditing({ kind: 'low_voltage' })}>
              <BatteryLowIcon />
              {m.alarm_rules_add_preset()}
            </Button>
          )}
          <Button onClick={() => setEditing({ kind: 'above' })}>
            <PlusIcon />
            {m.alarm_rules_add()}
          </Button>
        </div>
      </div>
      {open && (
        <RuleEditor
          // A new rule, another rule or the preset starts the form afresh.
          key={'rule' in open ? `rule-${open.rule.id}` : `new-${open.kind}`}
          item={item}
          rule={'rule' in open ? open.rule : null}
          initialKind={'rule' in open ? open.rule.kind : open.kind}
          onClose={() => setEditing(null)}
        />
      )}
      {query.isPending ? (
        <div className="grid gap-2" data-testid="rules-loading">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-10 w-full" />
          ))}
        </div>
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : rules.length === 0 ? (
        !open && <EmptyState title={m.alarm_rules_empty()}>{m.alarm_rules_empty_hint()}</EmptyState>
      ) : (
        <RuleTable item={item} rules={rules} alarms={alarms} onEdit={(rule) => setEditing({ rule })} />
      )}
    </div>
  );
}
