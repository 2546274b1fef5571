import { eq } from 'drizzle-orm';
import type { Db } from './client';
import { outbox } from './schema';

/** Keeps a mail in `outbox` and returns its id. */
export const keepMail = async (db: Db, mail: { to: string; subject: string; body: string }) =>
  (
    await db
      .insert(outbox)
      .values({ ...mail, createdAt: new Date() })
      .returning({ id: outbox.id })
  )[0].id;

export const markMailSent = (db: Db, id: number) => db.update(outbox).set({ sentAt: new Date() }).where(eq(outbox.id, id));
