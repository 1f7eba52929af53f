import { handle } from '#lib/platform/http.server.ts';
import { checkHealth } from '#lib/platform/health.server.ts';

export const GET = handle(({ locals }) => checkHealth(locals.database));
