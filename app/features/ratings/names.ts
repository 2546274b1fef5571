import type { outOfRangePolicies, segmentKinds } from '../../../worker/contracts/ratings';
import { m } from '~/paraglide/messages';

export type Segment = (typeof segmentKinds)[number];
export type Policy = (typeof outOfRangePolicies)[number];

export const segmentNames: Record<Segment, () => string> = {
  linear: m.ratings_segment_linear,
  log: m.ratings_segment_log,
  power: m.ratings_segment_power,
};
export const policyNames: Record<Policy, () => string> = {
  none: m.ratings_out_of_range_none,
  extrapolate: m.ratings_out_of_range_extrapolate,
};
