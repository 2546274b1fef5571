/** Apart from the session query, so screens can set the session without importing its server function. */
export const sessionKey = ['session'] as const;
