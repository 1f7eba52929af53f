/**
 * Every request passes these steps in order (docs/architecture.md, "Request path"); each may
 * answer, or hand on to the next and see the answer on its way back. Only requests for a page of
 * the route table go beyond the edge: the others pass the later steps untouched.
 */
import { sequence } from 'astro:middleware';
import { edge } from '#lib/shell/middleware/edge.server.ts';
import { shopContext } from '#lib/shell/middleware/shop-context.server.ts';
import { anonymousCache } from '#lib/shell/middleware/anonymous-cache.server.ts';
import { viewer } from '#lib/shell/middleware/viewer.server.ts';
import { personalCache } from '#lib/shell/middleware/personal-cache.server.ts';

export const onRequest = sequence(edge, shopContext, anonymousCache, viewer, personalCache);
