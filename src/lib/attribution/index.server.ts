/**
 * The attribution area's server door (docs/architecture.md "Doors"): the queries and commands other
 * areas and pages may call. Everything else in the folder is the area's own.
 */
export { activeKeeper, attributeOrder, isActiveKeeper, noteArrival } from './attribution.server.ts';
