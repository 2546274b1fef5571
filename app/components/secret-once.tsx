import { CopyIcon } from 'lucide-react';
import { Alert } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';
import { toast } from '~/lib/toast';
import { m } from '~/paraglide/messages';

/** A secret the server shows only once (only its hash, or only the server, keeps it): selected on focus, with a copy button. */
export function SecretOnce({
  id,
  label,
  value,
  note,
  copied,
  copyFailed,
}: {
  id: string;
  label: string;
  value: string;
  note: string;
  copied: () => string;
  copyFailed: () => string;
}) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      toast.success(copied());
    } catch {
      toast.warning(copyFailed());
    }
  };
  return (
    <Alert className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <div className="flex gap-2">
        <Input id={id} readOnly value={value} className="font-mono" onFocus={(e) => e.currentTarget.select()} />
        <Button type="button" variant="outline" onClick={() => void copy()}>
          <CopyIcon />
          {m.admin_token_copy()}
        </Button>
      </div>
      <p className="text-sm text-muted-foreground">{note}</p>
    </Alert>
  );
}
