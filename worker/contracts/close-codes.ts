/** The close code of a share link's live channel once the link is revoked or expired: its pages stop reconnecting. */
export const linkGoneCode = 4010;
