/**
 * The browser side of sharing: a content's share info (asked once per page and content), the
 * share confirmation, and copying a link.
 */
import type { ShareInfo } from '#lib/sharing/index.ts';
import { fetchShareInfo, sendShareConfirmation } from './calls.ts';

const asked = new Map<string, Promise<ShareInfo>>();

/** The share info of a content for this viewer (the server decides whom its links name). */
export function loadShareInfo(contentType: number, contentId: string): Promise<ShareInfo> {
  const key = `${contentType}:${contentId}`;
  let pending = asked.get(key);
  if (!pending) {
    pending = fetchShareInfo(document.body.dataset.shopId ?? '', { contentType, contentId });
    pending.catch(() => asked.delete(key));
    asked.set(key, pending);
  }
  return pending;
}

function requestId(): string {
  return crypto.randomUUID().replaceAll('-', '');
}

/**
 * Tells the server a share went out (commerce §3 share confirm), for a signed-in shopper only;
 * never in the way of the share itself.
 */
export async function confirmShare(
  content: { contentType: number; contentId: string },
  how: { scene: 'card' | 'link' | 'poster'; repostFormType: 1 | 2 | 3; posterNo: number },
): Promise<void> {
  if (!document.body.dataset.userId) return;
  try {
    await sendShareConfirmation(document.body.dataset.shopId ?? '', {
      requestId: requestId(),
      entryType: 1,
      ifDirectRepost: true,
      confirmNum: 1,
      ...how,
      extraMap: content,
    });
  } catch {
    // A lost confirmation costs a count, never the share.
  }
}

/** Copies text: the clipboard API, else a selected text field and the copy command. */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const field = document.createElement('textarea');
    field.value = text;
    field.setAttribute('readonly', '');
    field.style.position = 'fixed';
    field.style.opacity = '0';
    document.body.append(field);
    field.select();
    const done = document.execCommand('copy');
    field.remove();
    return done;
  }
}
