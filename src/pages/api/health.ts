import { handle } from '../../lib/server/http.ts';
import { checkHealth } from '../../lib/server/services/health.ts';

export const GET = handle(({ locals }) => checkHealth(locals.database));
