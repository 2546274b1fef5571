import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Escalation, EscalationPolicy } from '../../worker/contracts/escalations';
import {
  adminToken,
  baseURL,
  createAccount,
  demoAccounts,
  lastMailTo,
  looks,
  openPage,
  postRest,
  removeStations,
  restAs,
  screenshot,
  visit,
} from '../support/e2e';
import { addAlarmStation, addRule, linkStation, postLevel, type AlarmStation } from '../support/e2e-alarms';

const prefix = `E2E-ESCALATION-${Date.now().toString(36)}`;
let token: string;
let well: AlarmStation;
let onDuty: Awaited<ReturnType<typeof createAccount>>;
let policy: EscalationPolicy;

beforeAll(async () => {
  token = await adminToken();
  onDuty = await createAccount('duty');
  well = await addAlarmStation(token, `${prefix}-WELL`, 'Escalation test well', [49.6, 17.2]);
  await linkStation(token, well.item.id, [onDuty.id]);
  const rule = await addRule(token, {
    item_id: well.item.id,
    name: 'Flood',
    kind: 'above',
    reading: 'H1',
    threshold: 5,
    severity: 'critical',
  });
  policy = await postRest<EscalationPolicy>(
    '/escalation-policies/edit',
    {
      EscalationPolicies: {
        name: 'Flood duty (e2e)',
        steps: [{ after_minutes: 0, subjects: [onDuty.id], channels: ['email'] }],
        rules: [rule.id],
      },
    },
    token,
  );
});
afterAll(async () => {
  await postRest(`/escalation-policies/delete?id=${policy.id}`, undefined, token);
  await removeStations(prefix);
  await postRest(`/subjects/delete?id=${onDuty.id}`, undefined, token);
});

/** The well's escalation as the administrator's API lists it. */
async function escalationOfWell() {
  const res = await fetch(`${baseURL}/rest/escalations?item_id=${well.item.id}`, { headers: { Authorization: `Bearer ${token}` } });
  return ((await res.json()) as { data: Escalation[] }).data[0];
}

describe("an escalation e-mail's acknowledgement link", () => {
  test('opens without signing in, says what it is for, acknowledges once as the person it was sent to, and is spent', async () => {
    await postLevel(well, 6);
    await expect.poll(async () => (await lastMailTo(onDuty.username))?.body ?? '').toMatch(/\/ack\/[a-z0-9]{40}/);
    const link = /\/ack\/[a-z0-9]{40}/.exec((await lastMailTo(onDuty.username)).body)![0];

    for (const look of looks) {
      const { context, page } = await openPage({ width: look.width, height: look.height, colorScheme: look.scheme });
      await visit(page, link);
      await page.getByText('Escalation test well').waitFor();
      await page.getByText('Flood duty (e2e)').waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
      await screenshot(page, `escalation-ack-${look.width}-${look.scheme}`, { fullPage: true });
      await context.close();
    }
    // Opening it changed nothing.
    expect(await escalationOfWell()).toMatchObject({ state: 'running' });

    const { context, page } = await openPage();
    await visit(page, link);
    await page.getByLabel('Note (optional)').fill('Checked on site, the gauge is fine.');
    await page.getByLabel('It was a false alarm').click();
    await page.getByRole('button', { name: 'Acknowledge' }).click();
    await page.getByText('Acknowledged. The escalation has stopped.').waitFor();
    expect(await escalationOfWell()).toMatchObject({
      state: 'acknowledged',
      acknowledged_by: { id: onDuty.id },
      acknowledged_via: 'email',
      note: 'Checked on site, the gauge is fine.',
      false_alarm: true,
    });

    // Spent: the same link now says so and offers nothing to press.
    await visit(page, link);
    await page.getByText('This link has been used or has expired.').waitFor();
    expect(await page.getByRole('button', { name: 'Acknowledge' }).count()).toBe(0);
    await context.close();
  });
});

describe('escalation policies screen', () => {
  test('an administrator adds a policy with a rota step: refused without a rota (naming why), saved with one, listed', async () => {
    const { context, page } = await openPage({ as: demoAccounts.admin });
    await visit(page, '/escalations');
    await page.locator('[data-testid="policy"]').filter({ hasText: 'Flood duty (e2e)' }).waitFor();

    await page.getByRole('button', { name: 'New policy' }).click();
    const editor = page.getByTestId('policy-editor');
    await editor.getByLabel('Name', { exact: true }).fill('Night duty (e2e)');
    await editor.getByText('Whoever is on duty').click();
    await editor.getByRole('button', { name: 'Save' }).click();
    await editor.getByRole('alert').filter({ hasText: 'the policy has no rota' }).waitFor();

    await editor.getByRole('button', { name: 'Add a duty' }).click();
    await editor.getByLabel('Weekday').selectOption({ label: 'Sunday' });
    await editor.getByLabel('From hour').fill('18');
    await editor.getByRole('button', { name: 'Save' }).click();
    const listed = page.locator('[data-testid="policy"]').filter({ hasText: 'Night duty (e2e)' });
    await listed.waitFor();
    expect(await listed.textContent()).toContain('Whoever is on duty');
    const saved = (await restAs<EscalationPolicy[]>(page, '/escalation-policies')).find((p) => p.name === 'Night duty (e2e)')!;
    expect(saved.rota).toMatchObject([{ weekday: 7, from_hour: 18, to_hour: 24 }]);
    expect(saved.steps).toMatchObject([{ on_duty: true, channels: ['email'] }]);
    await postRest(`/escalation-policies/delete?id=${saved.id}`, undefined, token);
    await context.close();
  });
});
