import { legacyCalls } from '../contracts/legacy';
import { copyLegacyStep } from '../domain/telemetry/legacy';
import { createRouter, mount } from '../http/route';

export const legacyRoutes = createRouter();

mount(legacyRoutes, legacyCalls.copy, ({ ctx, query }) => copyLegacyStep(ctx, query));
