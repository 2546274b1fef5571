import { Button } from '~/components/ui/button';
import { m } from '~/paraglide/messages';

/** The save button of the edit forms and link tabs; it says so while the request runs. */
export function SaveButton({ pending, onClick }: { pending: boolean; onClick?: () => void }) {
  return (
    <div>
      <Button type={onClick ? 'button' : 'submit'} disabled={pending} onClick={onClick}>
        {pending ? m.action_working() : m.admin_save()}
      </Button>
    </div>
  );
}
