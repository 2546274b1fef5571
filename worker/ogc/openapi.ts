/**
 * The OpenAPI 3.0 document of the OGC API – Features (`/ogc/api`, conformance class oas30): every path, the common
 * parameters with `limit`'s default and maximum, each collection's property filters as query parameters (GDAL reads
 * them as its queryables), and the two ways to authenticate.
 */
import { collections, type CollectionInfo } from './collections';
import { defaultLimit, maxLimit } from './params';

export const openApiType = 'application/vnd.oai.openapi+json;version=3.0';

const ref = (name: string) => ({ $ref: `#/components/parameters/${name}` });
const jsonContent = (description: string) => ({ description, content: { 'application/json': { schema: { type: 'object' } } } });
const geoJsonContent = (description: string) => ({
  description,
  content: { 'application/geo+json': { schema: { type: 'object' } }, 'application/json': { schema: { type: 'object' } } },
});
const errors = {
  '400': jsonContent('A parameter the API does not define, or a value it cannot read.'),
  '401': jsonContent('No credentials, or ones that were not taken.'),
  '404': jsonContent('Nothing of that id (or nothing the caller may see).'),
};
const open = { security: [] as unknown[] };

function collectionPaths(c: CollectionInfo) {
  const filters = Object.entries(c.queryables).map(([name, q]) => ({
    name,
    in: 'query',
    required: false,
    description: q.description,
    schema: { type: q.type, ...(q.format ? { format: q.format } : {}), ...(q.enum ? { enum: q.enum } : {}) },
  }));
  return {
    [`/collections/${c.id}`]: {
      get: {
        summary: `The ${c.title.toLowerCase()} collection`,
        operationId: `${c.id}Collection`,
        parameters: [ref('f')],
        responses: { '200': jsonContent(c.description), ...errors },
      },
    },
    [`/collections/${c.id}/items`]: {
      get: {
        summary: `${c.title}, a page at a time`,
        description: `${c.description} datetime is compared with ${c.temporal}.`,
        operationId: `${c.id}Items`,
        parameters: [ref('limit'), ref('bbox'), ref('bbox-crs'), ref('datetime'), ref('cursor'), ref('f'), ...filters],
        responses: { '200': geoJsonContent('A GeoJSON FeatureCollection with next and prev links.'), ...errors },
      },
    },
    [`/collections/${c.id}/items/{featureId}`]: {
      get: {
        summary: `One of the ${c.title.toLowerCase()}`,
        operationId: `${c.id}Item`,
        parameters: [ref('featureId'), ref('f')],
        responses: { '200': geoJsonContent('A GeoJSON Feature.'), ...errors },
      },
    },
  };
}

/** The API document, its server the API's absolute root. */
export function openApiDocument(root: string) {
  return {
    openapi: '3.0.3',
    info: {
      title: 'Hladina OGC API – Features',
      version: '1.0.0',
      description:
        'Stations, their daily statistics and their readings as OGC API – Features (Part 1 Core, GeoJSON), and one station’s code as WaterML 2.0. Everything but this document, the landing page and the conformance declaration needs credentials: an integration token (profile → API tokens) as Bearer or as the password of HTTP Basic.',
    },
    servers: [{ url: root }],
    security: [{ bearer: [] }, { basic: [] }],
    paths: {
      '/': {
        get: {
          summary: 'Landing page',
          operationId: 'landingPage',
          ...open,
          parameters: [ref('f')],
          responses: { '200': jsonContent('Links to the API document, the conformance declaration and the collections.') },
        },
      },
      '/conformance': {
        get: {
          summary: 'Conformance classes',
          operationId: 'conformance',
          ...open,
          parameters: [ref('f')],
          responses: { '200': jsonContent('conformsTo: the classes implemented.') },
        },
      },
      '/api': {
        get: {
          summary: 'This document',
          operationId: 'api',
          ...open,
          responses: { '200': { description: 'OpenAPI 3.0', content: { [openApiType]: { schema: { type: 'object' } } } } },
        },
      },
      '/collections': {
        get: {
          summary: 'The collections',
          operationId: 'collections',
          parameters: [ref('f')],
          responses: { '200': jsonContent('stations, daily and observations, with their extents.'), ...errors },
        },
      },
      ...Object.assign({}, ...collections.map(collectionPaths)),
      '/collections/observations/waterml': {
        get: {
          summary: 'One station’s readings of one code as WaterML 2.0',
          description:
            'A wml2:Collection with one MeasurementTimeseries: default point metadata (UCUM unit, interpolation type, quality, approval), and per point the quality and approval where they differ. At most 366 days and 200,000 readings; without datetime, the last 30 days.',
          operationId: 'observationsWaterml',
          parameters: [
            { name: 'station', in: 'query', required: true, description: "The station's unique id.", schema: { type: 'string' } },
            { name: 'code', in: 'query', required: true, description: 'A reading code of the station.', schema: { type: 'string' } },
            ref('datetime'),
          ],
          responses: {
            '200': { description: 'WaterML 2.0 (OGC 10-126r4)', content: { 'application/xml': { schema: { type: 'string' } } } },
            ...errors,
          },
        },
      },
    },
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer' }, basic: { type: 'http', scheme: 'basic' } },
      parameters: {
        limit: {
          name: 'limit',
          in: 'query',
          required: false,
          description: `Most features a page holds (${defaultLimit} unless given; more than ${maxLimit} is taken as ${maxLimit}).`,
          schema: { type: 'integer', minimum: 1, maximum: maxLimit, default: defaultLimit },
          style: 'form',
          explode: false,
        },
        bbox: {
          name: 'bbox',
          in: 'query',
          required: false,
          description: 'Only features within west,south,east,north (WGS 84 longitude and latitude).',
          schema: { type: 'array', minItems: 4, maxItems: 6, items: { type: 'number' } },
          style: 'form',
          explode: false,
        },
        'bbox-crs': {
          name: 'bbox-crs',
          in: 'query',
          required: false,
          schema: { type: 'string', format: 'uri', enum: ['http://www.opengis.net/def/crs/OGC/1.3/CRS84'] },
        },
        datetime: {
          name: 'datetime',
          in: 'query',
          required: false,
          description: 'An instant or an interval (start/end, either end open as ..), RFC 3339; a date is its whole UTC day.',
          schema: { type: 'string' },
          style: 'form',
          explode: false,
        },
        cursor: {
          name: 'cursor',
          in: 'query',
          required: false,
          description: 'Where a page continues: follow the next and prev links.',
          schema: { type: 'string' },
        },
        f: {
          name: 'f',
          in: 'query',
          required: false,
          description: 'The encoding: JSON (GeoJSON for features).',
          schema: { type: 'string', enum: ['json', 'geojson'] },
        },
        featureId: { name: 'featureId', in: 'path', required: true, schema: { type: 'string' } },
      },
    },
  };
}
