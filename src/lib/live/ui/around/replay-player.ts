/**
 * The replay player of live-review: the room's replay is an HLS playlist. Browsers that play HLS
 * themselves (Safari, the messaging app's browser, Chromium with native HLS) get it as the
 * video's source; elsewhere the page says so instead of showing a broken player.
 */
const HLS_TYPE = 'application/vnd.apple.mpegurl';

export function canPlayHlsNatively(video: HTMLVideoElement): boolean {
  return video.canPlayType(HLS_TYPE) !== '';
}

for (const video of document.querySelectorAll<HTMLVideoElement>('video[data-replay]')) {
  const src = video.dataset.replay ?? '';
  if (canPlayHlsNatively(video)) {
    video.src = src;
    video.dataset.player = 'native';
  } else {
    video.dataset.player = 'unsupported';
    const note = video.parentElement?.querySelector<HTMLElement>('[data-replay-unsupported]');
    if (note) note.hidden = false;
  }
}
