/**
 * The shop's pages forbid eval (Content-Security-Policy), and zod probes for it in a browser when
 * it builds its first object schema. Imported first by the isomorphic modules that build object
 * schemas as they load (contract.ts, so every contract; and the rule modules islands import), it
 * turns zod's compiled parsers off in the browser before anything can probe.
 */
import { z } from 'zod';

if (typeof document !== 'undefined') z.config({ jitless: true });
