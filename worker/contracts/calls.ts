import { alarmCalls, alarmRuleCalls } from './alarms';
import { alarmStatisticsCalls } from './alarm-statistics';
import { apiTokenCalls } from './api-tokens';
import { groupCalls } from './groups';
import { itemCalls } from './items';
import { legacyCalls } from './legacy';
import { liveCalls } from './live';
import { notificationCalls } from './notifications';
import { rollupCalls } from './rollup';
import { qualityCalls } from './quality';
import { correctionCalls } from './corrections';
import { levelCalls } from './levels';
import { ratingCalls } from './ratings';
import { shareCalls, shareLinkCalls } from './share-links';
import { siteCalls } from './site';
import { subjectCalls } from './subjects';
import { ingestCalls, telemetryCalls } from './telemetry';
import { webhookCalls } from './webhooks';
import { warningCalls } from './warning';
import { escalationCalls } from './escalations';
import { maintenanceCalls } from './maintenance';
import { pushCalls } from './push';
import { groupRuleCalls } from './group-rules';

/**
 * Every documented call of `/rest`, by resource. The app imports a resource's calls from its own contract module
 * (so a page loads only the schemas it sends); this index is for whatever needs them all (the tests, the docs).
 */
export const calls = {
  site: siteCalls,
  subjects: subjectCalls,
  items: itemCalls,
  groups: groupCalls,
  telemetry: telemetryCalls,
  ingest: ingestCalls,
  live: liveCalls,
  legacy: legacyCalls,
  alarmRules: alarmRuleCalls,
  alarms: alarmCalls,
  alarmStatistics: alarmStatisticsCalls,
  notifications: notificationCalls,
  webhooks: webhookCalls,
  apiTokens: apiTokenCalls,
  shareLinks: shareLinkCalls,
  share: shareCalls,
  rollup: rollupCalls,
  quality: qualityCalls,
  corrections: correctionCalls,
  levels: levelCalls,
  ratings: ratingCalls,
  warning: warningCalls,
  escalations: escalationCalls,
  maintenance: maintenanceCalls,
  push: pushCalls,
  groupRules: groupRuleCalls,
};
