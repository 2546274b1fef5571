import { correctionCalls } from '../contracts/corrections';
import { addCorrection, corrections, removeCorrection, suggestedDrift } from '../domain/corrections/manage';
import { createRouter, mount } from '../http/route';

export const correctionRoutes = createRouter();

mount(correctionRoutes, correctionCalls.list, ({ ctx, query }) => corrections(ctx, query));
mount(correctionRoutes, correctionCalls.add, ({ ctx, query, body }) => addCorrection(ctx, { id: query.id, body }));
mount(correctionRoutes, correctionCalls.remove, ({ ctx, query, body }) => removeCorrection(ctx, { id: query.id, body }));
mount(correctionRoutes, correctionCalls.drift, ({ ctx, query }) => suggestedDrift(ctx, query));
