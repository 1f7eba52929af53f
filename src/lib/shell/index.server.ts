/**
 * The shell's server door: what code outside the shell area uses of it on the server. Today the
 * middleware's steps (src/middleware.ts runs them in this order; docs/architecture.md).
 */
export { edge } from './middleware/edge.server.ts';
export { shopContext } from './middleware/shop-context.server.ts';
export { anonymousCache } from './middleware/anonymous-cache.server.ts';
export { viewer } from './middleware/viewer.server.ts';
export { personalCache } from './middleware/personal-cache.server.ts';
