import type { Alarm } from '../../contracts/alarms';
import { describeCondition, forecastText, type RuleFacts } from '../alarms/mail';
import type { PushMessage } from './message';

/** A message stays with the push service this long for a phone that is offline: an older alarm notice is history. */
const alarmTtlSeconds = 6 * 3600;

/**
 * The push notification of an alarm that fired or cleared: what fired where, a click opens the station's alarms, and
 * an active alarm offers "Acknowledge". One tag per alarm, so "cleared" replaces "fired" on the device.
 */
export function alarmPushMessage(alarm: Alarm, rule: RuleFacts, event: 'fired' | 'cleared'): PushMessage {
  const condition = describeCondition(alarm, rule);
  const fired = event === 'fired';
  const heading = fired ? (alarm.severity === 'critical' ? 'CRITICAL alarm' : 'Warning') : 'Cleared';
  return {
    title: `${heading}: ${alarm.station_name}`,
    body: [
      alarm.rule_name ? `${alarm.rule_name}: ${condition}` : condition,
      ...(fired && rule.forecast ? [forecastText(rule.forecast, rule.timezone)] : []),
    ].join('. '),
    url: `/alarms?${fired ? '' : 'view=history&'}station=${alarm.item_id}`,
    tag: `alarm-${alarm.id}`,
    ...(fired && alarm.state === 'active' ? { acknowledge_url: `/rest/alarms/acknowledge?id=${alarm.id}` } : {}),
    ttl: alarmTtlSeconds,
    urgency: fired && alarm.severity === 'critical' ? 'high' : 'normal',
  };
}
