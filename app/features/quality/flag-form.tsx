import { useQueryClient } from '@tanstack/react-query';
import { XIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { FlagOutcome, QualityFlag } from '../../../worker/contracts/quality';
import { Field, FormErrors, SubmitButton } from '~/components/form';
import { TextAreaField } from '~/components/text-area-field';
import { Button } from '~/components/ui/button';
import { Input } from '~/components/ui/input';
import { OptionSelect } from '~/features/alarms/option-select';
import { toast } from '~/lib/toast';
import { useContractForm } from '~/lib/use-contract-form';
import { m } from '~/paraglide/messages';
import { instantOf } from '~/features/charts/series';
import { qualityCalls } from './queries';

export const flagNames: Record<QualityFlag, () => string> = {
  good: m.quality_flag_good,
  suspect: m.quality_flag_suspect,
  rejected: m.quality_flag_rejected,
};

/** The inputs' texts: what a drag on the chart chose, or what the user typed. */
export interface RangeText {
  from: string;
  to: string;
}

/**
 * Marks one reading of a station over a range (from–to on the station's wall clock, both minutes included) as
 * suspect, rejected or good again, with a required note; the chart above can fill the range by a drag. Raw values
 * never change: the station's audit log keeps who did it, when and why.
 */
export function FlagForm({
  itemId,
  reading,
  readingName,
  timeZone,
  range,
  onRangeChange,
  onClose,
}: {
  itemId: number;
  reading: string;
  readingName: string;
  timeZone: string;
  range: RangeText;
  onRangeChange: (range: RangeText) => void;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const [flag, setFlag] = useState<QualityFlag>('rejected');
  const first = useRef<HTMLInputElement>(null);
  useEffect(() => first.current?.focus(), []);
  const { errors, form, pending } = useContractForm({
    call: () => qualityCalls().then((c) => c.flag),
    query: { id: itemId },
    read: (data) => ({
      reading,
      from: instantOf(range.from, timeZone),
      to: instantOf(range.to, timeZone, true),
      flag,
      note: String(data.get('note') ?? ''),
    }),
    toasts: { failure: 'errors' },
    onSuccess: async (outcome: FlagOutcome) => {
      const count = outcome.changed.reduce((n, c) => n + c.count, 0);
      toast.success(m.quality_flag_done({ count, flag: flagNames[outcome.flag]() }));
      await queryClient.invalidateQueries({ queryKey: ['chart'] });
      await queryClient.invalidateQueries({ queryKey: ['quality'] });
      onClose();
    },
  });
  const time = (name: 'from' | 'to', label: string) => (
    <Field
      name={name}
      label={label}
      errors={errors}
      control={(control) => (
        <Input
          {...control}
          ref={name === 'from' ? first : undefined}
          type="datetime-local"
          value={range[name]}
          onChange={(e) => onRangeChange({ ...range, [name]: e.target.value })}
          required
        />
      )}
    />
  );
  return (
    <form
      method="post"
      noValidate
      {...form}
      onKeyDown={(e) => e.key === 'Escape' && onClose()}
      className="grid gap-3 rounded-lg border bg-muted/30 p-3"
      data-testid="flag-form"
      aria-label={m.quality_mark_title({ reading: readingName })}
    >
      <div className="flex items-start justify-between gap-2">
        <p className="text-sm text-muted-foreground">{m.quality_mark_hint()}</p>
        <Button type="button" variant="ghost" size="icon" className="size-7 shrink-0" onClick={onClose} aria-label={m.action_close()}>
          <XIcon />
        </Button>
      </div>
      <FormErrors errors={errors} fields={['from', 'to', 'flag', 'note']} />
      <div className="grid gap-3 sm:grid-cols-2">
        {time('from', m.quality_from())}
        {time('to', m.quality_to())}
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field
          name="flag"
          label={m.quality_flag()}
          errors={errors}
          control={(control) => (
            <OptionSelect<QualityFlag>
              {...control}
              value={flag}
              onChange={setFlag}
              options={(['rejected', 'suspect', 'good'] as const).map((f) => ({ value: f, label: flagNames[f]() }))}
            />
          )}
        />
      </div>
      <TextAreaField name="note" label={m.quality_note()} hint={m.quality_note_hint()} rows={2} maxLength={500} required errors={errors} />
      <div className="flex flex-wrap gap-2">
        <SubmitButton pending={pending}>{pending ? m.action_working() : m.quality_mark_save()}</SubmitButton>
        <Button type="button" variant="ghost" onClick={onClose}>
          {m.action_cancel()}
        </Button>
      </div>
    </form>
  );
}
