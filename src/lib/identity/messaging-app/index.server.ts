/**
 * Signing in with the messaging app (DESIGN.md "Providers and sandboxes"): the OAuth-style
 * redirect to the app's consent, the exchange of the one-time code it returns for the user's
 * identity, and the JS-SDK ticket the signature endpoint signs with. env().MESSAGING_APP_PROVIDER
 * picks the provider; `sandbox` (the default) runs the protocol inside this server.
 */
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import { env } from '#lib/platform/env.server.ts';
import { sandboxMessagingApp } from './sandbox.server.ts';

/** Who the messaging app says the user is. */
export interface MessagingIdentity {
  /** Stable per user and app. */
  openId: string;
  nickname: string;
  avatarUrl: string | null;
  /** The phone the app holds for the user, verified by the app; null when it shares none. */
  defaultPhone: string | null;
}

export interface MessagingAppProvider {
  readonly appId: string;
  /**
   * Where to send the browser for the user's consent. The app comes back to `callback` with
   * `code` and `state` (no code when the user refused).
   */
  authorizeUrl(state: string, callback: string): string;
  /** The identity behind a one-time code, or null when the code is unknown, used or expired. */
  exchange(code: string): Promise<MessagingIdentity | null>;
  /** The current JS-SDK ticket (jsapi_ticket). */
  jsapiTicket(): Promise<string>;
}

export type MessagingAppProviderName = ReturnType<typeof env>['MESSAGING_APP_PROVIDER'];

/** The configured provider. The sandbox keeps its codes through `db`. */
export function messagingApp(
  db: DbOrTx,
  name: MessagingAppProviderName = env().MESSAGING_APP_PROVIDER,
  appId: string = env().MESSAGING_APP_ID,
): MessagingAppProvider {
  switch (name) {
    case 'sandbox':
      return sandboxMessagingApp(db, appId);
  }
}
