/**
 * Inside the messaging app: sets the page's share data through the app's JS-SDK, so a forwarded
 * card shows the content's title, description and picture, and its link names the sharer (the
 * server decides: only an active shop keeper). Loaded only inside the app.
 */
import { readyJsSdk } from '#lib/identity/ui/js-sdk.ts';
import { loadShareInfo } from './share-client.ts';

export async function setInAppShareData(contentType: number, contentId: string): Promise<void> {
  const [info, sdk] = await Promise.all([
    loadShareInfo(contentType, contentId),
    readyJsSdk(['updateAppMessageShareData', 'updateTimelineShareData']),
  ]);
  if (!sdk) return;
  sdk.updateAppMessageShareData({
    title: info.title,
    desc: info.desc,
    link: info.link,
    imgUrl: info.imgUrl,
  });
  sdk.updateTimelineShareData({ title: info.title, link: info.link, imgUrl: info.imgUrl });
}
