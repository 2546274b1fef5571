import { ItemEditQuery } from '../../worker/contracts/items';
import { idQuery } from '../../worker/contracts/validation';
import { lineFieldsOf } from '../../worker/domain/items/line-fields';
import { itemForEdit, listAllItems, listOwnItems } from '../../worker/domain/items/manage';
import { adminRead, signedInRead } from './middleware';

export const fetchOwnItems = signedInRead.handler(({ context }) => listOwnItems(context.ctx));

export const fetchAllItems = adminRead.handler(({ context }) => listAllItems(context.ctx));

export const fetchItemEdit = adminRead.validator(ItemEditQuery).handler(({ context, data }) => itemForEdit(context.ctx, data));

/** How a station's line protocol fields name its reading codes (the station's Line protocol tab). */
export const fetchLineFields = adminRead.validator(idQuery).handler(({ context, data }) => lineFieldsOf(context.ctx, data));
