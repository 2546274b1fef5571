import { queryOptions } from '@tanstack/react-query';
import { fetchApiTokens } from '~/server/api-tokens';

/** The signed-in subject's integration tokens (profile screen). */
export const apiTokensQuery = queryOptions({ queryKey: ['api-tokens', 'list'], queryFn: () => fetchApiTokens() });
