import { encodeBase32LowerCaseNoPadding } from '@oslojs/encoding';
import type { z } from 'zod';
import { derivedReadingsOf, readingsOf } from '../../../shared/readings';
import type { SavedShareLink, ShareLink, ShareLinkEdit, ShareLinks } from '../../contracts/share-links';
import type { SubjectCtx } from '../../context';
import type { Subject } from '../../db/schema';
import {
  findShareLink,
  insertShareLink,
  revokeShareLinkRow,
  selectLinkStations,
  selectShareableStations,
  selectShareLinks,
  updateShareLink,
  type ShareLinkFields,
  type ShareLinkRow,
} from '../../db/share-links';
import { shareLinkOf } from '../../share/directory';
import { hashToken } from '../auth/tokens';
import { invalid, notFound } from '../errors';
import { getSubject } from '../subjects/records';
import { stateOf } from './definition';

type Input = z.output<typeof ShareLinks>;
type LinkStations = Awaited<ReturnType<typeof selectLinkStations>>;

/** The secret part of a link's address: 256 random bits, base32 so it survives any URL. Only its hash is kept. */
function newSecret() {
  const bytes = new Uint8Array(32);
  crypto.getRandomValues(bytes);
  return encodeBase32LowerCaseNoPadding(bytes);
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

function toShareLink({ link, ownerName }: { link: ShareLinkRow; ownerName: string }, stations: LinkStations): ShareLink {
  return {
    id: link.id,
    title: link.title,
    owner: { id: link.ownerId, name: ownerName },
    stations: stations
      .filter((s) => s.linkId === link.id)
      .map((s) => ({ id: s.id, name: s.name, unique_id: s.uniqueId, readings: JSON.parse(s.readings) as string[] })),
    window_days: link.windowDays,
    window_from: link.windowFrom,
    window_to: link.windowTo,
    exact_location: link.exactLocation,
    frame_origins: JSON.parse(link.frameOrigins) as string[],
    expires_at: iso(link.expiresAt),
    revoked_at: iso(link.revokedAt),
    created_at: iso(link.createdAt)!,
    updated_at: iso(link.updatedAt)!,
    last_viewed_at: iso(link.lastViewedAt),
    views: link.views,
    // The owner's standing is the object's to judge; the list shows what the link itself says.
    state: stateOf({ ...link, ownerActive: true }),
  };
}

/** Links with their stations (one query for all of them). */
async function withStations(ctx: SubjectCtx, rows: { link: ShareLinkRow; ownerName: string }[]) {
  const stations = rows.length
    ? await selectLinkStations(
        ctx.db,
        rows.map((r) => r.link.id),
      )
    : [];
  return rows.map((row) => toShareLink(row, stations));
}

/** An administrator's every link, anyone else's own, newest first. */
export async function listShareLinks(ctx: SubjectCtx): Promise<ShareLink[]> {
  return withStations(ctx, await selectShareLinks(ctx.db, ctx.subject.isAdmin ? undefined : ctx.subject.id));
}

/** A link the subject may manage (its own; any for an administrator). Another's link is not found, as if it did not exist. */
async function manageable(ctx: SubjectCtx, id: number) {
  const row = await findShareLink(ctx.db, id);
  if (!row || (!ctx.subject.isAdmin && row.link.ownerId !== ctx.subject.id)) throw notFound('Share link');
  return row;
}

/** The stations a subject may share: those it may see, with every reading of their source and its derived codes. */
const shareable = async (ctx: SubjectCtx, subject: Subject) =>
  (await selectShareableStations(ctx.db, subject)).map((s) => ({
    id: s.id,
    name: s.name,
    unique_id: s.uniqueId,
    name_for_api: s.source,
    readings: [...readingsOf(s.source), ...derivedReadingsOf(s.source)].map((r) => r.code),
  }));

/** The editor's data: the link (none for a new one) and the stations its owner may share. */
export async function shareLinkForEdit(ctx: SubjectCtx, { id }: { id?: number }): Promise<ShareLinkEdit> {
  const row = id === undefined ? undefined : await manageable(ctx, id);
  const owner = row && row.link.ownerId !== ctx.subject.id ? await getSubject(ctx, row.link.ownerId) : ctx.subject;
  const [link] = row ? await withStations(ctx, [row]) : [null];
  return { link, stations: await shareable(ctx, owner) };
}

/** Each station must be one the owner may see, and each reading one its source has. */
async function checkStations(ctx: SubjectCtx, owner: Subject, stations: Input['stations']) {
  const allowed = new Map((await shareable(ctx, owner)).map((s) => [s.id, s]));
  const errors: string[] = [];
  for (const { id, readings } of stations) {
    const station = allowed.get(id);
    if (!station) errors.push(`Station ${id} cannot be shared: it does not exist or its owner may not see it.`);
    else for (const code of readings) if (!station.readings.includes(code)) errors.push(`${station.name} has no reading ${code}.`);
  }
  if (errors.length) throw invalid({ stations: errors });
}

const fieldsOf = (input: Input): ShareLinkFields => ({
  title: input.title,
  windowDays: input.window_days ?? null,
  windowFrom: input.window_days ? null : input.window_from!,
  windowTo: input.window_days ? null : input.window_to!,
  exactLocation: input.exact_location,
  frameOrigins: JSON.stringify([...new Set(input.frame_origins)]),
  expiresAt: input.expires_at ? Date.parse(input.expires_at) : null,
});

/**
 * Creates a link (returning its secret, once) or changes one; its object learns of the change at once, so open
 * pages, embeds and live channels follow without waiting for any cache.
 */
export async function saveShareLink(ctx: SubjectCtx, input: Input): Promise<SavedShareLink> {
  const now = Date.now();
  const existing = input.id === undefined ? undefined : await manageable(ctx, input.id);
  if (input.expires_at && Date.parse(input.expires_at) <= now && !existing)
    throw invalid({ expires_at: ['A new link must expire in the future.'] });
  const owner = existing && existing.link.ownerId !== ctx.subject.id ? await getSubject(ctx, existing.link.ownerId) : ctx.subject;
  await checkStations(ctx, owner, input.stations);
  if (existing) {
    await updateShareLink(ctx.db, existing.link.id, fieldsOf(input), input.stations, now);
    await shareLinkOf(ctx.env, existing.link.secretHash).refresh(existing.link.secretHash);
    const [saved] = await withStations(ctx, [(await findShareLink(ctx.db, existing.link.id))!]);
    return saved;
  }
  const secret = newSecret();
  const id = await insertShareLink(ctx.db, { ...fieldsOf(input), secretHash: hashToken(secret), ownerId: owner.id, now }, input.stations);
  const [saved] = await withStations(ctx, [(await findShareLink(ctx.db, id))!]);
  return { ...saved, secret, path: `/s/${secret}` };
}

/** Revokes a link for good: from this moment its pages, embeds and live channel answer 410. */
export async function revokeShareLink(ctx: SubjectCtx, { id }: { id: number }): Promise<ShareLink> {
  const row = await manageable(ctx, id);
  await revokeShareLinkRow(ctx.db, id, Date.now());
  await shareLinkOf(ctx.env, row.link.secretHash).refresh(row.link.secretHash);
  const [revoked] = await withStations(ctx, [(await findShareLink(ctx.db, id))!]);
  return revoked;
}
