import { Label } from '~/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '~/components/ui/select';

const all = 'all';

/** A labelled choice of "all" or one option, narrowing a list. */
export function FilterSelect<T extends string | number>({
  id,
  label,
  allLabel,
  value,
  options,
  onChange,
  className,
}: {
  id: string;
  label: string;
  allLabel: string;
  value: T | undefined;
  options: readonly { value: T; label: string }[];
  onChange: (value: T | undefined) => void;
  className?: string;
}) {
  const chosen = options.find((o) => o.value === value);
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Select
        value={chosen ? String(chosen.value) : all}
        onValueChange={(v) => onChange(options.find((o) => String(o.value) === v)?.value)}
      >
        <SelectTrigger id={id} className={className}>
          {/* Named here too, so the server's HTML shows the choice before the options exist. */}
          <SelectValue>{chosen?.label ?? allLabel}</SelectValue>
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={all}>{allLabel}</SelectItem>
          {options.map((o) => (
            <SelectItem key={o.value} value={String(o.value)}>
              {o.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}
