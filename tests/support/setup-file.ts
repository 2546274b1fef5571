import { existsSync, readFileSync } from 'node:fs';

/**
 * What a global setup that works in the background wrote to `file` once done (JSON: the value, or `{ error }`),
 * waiting for it at most `minutes`; it fails the file that asks if the setup failed or did not finish.
 */
export async function fromSetup<T>(file: string, what: string, minutes: number): Promise<T> {
  for (let waited = 0; !existsSync(file); waited += 200) {
    if (waited > minutes * 60_000) throw new Error(`${what} did not come up within ${minutes} minutes`);
    await new Promise((wake) => setTimeout(wake, 200));
  }
  const read = JSON.parse(readFileSync(file, 'utf8')) as T | { error: string };
  if (read && typeof read === 'object' && 'error' in read) throw new Error(`${what} did not start: ${read.error}`);
  return read as T;
}
