/**
 * The console SMS provider for development, tests and demos: logs `[sms] phone code` and keeps
 * every message in the dev outbox (outbox.server.ts). A demo only: production refuses it.
 */
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import type { SmsProvider } from './index.server.ts';
import { recordOutbox } from './outbox.server.ts';

export function consoleSms(db: DbOrTx): SmsProvider {
  return {
    async send(phone, text) {
      await recordOutbox(db, phone, text);
    },
  };
}
