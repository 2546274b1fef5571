import { redirect } from '@tanstack/react-router';
import type { SessionUser } from '../../../worker/contracts/site';

/** Administrator screens send everyone else to their dashboard (the API refuses them anyway). */
export function requireAdmin({ context }: { context: { user: SessionUser } }) {
  if (!context.user.isAdmin) throw redirect({ to: '/dashboard' });
}
