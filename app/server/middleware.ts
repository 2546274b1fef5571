import { notFound } from '@tanstack/react-router';
import { createMiddleware, createServerFn } from '@tanstack/react-start';
import { AppError, adminsOnly, unauthorized } from '../../worker/domain/errors';
import { statusOf } from '../../worker/http/errors';
import { ApiError } from '~/lib/api';
// Every import of the Worker's runtime (`cloudflare:workers`) stays in request.server.ts: this module is read by the
// client build's server-function lookup too, where that import cannot be resolved (the dev server failed on it).
import { requestClient, requestContext, requestSession } from './request.server';
import { setResponseStatus } from '@tanstack/react-start/server';

/**
 * Domain errors leave a server function as the app knows them: "not found" as the router's not-found (the
 * route shows its not-found screen), everything else as an ApiError with the API's status and field errors.
 */
const domainErrors = createMiddleware({ type: 'function' }).server(async ({ next }) => {
  try {
    return await next();
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    if (error.code === 'not_found') throw notFound();
    throw new ApiError(statusOf[error.code], error.errors);
  }
});

/**
 * Server functions of a share link's public pages: the context without any session (a signed-in viewer's is never
 * read), and the client's address for the link's rate limits. The page answers with the refusal's status: 404 for
 * no such link, 410 once revoked or expired, 429 over its limits.
 */
export const linkOnly = createMiddleware({ type: 'function' })
  .middleware([domainErrors])
  .server(async ({ next }) => {
    try {
      return await next({ context: { ctx: requestContext(), client: requestClient() } });
    } catch (error) {
      if (error instanceof AppError) setResponseStatus(statusOf[error.code]);
      throw error;
    }
  });

/** Server functions of signed-in screens: they get the database and the subject, as the API's handlers do. */
export const signedIn = createMiddleware({ type: 'function' })
  .middleware([domainErrors])
  .server(async ({ next }) => {
    const session = await requestSession();
    if (!session) throw unauthorized();
    return next({ context: { ctx: { ...requestContext(), subject: session.subject } } });
  });

/** Administrator screens: the API's `admin` access rule. */
export const adminOnly = createMiddleware({ type: 'function' })
  .middleware([signedIn])
  .server(({ next, context }) => {
    if (!context.ctx.subject.isAdmin) throw adminsOnly();
    return next();
  });

/** The base of the screens' read server functions: a GET for any signed-in subject, or for administrators only. */
export const signedInRead = createServerFn({ method: 'GET' }).middleware([signedIn]);
export const adminRead = createServerFn({ method: 'GET' }).middleware([adminOnly]);
