import type { LiveMessage } from '../contracts/live';
import { watcherOf } from '../live/directory';
import { shareLinkOf } from '../share/directory';

/**
 * Who listens to a station: the live watchers of subjects with open pages, and share links with viewers, each
 * registered in the object's storage. A message is built only when someone listens, and sent after the reply; a
 * watcher that no longer wants the station unregisters by saying so.
 */
export class StationWatchers {
  constructor(
    private readonly storage: DurableObjectStorage,
    private readonly env: Cloudflare.Env,
    private readonly defer: (work: Promise<unknown>) => void,
  ) {}

  private get sql() {
    return this.storage.sql;
  }

  /** Registers a subject's live watcher for this station's new rows. */
  watch(subjectId: number) {
    this.register('watchers', 'subject_id', subjectId);
  }

  /** Registers a share link's object (by its secret's hash) for this station's new readings. */
  watchLink(link: string) {
    this.register('link_watchers', 'link', link);
  }

  private register(table: string, key: string, value: number | string) {
    const since = Math.floor(Math.random() * Number.MAX_SAFE_INTEGER);
    this.sql.exec(
      `INSERT INTO ${table} (${key}, since) VALUES (?, ?) ON CONFLICT (${key}) DO UPDATE SET since = excluded.since`,
      value,
      since,
    );
  }

  /** Sends a message (built only if anyone listens) to the station's watchers; share links get readings only. */
  tell(itemId: number, build: () => LiveMessage) {
    const watchers = this.sql.exec<{ subject_id: number; since: number }>('SELECT subject_id, since FROM watchers').toArray();
    const links = this.sql.exec<{ link: string; since: number }>('SELECT link, since FROM link_watchers').toArray();
    if (!watchers.length && !links.length) return;
    const message = build();
    // The batch is stored and answered; pages hear of it right after, and a dead watcher unsubscribes itself.
    this.defer(
      Promise.all([
        ...watchers.map(async ({ subject_id, since }) => {
          const wanted = await watcherOf(this.env, subject_id)
            .deliver(itemId, message)
            .catch(() => true);
          if (!wanted) this.sql.exec('DELETE FROM watchers WHERE subject_id = ? AND since = ?', subject_id, since);
        }),
        // One call per link, however many viewers it has.
        ...(message.type === 'readings' ? links : []).map(async ({ link, since }) => {
          const wanted = await shareLinkOf(this.env, link)
            .deliver(itemId, message)
            .catch(() => true);
          if (!wanted) this.sql.exec('DELETE FROM link_watchers WHERE link = ? AND since = ?', link, since);
        }),
      ]),
    );
  }
}
