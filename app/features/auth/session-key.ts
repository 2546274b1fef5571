/** Kept apart from the server function so screens can update the session without importing server code. */
export const sessionKey = ['session'] as const;
