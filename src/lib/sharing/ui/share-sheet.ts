/**
 * The share sheet (sharing/ui/ShareSheet.astro) once a share button is tapped: asks for the share
 * info, then offers 复制链接 (the link naming the sharer) and 保存海报 (the server's poster,
 * 长按保存). Inside the messaging app it also says where the app's own share menu is. Plain
 * TypeScript, loaded on the first tap.
 */
import { ChannelType, POSTER_NO, POSTER_SHARE_TEXT } from '#lib/sharing/index.ts';
import { toast } from '#lib/platform/toast.ts';
import { confirmShare, copyText, loadShareInfo } from './share-client.ts';

export interface ShareContent {
  contentType: number;
  contentId: string;
}

function part<T extends HTMLElement>(sheet: HTMLElement, name: string): T {
  return sheet.querySelector<T>(`[data-share-${name}]`)!;
}

/** Fills the open sheet for one content; a later opening supersedes an earlier one. */
let opening = 0;
export async function openShareSheet(sheet: HTMLDialogElement, content: ShareContent) {
  const mine = ++opening;
  const status = part<HTMLElement>(sheet, 'status');
  const copy = part<HTMLButtonElement>(sheet, 'copy');
  const posterButton = part<HTMLButtonElement>(sheet, 'poster');
  const view = part<HTMLElement>(sheet, 'poster-view');
  const picture = view.querySelector('img')!;
  part<HTMLElement>(sheet, 'hint').hidden = document.body.dataset.inApp !== 'true';
  view.hidden = true;
  copy.disabled = true;
  posterButton.disabled = true;
  status.hidden = false;
  status.textContent = '加载中…';
  let info;
  try {
    info = await loadShareInfo(content.contentType, content.contentId);
  } catch (error) {
    if (mine !== opening) return;
    status.textContent = error instanceof Error && error.message ? error.message : '加载失败';
    return;
  }
  if (mine !== opening) return;
  status.hidden = true;
  copy.disabled = false;
  posterButton.disabled = info.posterUrl === '';
  posterButton.hidden = info.posterUrl === '';
  copy.onclick = async () => {
    if (await copyText(info.shareLink)) {
      toast('链接已复制');
      void confirmShare(content, { scene: 'link', repostFormType: ChannelType.link, posterNo: 0 });
    } else {
      toast('复制失败，请长按链接复制');
    }
  };
  posterButton.onclick = () => {
    picture.src = info.posterUrl;
    view.querySelector('figcaption')!.textContent = POSTER_SHARE_TEXT;
    view.hidden = false;
    void confirmShare(content, {
      scene: 'poster',
      repostFormType: ChannelType.h5,
      posterNo: POSTER_NO,
    });
  };
}
