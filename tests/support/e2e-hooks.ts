/**
 * Hooks of every browser test file. They live here rather than in e2e.ts because the e2e files share their
 * modules (no isolation): a hook registered when e2e.ts is first imported would belong to the first file only.
 */
import { afterAll, afterEach } from 'vitest';
import { closeServerDb, expectNoPolicyViolations } from './e2e';

afterEach(expectNoPolicyViolations);
afterAll(closeServerDb);
