import { ItemEditQuery } from '../../worker/contracts/items';
import { itemForEdit, listAllItems, listOwnItems } from '../../worker/domain/items/manage';
import { adminRead, signedInRead } from './middleware';

export const fetchOwnItems = signedInRead.handler(({ context }) => listOwnItems(context.ctx));

export const fetchAllItems = adminRead.handler(({ context }) => listAllItems(context.ctx));

export const fetchItemEdit = adminRead.validator(ItemEditQuery).handler(({ context, data }) => itemForEdit(context.ctx, data));
