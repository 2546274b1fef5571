/**
 * One station's readings of one code as a WaterML 2.0 document (OGC 10-126r4): a `wml2:Collection` holding one
 * `om:OM_Observation` whose result is a `wml2:MeasurementTimeseries`. Default point metadata carries the unit (UCUM),
 * the interpolation type (continuous for levels, temperatures and the like; the total of the preceding hour for
 * precipitation) and the quality and approval most points share; a point that differs says its own. Quality flags are
 * WaterML's quality codes (good, suspect); approval is a qualifier (approved, provisional). Pure: no storage.
 */
import { isSummed, readingInfo } from '../../shared/readings';
import { unitOf } from '../db/sta';
import { approvedMark, suspectMark, type ObservationSeries } from '../station/observations';

export interface WatermlStation {
  uniqueId: string;
  name: string;
  source: string;
  /** Latitude and longitude (null without coordinates). */
  lat: number | null;
  lon: number | null;
}

export interface WatermlSeries {
  station: WatermlStation;
  code: string;
  /** The range asked for, [from, to] in epoch ms. */
  from: number;
  to: number;
  /** The points in columns, as the station's object reads them. */
  points: ObservationSeries;
  /** Where the document and the station's feature live (absolute URLs). */
  self: string;
  stationUrl: string;
  generated: number;
}

const wml2Def = 'http://www.opengis.net/def/waterml/2.0';
const approvalDefinition = 'urn:hladina:def:approval';

const escape = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;').replaceAll("'", '&apos;');
const iso = (ts: number) => new Date(ts).toISOString();
const dayMs = 86_400_000;
const digits = (width: number) => Array.from({ length: 10 ** width }, (_, n) => String(n).padStart(width, '0'));
const [twoDigits, threeDigits] = [digits(2), digits(3)];

/**
 * `iso` for a series in time order: a point's date is its day's, written once a day, and its time of day is put
 * together from tables (a year of 10-minute points spent a tenth of the document's time in `toISOString`).
 */
function isoWriter() {
  let [dayStart, date] = [NaN, ''];
  return (ts: number) => {
    let ms = ts - dayStart;
    if (!(ms >= 0 && ms < dayMs)) {
      dayStart = ts - (((ts % dayMs) + dayMs) % dayMs);
      date = iso(dayStart).slice(0, 11);
      ms = ts - dayStart;
    }
    const [hours, minutes, seconds] = [Math.floor(ms / 3_600_000), Math.floor(ms / 60_000) % 60, Math.floor(ms / 1000) % 60];
    return `${date}${twoDigits[hours]}:${twoDigits[minutes]}:${twoDigits[seconds]}.${threeDigits[ms % 1000]}Z`;
  };
}
/** A value as xs:double writes it (JSON's `Infinity` is `INF` there; stored readings are finite). */
const double = (n: number) => (Number.isFinite(n) ? String(n) : n > 0 ? 'INF' : '-INF');

const quality = (flag: string) => `<wml2:quality xlink:href="${wml2Def}/quality/${flag}" xlink:title="${flag}"/>`;
const approval = (approved: boolean) => {
  const value = approved ? 'approved' : 'provisional';
  return `<wml2:qualifier><swe:Category definition="${approvalDefinition}"><swe:label>Approval</swe:label><swe:value>${value}</swe:value></swe:Category></wml2:qualifier>`;
};

/** The station as a monitoring point (a sampling point needs a shape: without coordinates it is named by reference). */
function featureOfInterest({ station, stationUrl }: WatermlSeries) {
  if (station.lat === null || station.lon === null)
    return `<om:featureOfInterest xlink:href="${escape(stationUrl)}" xlink:title="${escape(station.name)}"/>`;
  return [
    '<om:featureOfInterest>',
    `<wml2:MonitoringPoint gml:id="station"><gml:identifier codeSpace="urn:hladina:station">${escape(station.uniqueId)}</gml:identifier>`,
    `<gml:name>${escape(station.name)}</gml:name>`,
    '<sa:type xlink:href="http://www.opengis.net/def/samplingFeatureType/OGC-OM/2.0/SF_SamplingPoint"/>',
    `<sa:sampledFeature xlink:href="${escape(stationUrl)}" xlink:title="${escape(station.name)}"/>`,
    `<sams:shape><gml:Point gml:id="station-point" srsName="http://www.opengis.net/def/crs/EPSG/0/4326"><gml:pos>${double(station.lat)} ${double(station.lon)}</gml:pos></gml:Point></sams:shape>`,
    '</wml2:MonitoringPoint></om:featureOfInterest>',
  ].join('\n');
}

/** Points per piece of the document: a year of 10-minute points is about 7.7 MB, sent as it is written. */
const piecePoints = 2000;

