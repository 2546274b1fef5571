/**
 * The one place tests make what they need: subjects with a session, stations (with viewers, groups and an ingest
 * token), groups, links and importer tokens; and read the mail the Worker kept. Rows go straight into D1 (what
 * the API does with them is what the tests prove); a station token is issued through the real admin call.
 */
import { and, eq } from 'drizzle-orm';
import { IngestToken } from '../../worker/contracts/items';
import type { Source } from '../../shared/readings';
import { groupItems, groups, items, outbox, stationTokens, subjectGroups, subjectItems, subjects } from '../../worker/db/schema';
import { hashPassword } from '../../worker/domain/auth/password';
import { createSession } from '../../worker/domain/auth/sessions';
import { newImporterToken } from '../../worker/domain/telemetry/tokens';
import { db, post } from './api';

export interface TestSubject {
  id: number;
  username: string;
  password: string;
  /** A live session's token; empty for a subject that may not sign in. */
  token: string;
}

export type TestStation = typeof items.$inferSelect;
type Group = typeof groups.$inferSelect;
interface Ref {
  id: number;
}

// Tests hash with cheap parameters: the production cost is proven by its own test, not paid 200 times.
const cheap = { N: 2 ** 10, r: 8, p: 1 };
let counter = 0;
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${counter++}`;

/** An address no other test uses. */
export const uniqueEmail = (prefix = 'user') => `${prefix}.${Date.now().toString(36)}.${counter++}@example.com`;

let tokenIssuer: TestSubject | undefined;

/** A new file starts on empty tables (fresh-database.ts), where the issuer of earlier files no longer exists. */
export const forgetTokenIssuer = () => void (tokenIssuer = undefined);

export const make = {
  /** A subject with a session of its own (none unless active); sign-in itself is tested in site.test.ts. */
  async subject(
    options: { isAdmin?: boolean; status?: 'pending' | 'active' | 'rejected' | 'disabled'; password?: string } = {},
  ): Promise<TestSubject> {
    const username = uniqueEmail(options.isAdmin ? 'admin' : 'user');
    const password = options.password ?? 'correct horse';
    const [row] = await db()
      .insert(subjects)
      .values({
        username,
        firstName: 'Test',
        secondName: options.isAdmin ? 'Admin' : 'User',
        subject: 'Hladina tests',
        isAdmin: options.isAdmin ?? false,
        status: options.status ?? 'active',
        passwordHash: await hashPassword(password, cheap),
      })
      .returning();
    const token = options.status && options.status !== 'active' ? '' : (await createSession({ db: db() }, row.id)).token;
    return { id: row.id, username, password, token };
  },

  admin: () => make.subject({ isAdmin: true }),

  /**
   * A station (DANES in Prague unless said otherwise), seen directly by `viewers` and held by `groups`; with
   * `token`, its ingest token issued by the admin call.
   */
  async station<T extends boolean = false>(
    options: Partial<typeof items.$inferInsert> & { source?: Source; viewers?: Ref[]; groups?: Ref[]; token?: T } = {},
  ): Promise<TestStation & { token: T extends true ? string : undefined }> {
    const { source = 'DANES', viewers = [], groups: inGroups = [], token, ...overrides } = options;
    const uniqueId = overrides.uniqueId ?? unique(source);
    const [row] = await db()
      .insert(items)
      .values({ name: `Test ${uniqueId}`, uniqueId, nameForApi: source, timezone: 'Europe/Prague', ...overrides })
      .returning();
    for (const viewer of viewers) await make.link(viewer, row);
    for (const group of inGroups) await db().insert(groupItems).values({ groupId: group.id, itemId: row.id });
    return { ...row, token: (token ? await make.stationToken(row) : undefined) as T extends true ? string : undefined };
  },

  /** A group holding `stations`, with `members` among its subjects. */
  async group(options: { name?: string; stations?: Ref[]; members?: Ref[] } = {}): Promise<Group> {
    const [row] = await db()
      .insert(groups)
      .values({ name: options.name ?? unique('Group') })
      .returning();
    for (const station of options.stations ?? []) await db().insert(groupItems).values({ groupId: row.id, itemId: station.id });
    for (const member of options.members ?? []) await db().insert(subjectGroups).values({ subjectId: member.id, groupId: row.id });
    return row;
  },

  /** Lets a subject see a station directly. */
  link: (subject: Ref, station: Ref) => db().insert(subjectItems).values({ subjectId: subject.id, itemId: station.id }),

  /** Grants a subject the quality control right on a station, through a group of its own (as a direct link grants it). */
  async qualityControl(subject: Ref, station: Ref) {
    const group = await make.group({ stations: [station], members: [subject] });
    await db()
      .update(subjectGroups)
      .set({ quality: true })
      .where(and(eq(subjectGroups.subjectId, subject.id), eq(subjectGroups.groupId, group.id)));
  },

  /** A station's ingest token, issued (and the previous one revoked) through the real admin call. */
  async stationToken(station: Ref): Promise<string> {
    tokenIssuer ??= await make.admin();
    const res = await post('/rest/items/token', undefined, { token: tokenIssuer.token, query: { id: station.id }, reply: IngestToken });
    if (res.status !== 200) throw new Error(`token refused: ${res.text}`);
    return res.data.token;
  },

  /** An importer token (any station), stored as the create-importer-token script does. */
  async importerToken(): Promise<string> {
    const { token, row } = newImporterToken();
    await db()
      .insert(stationTokens)
      .values({ id: row.id, itemId: null, createdAt: new Date(row.created_at) });
    return token;
  },
};

export const mail = {
  /** Every mail to an address (console mail is kept in `outbox`), oldest first. */
  to: (address: string) => db().select().from(outbox).where(eq(outbox.to, address)).orderBy(outbox.id),

  /** The token of the newest reset link mailed to an address. */
  async resetToken(address: string) {
    const match = (await mail.to(address)).at(-1)?.body.match(/\/reset-password-request\/([a-z0-9]+)/);
    return match?.[1];
  },
};
