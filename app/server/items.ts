import { createServerFn } from '@tanstack/react-start';
import { ItemEditQuery } from '../../worker/contracts/items';
import { itemForEdit, listAllItems, listOwnItems } from '../../worker/domain/items/manage';
import { adminOnly, signedIn } from './middleware';

export const fetchOwnItems = createServerFn({ method: 'GET' })
  .middleware([signedIn])
  .handler(({ context }) => listOwnItems(context.ctx));

export const fetchAllItems = createServerFn({ method: 'GET' })
  .middleware([adminOnly])
  .handler(({ context }) => listAllItems(context.ctx));

export const fetchItemEdit = createServerFn({ method: 'GET' })
  .middleware([adminOnly])
  .validator(ItemEditQuery)
  .handler(({ context, data }) => itemForEdit(context.ctx, data));