/** The document in pieces (its head, a few thousand points at a time, its tail), to be streamed. */
export function* watermlPieces(series: WatermlSeries): Generator<string> {
  const { station, code, points } = series;
  const { ts, value, marks } = points;
  const count = ts.length;
  const info = readingInfo(code)!;
  const unit = unitOf(info.unit);
  const summed = isSummed(code);
  const interpolation = summed
    ? `<wml2:interpolationType xlink:href="${wml2Def}/interpolationType/TotalPrec" xlink:title="Preceding total"/>`
    : `<wml2:interpolationType xlink:href="${wml2Def}/interpolationType/Continuous" xlink:title="Instantaneous"/>`;
  // What most points share goes into the default metadata; a point says only where it differs.
  let approvedShare = 0;
  for (let i = 0; i < count; i++) if (marks[i] & approvedMark) approvedShare++;
  const defaultApproved = approvedShare * 2 >= count && count > 0;
  const begin = iso(count ? ts[0] : series.from);
  const end = iso(count ? ts[count - 1] : series.to);
  yield [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<wml2:Collection xmlns:wml2="http://www.opengis.net/waterml/2.0" xmlns:gml="http://www.opengis.net/gml/3.2"',
    ' xmlns:om="http://www.opengis.net/om/2.0" xmlns:sa="http://www.opengis.net/sampling/2.0"',
    ' xmlns:sams="http://www.opengis.net/samplingSpatial/2.0" xmlns:swe="http://www.opengis.net/swe/2.0"',
    ' xmlns:xlink="http://www.w3.org/1999/xlink" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"',
    ' xsi:schemaLocation="http://www.opengis.net/waterml/2.0 http://schemas.opengis.net/waterml/2.0/waterml2.xsd" gml:id="collection">',
    `<gml:description>${escape(`${info.label} (${code}) at ${station.name}, ${iso(series.from)} to ${iso(series.to)}`)}</gml:description>`,
    `<gml:identifier codeSpace="urn:hladina">${escape(series.self)}</gml:identifier>`,
    '<wml2:metadata><wml2:DocumentMetadata gml:id="document">',
    `<wml2:generationDate>${iso(series.generated)}</wml2:generationDate><wml2:generationSystem>Hladina</wml2:generationSystem>`,
    '</wml2:DocumentMetadata></wml2:metadata>',
    '<wml2:observationMember><om:OM_Observation gml:id="observation">',
    `<om:type xlink:href="http://www.opengis.net/def/observationType/waterml/2.0/MeasurementTimeseriesTVPObservation"/>`,
    `<om:phenomenonTime><gml:TimePeriod gml:id="phenomenon-time"><gml:beginPosition>${begin}</gml:beginPosition><gml:endPosition>${end}</gml:endPosition></gml:TimePeriod></om:phenomenonTime>`,
    `<om:resultTime><gml:TimeInstant gml:id="result-time"><gml:timePosition>${iso(series.generated)}</gml:timePosition></gml:TimeInstant></om:resultTime>`,
    `<om:procedure xlink:href="urn:hladina:sensor:${escape(station.source)}" xlink:title="${escape(`${station.source} station logger`)}"/>`,
    `<om:observedProperty xlink:href="urn:hladina:reading:${escape(encodeURIComponent(code))}" xlink:title="${escape(info.label)}"/>`,
    featureOfInterest(series),
    '<om:result><wml2:MeasurementTimeseries gml:id="timeseries">',
    `<wml2:metadata><wml2:MeasurementTimeseriesMetadata><wml2:temporalExtent><gml:TimePeriod gml:id="temporal-extent"><gml:beginPosition>${iso(series.from)}</gml:beginPosition><gml:endPosition>${iso(series.to)}</gml:endPosition></gml:TimePeriod></wml2:temporalExtent></wml2:MeasurementTimeseriesMetadata></wml2:metadata>`,
    '<wml2:defaultPointMetadata><wml2:DefaultTVPMeasurementMetadata>',
    quality('good'),
    approval(defaultApproved),
    `<wml2:uom code="${escape(unit.ucum)}"/>`,
    interpolation,
    '</wml2:DefaultTVPMeasurementMetadata></wml2:defaultPointMetadata>',
  ].join('\n');
  const time = isoWriter();
  for (let first = 0; first < count; first += piecePoints) {
    let piece = '';
    for (let i = first; i < Math.min(count, first + piecePoints); i++) {
      const approved = (marks[i] & approvedMark) !== 0;
      const own = (marks[i] & suspectMark ? quality('suspect') : '') + (approved === defaultApproved ? '' : approval(approved));
      const metadata = own ? `<wml2:metadata><wml2:TVPMeasurementMetadata>${own}</wml2:TVPMeasurementMetadata></wml2:metadata>` : '';
      piece += `\n<wml2:point><wml2:MeasurementTVP><wml2:time>${time(ts[i])}</wml2:time><wml2:value>${double(value[i])}</wml2:value>${metadata}</wml2:MeasurementTVP></wml2:point>`;
    }
    yield piece;
  }
  yield '\n</wml2:MeasurementTimeseries></om:result></om:OM_Observation></wml2:observationMember></wml2:Collection>';
}
