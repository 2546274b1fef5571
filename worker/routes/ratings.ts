import { ratingCalls } from '../contracts/ratings';
import {
  addGaugings,
  addShift,
  addVersion,
  exportVersion,
  importVersion,
  inEffect,
  rate,
  ratingsState,
  removeGauging,
  removeShift,
  removeVersion,
  replaceVersion,
} from '../domain/ratings/manage';
import { createRouter, mount } from '../http/route';

export const ratingRoutes = createRouter();

mount(ratingRoutes, ratingCalls.state, ({ ctx, query }) => ratingsState(ctx, query));
mount(ratingRoutes, ratingCalls.add, ({ ctx, query, body }) => addVersion(ctx, { id: query.id, body }));
mount(ratingRoutes, ratingCalls.replace, ({ ctx, query, body }) => replaceVersion(ctx, { id: query.id, body }));
mount(ratingRoutes, ratingCalls.remove, ({ ctx, query, body }) => removeVersion(ctx, { id: query.id, body }));
mount(ratingRoutes, ratingCalls.shift, ({ ctx, query, body }) => addShift(ctx, { id: query.id, body }));
mount(ratingRoutes, ratingCalls.unshift, ({ ctx, query, body }) => removeShift(ctx, { id: query.id, body }));
mount(ratingRoutes, ratingCalls.gaugings, ({ ctx, query, body }) => addGaugings(ctx, { id: query.id, gaugings: body.gaugings }));
mount(ratingRoutes, ratingCalls.ungauge, ({ ctx, query, body }) => removeGauging(ctx, { id: query.id, body }));
mount(ratingRoutes, ratingCalls.inEffect, ({ ctx, query }) => inEffect(ctx, query));
mount(ratingRoutes, ratingCalls.rate, ({ ctx, query, body }) => rate(ctx, { id: query.id, body, reverse: false }));
mount(ratingRoutes, ratingCalls.reverse, ({ ctx, query, body }) => rate(ctx, { id: query.id, body, reverse: true }));
mount(ratingRoutes, ratingCalls.import, ({ ctx, query, body }) => importVersion(ctx, { id: query.id, body }));
mount(ratingRoutes, ratingCalls.export, ({ ctx, query }) => exportVersion(ctx, query));
