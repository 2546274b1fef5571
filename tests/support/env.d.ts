import type { D1Migration } from 'cloudflare:test';

declare global {
  namespace Cloudflare {
    interface Env {
      TEST_MIGRATIONS: D1Migration[];
      /** The worker project's fixed VAPID public key (vitest.config.ts). */
      VAPID_PUBLIC_KEY: string;
    }
    interface GlobalProps {
      mainModule: typeof import('../../app/server');
    }
  }
}
