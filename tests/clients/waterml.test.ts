/**
 * WaterML 2.0 from a real local server, validated by Debian's `xmllint` against the official OGC schemas vendored in
 * tests/fixtures/schemas (offline: `--nonet`, with the catalog there): levels and precipitation, flagged and approved
 * stretches, a range without readings, and a station without coordinates (named by reference, not placed).
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { edits, reportsPerDay } from './server';
import { clientsServer } from './ready';

const run = promisify(execFile);
const { base, token, stations, nowhere } = await clientsServer();
const schemas = resolve('tests/fixtures/schemas');
const dir = mkdtempSync(join(tmpdir(), 'hladina-waterml-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function waterml(query: string) {
  const res = await fetch(`${base}/ogc/collections/observations/waterml?${query}`, { headers: { Authorization: `Bearer ${token}` } });
  return { status: res.status, type: res.headers.get('Content-Type'), text: await res.text() };
}

/** Validates a document against WaterML 2.0 with xmllint, offline; its verdict and messages. */
async function validate(xml: string, name: string) {
  const file = join(dir, `${name}.xml`);
  writeFileSync(file, xml);
  const args = ['--noout', '--nonet', '--catalogs', '--schema', join(schemas, 'schemas.opengis.net/waterml/2.0/waterml2.xsd'), file];
  try {
    const { stderr } = await run('xmllint', args, { env: { ...process.env, XML_CATALOG_FILES: join(schemas, 'catalog.xml') } });
    return { valid: true, stderr };
  } catch (error) {
    return { valid: false, stderr: (error as { stderr: string }).stderr };
  }
}

const count = (xml: string, pattern: RegExp) => xml.match(pattern)?.length ?? 0;

describe('WaterML 2.0', () => {
  it('is valid for two days of a level with suspect, rejected and approved readings, each marked where it differs', async () => {
    const res = await waterml(`station=${stations[0].uniqueId}&code=H1&datetime=2026-03-01/2026-03-02`);
    expect(res.status, res.text).toBe(200);
    expect(res.type).toBe('application/xml; charset=utf-8');
    const check = await validate(res.text, 'level');
    expect(check.valid, check.stderr).toBe(true);
    expect(check.stderr).toMatch(/validates/);
    // One reading rejected: no point.
    expect(count(res.text, /<wml2:point>/g)).toBe(2 * reportsPerDay - 1);
    expect(res.text).not.toContain(`<wml2:time>${new Date(edits.rejected).toISOString()}</wml2:time>`);
    expect(res.text).toContain('<wml2:uom code="m"/>');
    expect(res.text).toContain('interpolationType/Continuous');
    // The default is what most points are: good and (the larger part) provisional; the rest say their own.
    expect(res.text).toMatch(
      /<wml2:DefaultTVPMeasurementMetadata>\s*<wml2:quality [^>]*quality\/good"[^>]*\/>\s*<wml2:qualifier><swe:Category[^>]*><swe:label>Approval<\/swe:label><swe:value>provisional</,
    );
    // Suspect points: the administrator's stretch among them, and the same as the OGC API lists (the checks flag some too).
    const suspect = [
      ...res.text.matchAll(
        /<wml2:time>([^<]+)<\/wml2:time><wml2:value>[^<]+<\/wml2:value><wml2:metadata><wml2:TVPMeasurementMetadata><wml2:quality [^>]*quality\/suspect"/g,
      ),
    ].map((m) => m[1]);
    const stretch = Array.from({ length: edits.suspect.readings }, (_, k) =>
      new Date(Date.parse(edits.suspect.from) + k * 600_000).toISOString(),
    );
    expect(suspect).toEqual(expect.arrayContaining(stretch));
    const listed = await fetch(
      `${base}/ogc/collections/observations/items?station=${stations[0].uniqueId}&code=H1&flag=suspect&datetime=2026-03-01/2026-03-02&limit=1000`,
      { headers: { Authorization: `Bearer ${token}` } },
    );
    const features = ((await listed.json()) as { features: { properties: { time: string } }[] }).features;
    expect(features.map((f) => f.properties.time)).toEqual(suspect);
    const approvedPoints = (Date.parse(edits.approvedUntil) - Date.parse('2026-03-01T00:00:00Z')) / 600_000;
    expect(count(res.text, /<swe:value>approved<\/swe:value>/g)).toBe(approvedPoints);
  });

  it('is valid for precipitation, a preceding total', async () => {
    const res = await waterml(`station=${stations[1].uniqueId}&code=SRA1H&datetime=2026-03-01T00:00:00Z/2026-03-01T06:00:00Z`);
    expect(res.status).toBe(200);
    const check = await validate(res.text, 'rain');
    expect(check.valid, check.stderr).toBe(true);
    expect(res.text).toContain('interpolationType/TotalPrec');
    expect(res.text).toContain('<wml2:uom code="mm"/>');
    expect(count(res.text, /<wml2:point>/g)).toBe(37);
  });

  it('is valid for a range without readings, and says 400 for a range too long', async () => {
    const empty = await waterml(`station=${stations[1].uniqueId}&code=_T&datetime=2025-01-01/2025-01-31`);
    expect(empty.status).toBe(200);
    expect(count(empty.text, /<wml2:point>/g)).toBe(0);
    const check = await validate(empty.text, 'empty');
    expect(check.valid, check.stderr).toBe(true);
    expect((await waterml(`station=${stations[1].uniqueId}&code=_T&datetime=2024-01-01/2026-01-01`)).status).toBe(400);
  });

  it('is valid for a station without coordinates, its feature of interest named by reference', async () => {
    const res = await waterml(`station=${nowhere}&code=H1&datetime=2026-03-01`);
    expect(res.status).toBe(200);
    const check = await validate(res.text, 'nowhere');
    expect(check.valid, check.stderr).toBe(true);
    expect(count(res.text, /<wml2:point>/g)).toBe(6);
    expect(res.text).toContain(`<om:featureOfInterest xlink:href="${base}/ogc/collections/stations/items/${nowhere}"`);
  });
});
