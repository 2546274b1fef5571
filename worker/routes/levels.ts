import { levelCalls } from '../contracts/levels';
import { addMeasurements, addReference, importMeasurements, levelsOf } from '../domain/corrections/levels';
import { createRouter, mount } from '../http/route';

export const levelRoutes = createRouter();

mount(levelRoutes, levelCalls.state, ({ ctx, query }) => levelsOf(ctx, query));
mount(levelRoutes, levelCalls.reference, ({ ctx, query, body }) => addReference(ctx, { id: query.id, body }));
mount(levelRoutes, levelCalls.measurements, ({ ctx, query, body }) =>
  addMeasurements(ctx, { id: query.id, measurements: body.measurements }),
);
mount(levelRoutes, levelCalls.import, ({ ctx, query, body }) => importMeasurements(ctx, { id: query.id, body }));
