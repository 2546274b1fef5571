import { createServerFn } from '@tanstack/react-start';
import { approvalLevels } from '../../worker/domain/quality/approval-levels';
import { adminOnly } from './middleware';

/** The deployment's approval levels, lowest first, for the administrators' screen that edits them. */
export const fetchApprovalLevels = createServerFn({ method: 'GET' })
  .middleware([adminOnly])
  .handler(({ context: { ctx } }) => approvalLevels(ctx));
