import { GroupEditQuery } from '../../worker/contracts/groups';
import { groupForEdit, listGroups } from '../../worker/domain/groups/manage';
import { adminRead } from './middleware';

export const fetchGroups = adminRead.handler(({ context }) => listGroups(context.ctx));

export const fetchGroupEdit = adminRead.validator(GroupEditQuery).handler(({ context, data }) => groupForEdit(context.ctx, data));
