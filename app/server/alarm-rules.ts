import { createServerFn } from '@tanstack/react-start';
import { idQuery } from '../../worker/contracts/validation';
import { listRules } from '../../worker/domain/alarms/rules';
import { adminOnly } from './middleware';

/** A station's rules for its rules tab (their open alarms come from the layout's query). */
export const fetchRulesTab = createServerFn({ method: 'GET' })
  .middleware([adminOnly])
  .validator(idQuery)
  .handler(({ context: { ctx }, data }) => listRules(ctx, { itemId: data.id }));
