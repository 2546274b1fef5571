import type { Severity } from '../../contracts/alarm-kinds';

export interface Recipient {
  id: number;
  username: string;
  firstName: string;
}

// A subject's setting for a station: its override for the station, else the most generous override of the groups
// holding the station (one group's "none" does not silence another's "all"), else its default, else `all`.
const recipientsSql = `
SELECT id, username, firstName FROM (
  SELECT s.id, s.username, s.first_name AS firstName, coalesce(
    (SELECT o.mode FROM notification_overrides o WHERE o.subject_id = s.id AND o.item_id = ?1),
    (SELECT CASE max(CASE o.mode WHEN 'all' THEN 2 WHEN 'critical' THEN 1 ELSE 0 END) WHEN 2 THEN 'all' WHEN 1 THEN 'critical' WHEN 0 THEN 'none' END
       FROM notification_overrides o JOIN group_items gi ON gi.group_id = o.group_id WHERE o.subject_id = s.id AND gi.item_id = ?1),
    (SELECT p.mode FROM notification_preferences p WHERE p.subject_id = s.id),
    'all') AS mode
  FROM subjects s
  WHERE s.status = 'active' AND (s.is_admin = 1 OR s.id IN (
    SELECT subject_id FROM subject_items WHERE item_id = ?1
    UNION SELECT sg.subject_id FROM subject_groups sg JOIN group_items gi ON gi.group_id = sg.group_id WHERE gi.item_id = ?1))
) WHERE mode = 'all' OR (mode = 'critical' AND ?2 = 'critical')
ORDER BY id`;

/** Active subjects who may see the station and whose settings ask for alarm e-mail of this severity. */
export async function alarmRecipients(d1: D1Database, itemId: number, severity: Severity): Promise<Recipient[]> {
  const { results } = await d1.prepare(recipientsSql).bind(itemId, severity).all<Recipient>();
  return results;
}
