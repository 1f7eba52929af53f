/**
 * The JS-SDK signature call, loaded lazily by the in-app share: a page that never shares inside
 * the messaging app loads neither the request client nor the contracts.
 */
import { call } from '#lib/platform/client.ts';
import * as IdentityEndpoints from '../endpoints.ts';

/** The messaging app's JS-SDK config for this page's URL (without its fragment). */
export function jsSdkSignature(url: string) {
  return call(IdentityEndpoints.signature, { query: { url } }, { silent: true });
}
