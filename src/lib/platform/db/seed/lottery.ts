/** The demo lottery of shop 1001 (filled in by the lottery work). */
import type { Tx } from '../client.server.ts';

export async function seedLottery(_tx: Tx, _now: Date): Promise<void> {}
