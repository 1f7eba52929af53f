import { handle } from '#lib/platform/http.server.ts';
import { register } from './_register.ts';

/** POST register/{shopId}: the user becomes a shop keeper here → { currentRole: 3 }. */
export const POST = handle((context) => register(context, 'normal'));
