import type { ComponentProps } from 'react';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '~/components/ui/select';

/**
 * One choice among named options, as the alarm settings make them (a rule's kind, reading and severity; an e-mail
 * mode; what to override). The rest of the props go to the trigger: its id, label and size.
 */
export function OptionSelect<T extends string>({
  value,
  options,
  onChange,
  placeholder,
  ...trigger
}: { value?: T; options: { value: T; label: string }[]; onChange: (value: T) => void; placeholder?: string } & Omit<
  ComponentProps<typeof SelectTrigger>,
  'value' | 'onChange'
>) {
  return (
    <Select value={value} onValueChange={(v) => onChange(v as T)} disabled={trigger.disabled}>
      <SelectTrigger {...trigger}>
        <SelectValue placeholder={placeholder} />
      </SelectTrigger>
      <SelectContent>
        {options.map((o) => (
          <SelectItem key={o.value} value={o.value}>
            {o.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
