import type { SubjectStatusValue } from '../../../worker/contracts/subjects';
import { m } from '~/paraglide/messages';

const labels: Record<SubjectStatusValue, () => string> = {
  pending: m.admin_status_pending,
  active: m.admin_status_active,
  rejected: m.admin_status_rejected,
  disabled: m.admin_status_disabled,
};

export const statusLabel = (status: SubjectStatusValue) => labels[status]();
