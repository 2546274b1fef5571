import { useEffect, useState } from 'react';
import type { ItemRow } from '../../../worker/contracts/items';
import { sources } from '../../../shared/readings';
import { TextField } from '~/components/form';
import { RecordForm, useRecordSaved } from '~/components/record-edit-screen';
import { Label } from '~/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '~/components/ui/select';
import { useContractForm } from '~/lib/use-contract-form';
import { m } from '~/paraglide/messages';

const fields = [
  'name',
  'serial_nr',
  'unique_id',
  'location_x',
  'location_y',
  'location_name',
  'location_group',
  'name_for_api',
  'timezone',
  'report_minutes',
];
const textFields = fields.filter((f) => f !== 'name_for_api');
const coordinates = [
  ['location_x', m.admin_item_latitude],
  ['location_y', m.admin_item_longitude],
] as const;

/** Basic information of a station; a new one goes back to the list of all items once saved. */
export function ItemForm({ item }: { item: ItemRow | null }) {
  const [source, setSource] = useState<string>(item?.name_for_api ?? 'DANES');
  // Offered while typing, once in the browser (the server's list may differ from the browser's, which would
  // upset hydration); the contract checks the name itself, so a browser without the list still works.
  const [timeZones, setTimeZones] = useState<string[]>([]);
  useEffect(() => setTimeZones(Intl.supportedValuesOf('timeZone')), []);
  const saving = useContractForm({
    call: () => import('../../../worker/contracts/items').then((c) => c.itemCalls.save),
    // An empty interval keeps the contract's default (10 minutes).
    read: (form) => ({
      ...Object.fromEntries(textFields.map((f) => [f, form.get(f)])),
      report_minutes: form.get('report_minutes') || undefined,
      id: item?.id,
      name_for_api: source,
    }),
    known: { 409: { field: 'unique_id', text: m.admin_item_unique_taken } },
    ...useRecordSaved({ resource: 'items', list: '/all-items', failed: m.admin_item_save_failed, isNew: !item }),
  });

  const { errors } = saving;
  return (
    <RecordForm {...saving} fields={fields} isNew={!item}>
      <TextField name="name" label={m.admin_item_name()} defaultValue={item?.name} errors={errors} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField name="unique_id" label={m.admin_item_unique_id()} defaultValue={item?.unique_id} errors={errors} />
        <TextField name="serial_nr" label={m.admin_item_serial()} defaultValue={item?.serial_nr ?? ''} errors={errors} />
        <div className="grid gap-2">
          <Label htmlFor="field-name_for_api">{m.admin_item_source()}</Label>
          <Select value={source} onValueChange={setSource}>
            <SelectTrigger id="field-name_for_api">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {sources.map((s) => (
                <SelectItem key={s} value={s}>
                  {s}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <TextField
          name="timezone"
          label={m.admin_item_timezone()}
          defaultValue={item?.timezone ?? 'Europe/Prague'}
          list="time-zones"
          errors={errors}
        />
        <datalist id="time-zones">
          {timeZones.map((tz) => (
            <option key={tz} value={tz} />
          ))}
        </datalist>
        <TextField
          name="report_minutes"
          type="number"
          min={1}
          max={1440}
          inputMode="numeric"
          label={m.admin_item_report_minutes()}
          hint={m.admin_item_report_minutes_hint()}
          defaultValue={item?.report_minutes ?? 10}
          errors={errors}
        />
        <TextField name="location_name" label={m.admin_item_location_name()} defaultValue={item?.location_name ?? ''} errors={errors} />
        <TextField name="location_group" label={m.admin_item_location_group()} defaultValue={item?.location_group ?? ''} errors={errors} />
        {coordinates.map(([name, label]) => (
          <TextField
            key={name}
            name={name}
            type="number"
            step="any"
            inputMode="decimal"
            label={label()}
            defaultValue={item?.[name] ?? ''}
            errors={errors}
          />
        ))}
      </div>
    </RecordForm>
  );
}
