import { inject } from 'vitest';
import { fromSetup } from '../support/setup-file';
import type { ClientsServer } from './server';

/** The seeded server, once the global setup has it up (it fails the file that asks if the setup failed). */
export const clientsServer = (): Promise<ClientsServer> => fromSetup(inject('clientsServerFile'), 'the clients server', 3);
