import { createSerializationAdapter } from '@tanstack/react-router';
import { createCsrfMiddleware, createStart } from '@tanstack/react-start';
import { ApiError } from '~/lib/api';

// A server function's failure reaches the browser as the same ApiError a `/rest` call throws, status and
// field errors included, whether it arrives in the server-rendered page or from a later call.
const apiErrors = createSerializationAdapter({
  key: 'hladina-api-error',
  test: (value): value is ApiError => value instanceof ApiError,
  toSerializable: (error) => ({ status: error.status, errors: error.errors }),
  fromSerializable: ({ status, errors }) => new ApiError(status, errors),
});

// Server functions are the app's own calls, answered with the visitor's data: one another site's page makes (the
// browser says so in Sec-Fetch-Site, or Origin) is refused with 403. Start applies this by default only to apps
// without a start instance of their own.
const ownCallsOnly = createCsrfMiddleware({ filter: (ctx) => ctx.handlerType === 'serverFn' });

export const startInstance = createStart(() => ({ serializationAdapters: [apiErrors], requestMiddleware: [ownCallsOnly] }));
