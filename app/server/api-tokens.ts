import { createServerFn } from '@tanstack/react-start';
import { listApiTokens } from '../../worker/domain/api-tokens/manage';
import { signedIn } from './middleware';

/** The signed-in subject's integration tokens (the profile's "API tokens"). */
export const fetchApiTokens = createServerFn({ method: 'GET' })
  .middleware([signedIn])
  .handler(({ context: { ctx } }) => listApiTokens(ctx));
