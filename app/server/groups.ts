import { createServerFn } from '@tanstack/react-start';
import { GroupEditQuery } from '../../worker/contracts/groups';
import { groupForEdit, listGroups } from '../../worker/domain/groups/manage';
import { adminOnly } from './middleware';

export const fetchGroups = createServerFn({ method: 'GET' })
  .middleware([adminOnly])
  .handler(({ context }) => listGroups(context.ctx));

export const fetchGroupEdit = createServerFn({ method: 'GET' })
  .middleware([adminOnly])
  .validator(GroupEditQuery)
  .handler(({ context, data }) => groupForEdit(context.ctx, data));
