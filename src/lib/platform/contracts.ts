/** The platform's own endpoint contract: the health check. */
import { contract } from './contract.ts';
import type { Health } from './health.server.ts';

export const PlatformContracts = {
  /** One round trip to the database. */
  health: contract<Health>()({ method: 'GET', path: '/api/health' }),
};
