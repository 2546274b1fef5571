const encoder = new TextEncoder();

/** A sign-in body streamed in many small chunks, as a slow client would send it; `state` says how far it was read. */
export function streamedBody(chunks = 2_000) {
  const state = { cancelled: false, readToEnd: false };
  const parts = [
    '{"LoginForm": {"username": "nobody@example.com", "password": "x", "padding": "',
    ...Array(chunks).fill('x'.repeat(64)),
    '"}}',
  ];
  let next = 0;
  const body = new ReadableStream<Uint8Array>({
    pull: (controller) => {
      if (next < parts.length) return controller.enqueue(encoder.encode(parts[next++]));
      state.readToEnd = true;
      controller.close();
    },
    cancel: () => {
      state.cancelled = true;
    },
  });
  return { body, state, length: parts.join('').length };
}

/** What a body read to its end, never cancelled, leaves in `state`. */
export const drained = { cancelled: false, readToEnd: true };
