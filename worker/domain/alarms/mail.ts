import type { Alarm } from '../../contracts/alarms';
import { isRateKind } from '../../contracts/alarm-kinds';
import { readingInfo } from '../../../shared/readings';
import type { Recipient } from '../../db/notifications';
import type { AlarmRuleRow } from '../../db/schema';
import type { Mail } from '../mail/mailer';

/**
 * What a mail says about the rule beyond the alarm's own snapshot: its window, silence and hold, its station's zone,
 * and when its reading is forecast to reach its next warning level (docs/alarms.md), if it is.
 */
export type RuleFacts = Pick<AlarmRuleRow, 'windowMinutes' | 'silenceMinutes' | 'holdMinutes'> & {
  timezone: string;
  forecast?: { level: number; expectedAt: number };
};

const stationTime = (iso: string, timeZone: string) =>
  `${new Intl.DateTimeFormat('sv-SE', { timeZone, dateStyle: 'short', timeStyle: 'short' }).format(new Date(iso))} (${timeZone})`;

/** "Warning level 2 expected at … (zone), from the trend of the last 3 hours". */
export const forecastText = ({ level, expectedAt }: { level: number; expectedAt: number }, timeZone: string) =>
  `Warning level ${level} expected at ${stationTime(new Date(expectedAt).toISOString(), timeZone)}, from the trend of the last 3 hours`;

const duration = (minutes: number) => (minutes % 60 ? `${minutes} min` : `${minutes / 60} h`);

const amount = (value: number, unit: string) => `${Number(value.toFixed(4))}${unit ? ` ${unit}` : ''}`;

/** The condition in words, e.g. "Groundwater level (H1) above 3.2 m for at least 30 min". */
export function describeCondition(alarm: Pick<Alarm, 'kind' | 'reading' | 'threshold'>, rule: RuleFacts): string {
  const info = readingInfo(alarm.reading);
  const what = info ? `${info.label} (${info.code})` : (alarm.reading ?? '');
  const unit = info?.unit ?? '';
  const threshold = alarm.threshold ?? 0;
  const hold = rule.holdMinutes ? ` for at least ${rule.holdMinutes} min` : '';
  switch (alarm.kind) {
    case 'above':
      return `${what} above ${amount(threshold, unit)}${hold}`;
    case 'below':
      return `${what} below ${amount(threshold, unit)}${hold}`;
    case 'low_voltage':
      return `Supply voltage (POWER) below ${amount(threshold, 'V')}${hold}`;
    case 'rise':
      return `${what} rising faster than ${amount(threshold, `${unit}/h`)} over ${rule.windowMinutes} min${hold}`;
    case 'fall':
      return `${what} falling faster than ${amount(threshold, `${unit}/h`)} over ${rule.windowMinutes} min${hold}`;
    case 'no_data':
      return `No data from the station for more than ${rule.silenceMinutes} min`;
    case 'forecast':
      return `${what} at warning level ${threshold} or forecast to reach it within ${duration(rule.windowMinutes ?? 0)}`;
    case 'k_of_n':
      return `At least ${threshold} stations of the rule at or above their warning level`;
  }
}

const unitOf = (alarm: Pick<Alarm, 'kind' | 'reading'>) =>
  alarm.kind === 'k_of_n' ? 'stations' : `${readingInfo(alarm.reading)?.unit ?? ''}${isRateKind(alarm.kind) ? '/h' : ''}`;

/** The e-mail of an alarm that fired or cleared, in the station's time zone. */
export function alarmMail(to: Recipient, alarm: Alarm, rule: RuleFacts, event: 'fired' | 'cleared', appUrl: string | undefined): Mail {
  const condition = describeCondition(alarm, rule);
  const station = `${alarm.station_name} (${alarm.unique_id})`;
  const title = alarm.rule_name ? `${alarm.rule_name}: ${condition}` : condition;
  const [opening, ...facts] =
    event === 'fired'
      ? [
          `an alarm fired at station ${station}.`,
          `Since: ${stationTime(alarm.started_at, rule.timezone)}`,
          ...(alarm.value === null
            ? []
            : [`Value: ${amount(alarm.value, unitOf(alarm))} at ${stationTime(alarm.fired_at, rule.timezone)}`]),
          ...(rule.forecast ? [`Forecast: ${forecastText(rule.forecast, rule.timezone)}`] : []),
        ]
      : [
          `the alarm at station ${station} has cleared${alarm.cleared_reason === 'rule_deleted' ? ' (its rule was deleted)' : ''}.`,
          `Fired: ${stationTime(alarm.fired_at, rule.timezone)}`,
          `Cleared: ${stationTime(alarm.cleared_at!, rule.timezone)}`,
          ...(alarm.clear_value === null ? [] : [`Value: ${amount(alarm.clear_value, unitOf(alarm))}`]),
        ];
  const lines = [opening, '', `Condition: ${title}`, `Severity: ${alarm.severity}`, ...facts];
  const where = appUrl ? `${appUrl}/alarms` : 'the Alarms page of Hladina';
  const settings = appUrl ? `${appUrl}/profile` : 'your profile in Hladina';
  return {
    to: to.username,
    subject: `Hladina: ${event === 'fired' ? (alarm.severity === 'critical' ? 'CRITICAL alarm' : 'Warning') : 'Cleared'}: ${alarm.station_name}, ${condition}`,
    body: `Hello ${to.firstName},\n\n${lines.join('\n')}\n\nSee it at ${where}.\nChoose which alarm e-mails you receive on ${settings}.\n`,
  };
}
