import { handle } from '#lib/platform/http.server.ts';
import { register } from '../register/_register.ts';

/** POST registerSchool/{shopId}: the same application, arriving from the business school. */
export const POST = handle((context) => register(context, 'school'));
