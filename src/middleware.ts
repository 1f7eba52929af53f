/**
 * Every request passes these steps in order (docs/architecture.md, "Request path"); each may
 * answer, or hand on to the next and see the answer on its way back. Only requests for a page of
 * the route table go beyond the edge: the others pass the later steps untouched.
 *
 * Loading them opens the front door (decision 045): the server then answers a page kept in
 * memory before it gets here, doing on the way what these steps would.
 */
import { sequence } from 'astro:middleware';
import { database } from '#lib/platform/app.server.ts';
import { openFrontDoor } from '#lib/platform/front-door.server.ts';
import {
  anonymousCache,
  edge,
  createFront,
  pagePolicyStep,
  personalCache,
  shopContext,
  viewer,
} from '#lib/shell/index.server.ts';

export const onRequest = sequence(
  pagePolicyStep,
  edge,
  shopContext,
  anonymousCache,
  viewer,
  personalCache,
  pagePolicyStep,
);

openFrontDoor(createFront(database));
