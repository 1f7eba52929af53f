/**
 * The front door (decision 045): what the server (scripts/serve.ts) asks before handing a request
 * to the framework. The built pages open it when their middleware loads (the shell's front:
 * kept pages answered from memory); until then, and for every request it does not answer, the
 * framework renders as before.
 *
 * The server script and the built pages load their own copies of this module, so the door is
 * kept on globalThis, like the database handle (decision 001).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

/** Answers the request and resolves true, or leaves it untouched and resolves false. */
export type FrontDoor = (req: IncomingMessage, res: ServerResponse) => Promise<boolean>;

const KEY = Symbol.for('shop.frontDoor');
type Holder = { [KEY]?: FrontDoor };

export function openFrontDoor(door: FrontDoor): void {
  (globalThis as Holder)[KEY] = door;
}

export function frontDoor(): FrontDoor | undefined {
  return (globalThis as Holder)[KEY];
}
