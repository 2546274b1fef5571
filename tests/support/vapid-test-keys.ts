/** The fixed VAPID pair of the test Workers (vitest.config.ts, tests/support/e2e-server.ts); never a deployment's. */
export const testVapid = {
  VAPID_PUBLIC_KEY: 'BDwC4mxUKYs1DYHLplxfr5hLdYITaYRpR2XZRzDzis8NFB7ncfhjQmmLEStVRv6FkomrAGKC7U0pRWU-cGOURak',
  VAPID_PRIVATE_KEY: 'I4QlTvNhWUYZuN4j9MJzTgI_k6e4rvlThikto0Ptvg4',
  VAPID_SUBJECT: 'mailto:alarms@hladina.test',
};
