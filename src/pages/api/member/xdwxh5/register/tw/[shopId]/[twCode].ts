import { handle } from '#lib/platform/http.server.ts';
import { register } from '../../_register.ts';

/** POST register/tw/{shopId}/{twCode}: the application with an invitation code. */
export const POST = handle((context) => register(context, 'tw'));
