// eslint-disable-next-line no-restricted-imports -- the one place contracts take zod from
import { z } from 'zod';

// Zod would probe `new Function` to compile faster parsers; the app's Content-Security-Policy forbids eval, and
// the probe alone is reported as a violation. Every contract takes zod from here, so whichever one a page loads
// first, the probe is off before anything parses.
z.config({ jitless: true });

export { z };
