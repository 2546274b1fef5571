import { Link } from '@tanstack/react-router';
import { PencilIcon, PlusIcon } from 'lucide-react';
import { Button } from '~/components/ui/button';
import { m } from '~/paraglide/messages';

/** The "Add new …" button of a list screen, leading to the empty edit screen. */
export function AddLink({
  to,
  label,
}: {
  to: '/edit-item' | '/edit-group' | '/edit-subject' | '/edit-webhook' | '/edit-share-link';
  label: string;
}) {
  return (
    <Button asChild>
      <Link to={to}>
        <PlusIcon />
        {label}
      </Link>
    </Button>
  );
}

/** The Edit action of a table row; its accessible name says which record it edits. */
export function EditLink({
  to,
  id,
  name,
}: {
  to: '/edit-item/$id' | '/edit-group/$id' | '/edit-subject/$id' | '/edit-webhook/$id' | '/edit-share-link/$id';
  id: number;
  name: string;
}) {
  return (
    <Button asChild variant="outline" size="sm" className="max-sm:px-2">
      <Link to={to} params={{ id }} aria-label={m.admin_edit_named({ name })}>
        <PencilIcon />
        {/* On a phone the icon alone keeps the row's actions in view; the accessible name says it all. */}
        <span className="max-sm:sr-only">{m.admin_action_edit()}</span>
      </Link>
    </Button>
  );
}
