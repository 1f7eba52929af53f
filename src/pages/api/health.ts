import { PlatformContracts } from '#lib/platform/contracts.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { checkHealth } from '#lib/platform/health.server.ts';

export const GET = endpoint(PlatformContracts.health, ({ context }) =>
  checkHealth(context.locals.database),
);
