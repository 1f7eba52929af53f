/** The sharing calls the browser makes: share info, share confirmation, the forward texts. */
import { call } from '#lib/platform/client.ts';
import type { BodyOf } from '#lib/platform/contract.ts';
import * as SharingEndpoints from '../endpoints.ts';
import type { SharingContracts } from '../contracts.ts';
import type { ForwardTextView, ShareInfo } from '../contracts.ts';

/** A content's share info for this viewer (the server decides whom its links name). */
export function fetchShareInfo(
  shopBizCode: string,
  content: { contentType: number; contentId: string },
): Promise<ShareInfo> {
  return call(SharingEndpoints.shareContent, { query: { shopBizCode }, body: content });
}

/** Tells the server a share went out (commerce §3 share confirm). */
export function sendShareConfirmation(
  shopBizCode: string,
  body: BodyOf<typeof SharingContracts.confirm>,
): Promise<unknown> {
  return call(SharingEndpoints.confirm, { query: { shopBizCode }, body }, { silent: true });
}

/** Saves a keeper's forwarding text for a content type; answers the text as saved. */
export function saveForwardText(
  shopBizCode: string,
  contentType: number,
  text: string,
): Promise<ForwardTextView> {
  return call(SharingEndpoints.saveForwardText, {
    query: { shopBizCode },
    body: { contentType, text },
  });
}
