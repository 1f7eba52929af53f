/** The catalog area's server door (docs/architecture.md): stock taken and given back. */
export { returnStock, takeStock } from './stock.server.ts';
