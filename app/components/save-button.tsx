import { SubmitButton } from '~/components/form';
import { Button } from '~/components/ui/button';
import { m } from '~/paraglide/messages';

/** The save button of the edit forms and link tabs; it says so while the request runs. */
export function SaveButton({ pending, onClick }: { pending: boolean; onClick?: () => void }) {
  const label = pending ? m.action_working() : m.admin_save();
  return (
    <div>
      {onClick ? (
        <Button type="button" disabled={pending} onClick={onClick}>
          {label}
        </Button>
      ) : (
        <SubmitButton pending={pending}>{label}</SubmitButton>
      )}
    </div>
  );
}
