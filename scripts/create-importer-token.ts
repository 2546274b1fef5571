/**
 * Creates an importer token, which may post readings for any station (by unique_id):
 *   npm run create-importer-token [-- --local]
 * The token is printed once; only its SHA-256 is stored.
 */
import { parseArgs } from 'node:util';
import { storeImporterToken } from './lib/ingest';

const { values } = parseArgs({ options: { local: { type: 'boolean', default: false } } });
const token = storeImporterToken(values.local ? '--local' : '--remote');
console.log(`Importer token (shown once; keep it secret):\n${token}`);
