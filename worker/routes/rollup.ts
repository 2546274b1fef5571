import { rollupCalls } from '../contracts/rollup';
import { createRouter, mount } from '../http/route';
import { migrateRollupStep, rollupHealth } from '../rollup/health';

export const rollupRoutes = createRouter();

mount(rollupRoutes, rollupCalls.health, ({ ctx }) => rollupHealth(ctx));
mount(rollupRoutes, rollupCalls.migrate, ({ ctx }) => migrateRollupStep(ctx));
