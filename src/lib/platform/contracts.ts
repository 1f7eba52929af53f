/** The platform's own endpoint contract: the health check. */
import { contract } from './contract.ts';

export const PlatformContracts = {
  /** One round trip to the database: { status, database, time }. */
  health: contract<unknown>()({ method: 'GET', path: '/api/health' }),
};
