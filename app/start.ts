import { createSerializationAdapter } from '@tanstack/react-router';
import { createStart } from '@tanstack/react-start';
import { ApiError } from '~/lib/api';

// A server function's failure reaches the browser as the same ApiError a `/rest` call throws, status and
// field errors included, whether it arrives in the server-rendered page or from a later call.
const apiErrors = createSerializationAdapter({
  key: 'hladina-api-error',
  test: (value): value is ApiError => value instanceof ApiError,
  toSerializable: (error) => ({ status: error.status, errors: error.errors }),
  fromSerializable: ({ status, errors }) => new ApiError(status, errors),
});

export const startInstance = createStart(() => ({ serializationAdapters: [apiErrors] }));
