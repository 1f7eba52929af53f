/**
 * Every request passes these steps in order (docs/architecture.md, "Request path"); each may
 * answer, or hand on to the next and see the answer on its way back. Only requests for a page of
 * the route table go beyond the edge: the others pass the later steps untouched.
 */
import { sequence } from 'astro:middleware';
import {
  anonymousCache,
  edge,
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
