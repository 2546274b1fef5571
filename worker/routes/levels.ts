import { levelCalls } from '../contracts/levels';
import {
  addMeasurements,
  addReference,
  changeMeasurement,
  changeReference,
  importMeasurements,
  levelsOf,
} from '../domain/corrections/levels';
import { createRouter, mount } from '../http/route';

export const levelRoutes = createRouter();

mount(levelRoutes, levelCalls.state, ({ ctx, query }) => levelsOf(ctx, query));
mount(levelRoutes, levelCalls.reference, ({ ctx, query, body }) => addReference(ctx, { id: query.id, body }));
mount(levelRoutes, levelCalls.editReference, ({ ctx, query, body }) => changeReference(ctx, { id: query.id, body }));
mount(levelRoutes, levelCalls.removeReference, ({ ctx, query, body }) => changeReference(ctx, { id: query.id, body }));
mount(levelRoutes, levelCalls.measurements, ({ ctx, query, body }) =>
  addMeasurements(ctx, { id: query.id, measurements: body.measurements }),
);
mount(levelRoutes, levelCalls.editMeasurement, ({ ctx, query, body }) => changeMeasurement(ctx, { id: query.id, body }));
mount(levelRoutes, levelCalls.removeMeasurement, ({ ctx, query, body }) => changeMeasurement(ctx, { id: query.id, body }));
mount(levelRoutes, levelCalls.import, ({ ctx, query, body }) => importMeasurements(ctx, { id: query.id, body }));
