import { createServerFn } from '@tanstack/react-start';
import { ItemEditQuery } from '../../worker/contracts/items';
import { itemForEdit, listAllItems, listOwnItems } from '../../worker/domain/items/manage';
import { adminOnly, signedIn } from './middleware';

export const fetchOwnItems = createServerFn({ method: 'GET' })
  .middleware([signedIn])
  .handler(({ context: { db, subject } }) => listOwnItems(db, subject));

export const fetchAllItems = createServerFn({ method: 'GET' })
  .middleware([adminOnly])
  .handler(({ context: { db } }) => listAllItems(db));

export const fetchItemEdit = createServerFn({ method: 'GET' })
  .middleware([adminOnly])
  .validator(ItemEditQuery)
  .handler(({ context: { db }, data }) => itemForEdit(db, data.id));
