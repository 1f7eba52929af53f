/**
 * The shell's server door: `endpoint()`, which every API route is written with, the request
 * context, and the middleware's steps (src/middleware.ts runs them in order; docs/architecture.md).
 */
export { RETURN_COOKIE, SHOP_COOKIE, isInApp } from './context.server.ts';
export { endpoint } from './endpoint.server.ts';
export { anonymousCache } from './middleware/anonymous-cache.server.ts';
export { edge } from './middleware/edge.server.ts';
export { pagePolicyStep } from './middleware/page-policy.server.ts';
export { personalCache } from './middleware/personal-cache.server.ts';
export { shopContext } from './middleware/shop-context.server.ts';
export { viewer } from './middleware/viewer.server.ts';
export { VIEWER_FILL, agreementPrompts, cartCount, ownerPrompt } from './signed-in.server.ts';
export { createFront } from './front.server.ts';
