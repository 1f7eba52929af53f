/**
 * The room's player: HLS natively where the browser plays it (Safari, iOS, most Android
 * browsers), else hls.js in its light build (no subtitles, DRM or alternate audio: a live room has
 * none), loaded only here and only then. Autoplay starts muted (browsers allow
 * nothing else); a tap on the video turns the sound on.
 */
export async function startPlayer(video: HTMLVideoElement, src: string): Promise<void> {
  video.muted = true;
  video.addEventListener('click', () => {
    video.muted = false;
    void video.play().catch(() => {});
  });
  if (video.canPlayType('application/vnd.apple.mpegurl')) {
    video.src = src;
    void video.play().catch(() => {});
    return;
  }
  const { default: Hls } = await import('hls.js/light');
  if (!Hls.isSupported()) return;
  // No worker: the page's policy runs scripts from the shop only, not from blob: URLs.
  const hls = new Hls({ enableWorker: false, liveSyncDurationCount: 2 });
  hls.loadSource(src);
  hls.attachMedia(video);
  hls.on(Hls.Events.MANIFEST_PARSED, () => void video.play().catch(() => {}));
  hls.on(Hls.Events.ERROR, (_event, data) => {
    if (!data.fatal) return;
    if (data.type === Hls.ErrorTypes.NETWORK_ERROR) hls.startLoad();
    else if (data.type === Hls.ErrorTypes.MEDIA_ERROR) hls.recoverMediaError();
    else hls.destroy();
  });
  addEventListener('pagehide', () => hls.destroy());
}
