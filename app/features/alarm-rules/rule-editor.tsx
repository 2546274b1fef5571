import { useMutation } from '@tanstack/react-query';
import { EyeIcon } from 'lucide-react';
import { useEffect, useRef, useState, type ComponentProps } from 'react';
import type { AlarmRule, AlarmRuleSpec } from '../../../worker/contracts/alarms';
import { lowVoltageDefault, lowVoltageReading, severities, type RuleKind, type Severity } from '../../../worker/contracts/alarm-kinds';
import type { ItemRow } from '../../../worker/contracts/items';
import { Field, FormErrors, TextField } from '~/components/form';
import { SaveButton } from '~/components/save-button';
import { Button } from '~/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '~/components/ui/card';
import { Label } from '~/components/ui/label';
import { Switch } from '~/components/ui/switch';
import { send } from '~/lib/api';
import { useContractForm } from '~/lib/use-contract-form';
import { m } from '~/paraglide/messages';
import { ruleCalls } from './queries';
import { kindFields, kindLabels, kindOptions, readRule, sourceReadings } from './rule-fields';
import { RulePreviewPanel } from './rule-preview';
import { severityName } from '~/features/alarms/alarm-text';
import { OptionSelect } from '~/features/alarms/option-select';

const fieldNames = [
  'name',
  'kind',
  'reading',
  'threshold',
  'deadband',
  'window_minutes',
  'silence_minutes',
  'hold_minutes',
  'severity',
  'on_suspect',
];

/** A number input: decimals for levels and rates, whole minutes for times. */
function NumberField({ decimal = false, ...props }: ComponentProps<typeof TextField> & { decimal?: boolean }) {
  return <TextField type="number" step={decimal ? 'any' : undefined} inputMode={decimal ? 'decimal' : 'numeric'} {...props} />;
}

/** A timing input: the kinds that show it, and what a new rule starts with. */
interface MinuteField {
  shown: 'window' | 'lead' | 'silence' | 'hold';
  name: string;
  min: number;
  placeholder?: string;
  label: () => string;
  hint: () => string;
  initial: (rule: AlarmRule | null) => number | '';
}

const minuteFields: MinuteField[] = [
  {
    shown: 'window',
    name: 'window_minutes',
    min: 5,
    label: m.alarm_rules_window,
    hint: m.alarm_rules_window_hint,
    initial: (rule) => rule?.window_minutes ?? 60,
  },
  {
    shown: 'lead',
    name: 'window_minutes',
    min: 5,
    label: m.alarm_rules_lead,
    hint: m.alarm_rules_lead_hint,
    initial: (rule) => rule?.window_minutes ?? 180,
  },
  {
    shown: 'silence',
    name: 'silence_minutes',
    min: 10,
    label: m.alarm_rules_silence,
    hint: m.alarm_rules_silence_hint,
    initial: (rule) => rule?.silence_minutes ?? 60,
  },
  {
    shown: 'hold',
    name: 'hold_minutes',
    min: 0,
    placeholder: '0',
    label: m.alarm_rules_hold,
    hint: m.alarm_rules_hold_hint,
    initial: (rule) => rule?.hold_minutes || '',
  },
];

/** A labelled choice of the form (kind, reading, severity), held in state rather than in the form's fields. */
function Choice<T extends string>({
  name,
  label,
  errors,
  ...select
}: { name: string; label: string; errors: Record<string, string[]> } & ComponentProps<typeof OptionSelect<T>>) {
  return <Field name={name} label={label} errors={errors} control={(control) => <OptionSelect {...select} {...control} />} />;
}

/**
 * Creates or edits a rule: the inputs its kind needs, saved through the contract form; "Preview" sends the draft
 * (saved or not) to the preview call and draws it on the station's last 30 days.
 */
