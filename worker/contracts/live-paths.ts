/**
 * Where the live channels' WebSockets open under `/rest`: their call specs take the paths from here, and pages
 * open them without loading the specs' schemas (no zod on a dashboard's first load).
 */
export const livePaths = {
  /** The stations a signed-in subject may see. */
  subject: '/live',
  /** A share link's stations; `{secret}` is the link's secret. */
  share: '/share/{secret}/live',
} as const;
