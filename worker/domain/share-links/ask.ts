import type { FieldErrors } from '../../contracts/envelope';
import type { ShareAnswers, ShareChartQuery } from '../../contracts/share-links';
import type { Ctx } from '../../context';
import { addShareLinkViews } from '../../db/share-links';
import { shareLinkOf } from '../../share/directory';
import { hashToken } from '../auth/tokens';
import { AppError, gone, notFound, type AppErrorCode } from '../errors';

/** The fixed questions a link answers; `view` counts the asking as a view of the link (a page or an embed opened). */
type Question = { kind: 'view'; view?: boolean } | { kind: 'chart'; query: ShareChartQuery; view?: boolean };
export type ShareQuestion<K extends keyof ShareAnswers = keyof ShareAnswers> = Extract<Question, { kind: K }>;

/**
 * What a link's object answers to a question of kind `K`. Errors travel as data (an object's thrown errors lose their
 * type on the way); `frameOrigins` is for the page that frames an embed, never sent to a browser.
 */
export type ShareAnswer<K extends keyof ShareAnswers = keyof ShareAnswers> =
  { ok: true; data: ShareAnswers[K]; frameOrigins: string[] } | { ok: false; code: AppErrorCode; errors: FieldErrors; retryAfter?: number };

export const unknownLink = () => notFound('Share link', '_');
export const goneLink = () => gone('This link is no longer available: it was revoked or has expired.');

/** The error an object answered, as the one the Worker throws. */
export const answerError = (answer: Extract<ShareAnswer, { ok: false }>) => new AppError(answer.code, answer.errors, answer.retryAfter);

/** An error as an object answers it; anything but an AppError is the object's own failure and is thrown on. */
export function asAnswer(error: unknown): Extract<ShareAnswer, { ok: false }> {
  if (!(error instanceof AppError)) throw error;
  return { ok: false, code: error.code, errors: error.errors, retryAfter: error.retryAfterSeconds };
}

// Secrets are 52 base32 characters (256 bits): anything else names no link and needs no object to say so.
const secretShape = /^[a-z2-7]{52}$/;

/** The hash that stores a link's secret and names its object; throws 404 for what cannot be a secret. */
export function secretHashOf(secret: string) {
  if (!secretShape.test(secret)) throw unknownLink();
  return hashToken(secret);
}

/** Asks a link's object one of its fixed questions, as `client`; its refusals (404, 410, 429, 400) are thrown. */
export async function askShareLink<K extends keyof ShareAnswers>(
  { env }: Pick<Ctx, 'env'>,
  { secret, question, client }: { secret: string; question: ShareQuestion<K>; client: string },
) {
  const secretHash = secretHashOf(secret);
  // The stub's types drop the object's type parameter: what comes back is what its `answer<K>` promises.
  const answer = (await shareLinkOf(env, secretHash).answer(secretHash, question, client)) as ShareAnswer<K>;
  if (!answer.ok) throw answerError(answer);
  return answer;
}

/** What the Worker hands a link's object with a viewer's WebSocket upgrade. */
export const viewerHeader = 'X-Hladina-Viewer';
export interface ViewerRequest {
  secretHash: string;
  client: string;
}

/** Hands a viewer's WebSocket upgrade to the link's object (101); a refusal comes back as the error it names. */
export async function connectToShareLink(
  { env }: Pick<Ctx, 'env'>,
  { secret, client, request }: { secret: string; client: string; request: Request },
) {
  const secretHash = secretHashOf(secret);
  const headers = new Headers(request.headers);
  headers.set(viewerHeader, JSON.stringify({ secretHash, client } satisfies ViewerRequest));
  const response = await shareLinkOf(env, secretHash).fetch(new Request(request.url, { headers }));
  if (response.status !== 101) throw answerError((await response.json()) as Extract<ShareAnswer, { ok: false }>);
  return response;
}

/** Views a link's object counted since it last wrote them. */
export const recordShareViews = (
  { db }: Pick<Ctx, 'db'>,
  { secretHash, views, lastViewedAt }: { secretHash: string; views: number; lastViewedAt: number },
) => addShareLinkViews(db, secretHash, views, lastViewedAt);
