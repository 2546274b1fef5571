import type { CurrentUser } from '../../contracts/subjects';
import type { Db } from '../../db/client';
import type { Subject } from '../../db/schema';
import { visibleItemCount } from './manage';
import { toSessionUser } from './records';

/** The signed-in subject as its dashboard greets it: its details and how many stations it sees. */
export const currentUser = async (db: Db, subject: Subject): Promise<CurrentUser> => ({
  ...toSessionUser(subject),
  nItems: await visibleItemCount(db, subject),
});
