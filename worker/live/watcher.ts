/** A station as the live channel names it: D1 id for routing, unique id for the pages. */
export interface WatchedStation {
  id: number;
  uniqueId: string;
}

/** What the Worker hands over with a page's WebSocket upgrade. */
export interface WatchRequest {
  subjectId: number;
  /** The session that opened the socket (its hash), so ending the session can close it. */
  session: string;
  /** The stations asked for and allowed; null: every station the subject may see (set by `setVisible`). */
  stations: WatchedStation[] | null;
}

export const watchHeader = 'X-Hladina-Watch';

/** Which of a subject's sessions ended: some, all but one (a password change keeps the one that made it), or all. */
export interface EndedSessions {
  only?: string[];
  except?: string;
}

/** Close codes a page can tell apart: its session ended (sign in again), or its stations changed (reconnect). */
export const closeCodes = { sessionEnded: 4001, accessChanged: 4003 } as const;
