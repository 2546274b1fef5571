import { existsSync, readFileSync } from 'node:fs';
import { inject } from 'vitest';
import type { ClientsServer } from './server';

/** The seeded server, once the global setup has it up (it fails the file that asks if the setup failed). */
export async function clientsServer(): Promise<ClientsServer> {
  const file = inject('clientsServerFile');
  for (let waited = 0; !existsSync(file); waited += 200) {
    if (waited > 180_000) throw new Error('the clients server did not come up within 3 minutes');
    await new Promise((wake) => setTimeout(wake, 200));
  }
  const read = JSON.parse(readFileSync(file, 'utf8')) as ClientsServer | { error: string };
  if ('error' in read) throw new Error(`the clients server did not start: ${read.error}`);
  return read;
}
