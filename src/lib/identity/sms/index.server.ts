/**
 * Sending text messages. Every provider speaks the same small interface; env().SMS_PROVIDER
 * picks one. `console` (the default) logs each message and keeps it in the dev outbox.
 */
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import { env } from '#lib/platform/env.server.ts';
import { consoleSms } from './console.server.ts';

export interface SmsProvider {
  send(phone: string, text: string): Promise<void>;
}

export type SmsProviderName = ReturnType<typeof env>['SMS_PROVIDER'];

/** The configured provider. The console provider writes its outbox through `db`. */
export function smsProvider(db: DbOrTx, name: SmsProviderName = env().SMS_PROVIDER): SmsProvider {
  switch (name) {
    case 'console':
      return consoleSms(db);
  }
}

/**
 * The dev outbox (GET /api/dev/sms-outbox) hands out codes, so it exists only when asked for
 * (SMS_DEV_OUTBOX, set by the test suite and for local demos) and the console provider is on.
 */
export function devOutboxEnabled(
  name: SmsProviderName = env().SMS_PROVIDER,
  enabled: boolean = env().SMS_DEV_OUTBOX,
): boolean {
  return enabled && name === 'console';
}