export function RuleEditor({
  item,
  rule,
  initialKind,
  onClose,
}: {
  item: ItemRow;
  rule: AlarmRule | null;
  initialKind: RuleKind;
  onClose: () => void;
}) {
  const readings = sourceReadings(item.name_for_api);
  const [kind, setKind] = useState<RuleKind>(initialKind);
  const [reading, setReading] = useState(rule?.reading ?? readings[0].code);
  const [severity, setSeverity] = useState<Severity>(rule?.severity ?? 'warning');
  const [onSuspect, setOnSuspect] = useState(rule?.on_suspect ?? true);
  const [stale, setStale] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const fields = kindFields(kind);
  const shownReading = readings.find((r) => r.code === (fields.reading === 'power' ? lowVoltageReading : reading));
  const unit = shownReading?.unit ?? '';

  const { errors, form, pending, check } = useContractForm({
    call: () => ruleCalls().then((c) => c.save),
    read: (data) => readRule(data, { id: rule?.id, item_id: item.id, kind, reading, severity, on_suspect: onSuspect }),
    toasts: { success: m.admin_toast_saved, failure: m.alarm_rules_save_failed },
    invalidates: 'alarms',
    onSuccess: onClose,
  });
  const preview = useMutation({
    mutationFn: (values: AlarmRuleSpec) => send(() => ruleCalls().then((c) => c.preview), { query: {}, body: values }),
  });
  const runPreview = async () => {
    const values = formRef.current && (await check(formRef.current));
    if (!values) return;
    setStale(false);
    preview.mutate(values);
  };
  const changed = () => {
    if (preview.data) setStale(true);
  };
  const choose =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      changed();
    };
  // Opened from a row further down (or on a phone), the editor comes into view.
  useEffect(() => {
    formRef.current?.scrollIntoView({ block: 'nearest' });
  }, []);

  return (
    <Card className="min-w-0" data-testid="rule-editor">
      <CardHeader>
        <CardTitle className="text-base">
          {rule ? m.alarm_rules_edit_title({ name: rule.name ?? kindLabels[rule.kind]() }) : m.alarm_rules_new_title()}
        </CardTitle>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-6">
        <form ref={formRef} method="post" noValidate {...form} onChange={changed} className="grid gap-4">
          <FormErrors errors={errors} fields={fieldNames} />
          <div className="grid gap-4 sm:grid-cols-2">
            <Choice
              name="kind"
              label={m.alarm_rules_kind()}
              value={kind}
              options={kindOptions(item.name_for_api).map((k) => ({ value: k, label: kindLabels[k]() }))}
              onChange={choose(setKind)}
              errors={errors}
            />
            <TextField
              name="name"
              label={m.alarm_rules_name()}
              hint={m.alarm_rules_name_hint()}
              defaultValue={rule?.name ?? ''}
              maxLength={100}
              errors={errors}
            />
            {fields.reading && (
              <Choice
                name="reading"
                label={m.alarm_rules_col_reading()}
                value={fields.reading === 'power' ? lowVoltageReading : reading}
                options={readings.map((r) => ({ value: r.code, label: `${r.name} (${r.code})` }))}
                onChange={choose(setReading)}
                errors={errors}
                disabled={fields.reading === 'power'}
              />
            )}
            {fields.threshold === 'warning' && (
              <NumberField
                key={`threshold-${kind}`}
                name="threshold"
                min={1}
                label={m.alarm_rules_warning_level()}
                hint={m.alarm_rules_warning_level_hint()}
                defaultValue={rule?.kind === kind ? (rule.threshold ?? '') : 1}
                errors={errors}
              />
            )}
            {(fields.threshold === 'level' || fields.threshold === 'rate') && (
              <NumberField
                key={`threshold-${kind}`}
                decimal
                name="threshold"
                label={
                  fields.threshold === 'rate'
                    ? m.alarm_rules_rate({ unit: m.alarm_rules_per_hour({ unit }) })
                    : m.alarm_rules_threshold({ unit })
                }
                hint={fields.threshold === 'rate' ? m.alarm_rules_rate_hint() : undefined}
                defaultValue={rule?.kind === kind ? (rule.threshold ?? '') : kind === 'low_voltage' ? lowVoltageDefault : ''}
                errors={errors}
              />
            )}
            {fields.deadband && (
              <NumberField
                decimal
                name="deadband"
                min={0}
                placeholder="0"
                label={m.alarm_rules_deadband({ unit: fields.threshold === 'rate' ? m.alarm_rules_per_hour({ unit }) : unit })}
                hint={m.alarm_rules_deadband_hint()}
                defaultValue={rule?.deadband || ''}
                errors={errors}
              />
            )}
            {minuteFields.map(
              ({ shown, label, hint, initial, ...field }) =>
                fields[shown] && (
                  <NumberField key={shown} {...field} label={label()} hint={hint()} defaultValue={initial(rule)} errors={errors} />
                ),
            )}
            <Choice
              name="severity"
              label={m.alarm_rules_severity()}
              value={severity}
              options={severities.map((s) => ({ value: s, label: severityName(s) }))}
              onChange={choose(setSeverity)}
              errors={errors}
            />
            {fields.suspect && (
              <div className="grid content-start gap-2">
                <div className="flex items-center gap-3">
                  <Switch
                    id="field-on_suspect"
                    checked={onSuspect}
                    onCheckedChange={choose(setOnSuspect)}
                    aria-describedby="field-on_suspect-hint"
                  />
                  <Label htmlFor="field-on_suspect">{m.alarm_rules_on_suspect()}</Label>
                </div>
                <p id="field-on_suspect-hint" className="text-xs text-muted-foreground">
                  {m.alarm_rules_on_suspect_hint()}
                </p>
              </div>
            )}
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <SaveButton pending={pending} />
            <Button type="button" variant="outline" onClick={() => void runPreview()} disabled={preview.isPending}>
              <EyeIcon />
              {m.alarm_rules_preview()}
            </Button>
            <Button type="button" variant="ghost" onClick={onClose}>
              {m.action_cancel()}
            </Button>
          </div>
        </form>
        <RulePreviewPanel preview={preview} stale={stale} readings={readings} timeZone={item.timezone} />
      </CardContent>
    </Card>
  );
}
