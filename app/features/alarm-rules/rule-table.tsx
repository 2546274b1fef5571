import { PencilIcon } from 'lucide-react';
import type { Alarm, AlarmRule } from '../../../worker/contracts/alarms';
import type { ItemRow } from '../../../worker/contracts/items';
import { DeleteAction } from '~/components/delete-action';
import { send } from '~/lib/api';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '~/components/ui/table';
import { m } from '~/paraglide/messages';
import { ruleCalls } from './queries';
import { describeRule, kindLabels, sourceReadings } from './rule-fields';
import { SeverityBadge } from '~/features/alarms/severity-badge';

/** A station's rules, one row each: what it watches, when it fires and clears, its severity, and its open alarm. */
export function RuleTable({
  item,
  rules,
  alarms,
  onEdit,
}: {
  item: ItemRow;
  rules: AlarmRule[];
  alarms: Alarm[];
  onEdit: (rule: AlarmRule) => void;
}) {
  const readings = sourceReadings(item.name_for_api);
  const alarmOf = new Map(alarms.map((a) => [a.rule_id, a.state]));
  return (
    <div className="rounded-xl border bg-card">
      <Table aria-label={m.alarm_rules_table()}>
        <TableHeader>
          <TableRow>
            <TableHead>{m.alarm_rules_col_rule()}</TableHead>
            <TableHead>{m.alarm_rules_col_reading()}</TableHead>
            <TableHead>{m.alarm_rules_col_condition()}</TableHead>
            <TableHead>{m.alarm_rules_col_clears()}</TableHead>
            <TableHead>{m.alarm_rules_col_timing()}</TableHead>
            <TableHead>{m.alarm_rules_col_severity()}</TableHead>
            <TableHead>{m.alarm_rules_col_alarm()}</TableHead>
            <TableHead>{m.admin_actions()}</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rules.map((rule) => {
            const reading = readings.find((r) => r.code === rule.reading);
            const text = describeRule(rule, reading);
            const label = rule.name ?? kindLabels[rule.kind]();
            const alarm = alarmOf.get(rule.id);
            return (
              <TableRow key={rule.id} data-rule={rule.id}>
                <TableCell>
                  <div className="font-medium">{label}</div>
                  {rule.name && <div className="text-xs text-muted-foreground">{kindLabels[rule.kind]()}</div>}
                </TableCell>
                <TableCell>
                  {reading ? (
                    <>
                      <div>{reading.name}</div>
                      <div className="text-xs text-muted-foreground">
                        {reading.code} · {reading.unit}
                      </div>
                    </>
                  ) : (
                    <span className="text-muted-foreground">{rule.reading ?? m.alarm_rules_any_reading()}</span>
                  )}
                </TableCell>
                <TableCell className="whitespace-nowrap">{text.condition}</TableCell>
                <TableCell>
                  <div className="whitespace-nowrap">{text.clears}</div>
                  {text.deadband && <div className="text-xs whitespace-nowrap text-muted-foreground">{text.deadband}</div>}
                </TableCell>
                <TableCell className="whitespace-nowrap text-muted-foreground">{text.timing || '—'}</TableCell>
                <TableCell>
                  <SeverityBadge severity={rule.severity} />
                </TableCell>
                <TableCell>
                  {alarm ? (
                    <Badge variant={alarm === 'active' ? 'destructive' : 'secondary'}>
                      {alarm === 'active' ? m.alarm_rules_alarm_active() : m.alarm_rules_alarm_acknowledged()}
                    </Badge>
                  ) : (
                    <span className="text-muted-foreground">{m.alarm_rules_alarm_none()}</span>
                  )}
                </TableCell>
                <TableCell>
                  <div className="flex gap-2">
                    <Button variant="outline" size="sm" onClick={() => onEdit(rule)} aria-label={m.admin_edit_named({ name: label })}>
                      <PencilIcon />
                      {m.admin_action_edit()}
                    </Button>
                    <DeleteAction
                      remove={() => send(() => ruleCalls().then((c) => c.delete), { query: { id: rule.id } })}
                      resource="alarms"
                      name={label}
                    />
                  </div>
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </div>
  );
}
