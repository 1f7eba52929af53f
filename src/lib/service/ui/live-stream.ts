/**
 * A chat's live updates: an EventSource on one of the service streams. The browser reconnects by
 * itself after a dropped connection, sending the last message id it read (Last-Event-ID), and the
 * server replays what it missed. When the browser gives up (an answer that is not a stream, e.g.
 * while the server restarts) a new EventSource is opened a little later, resuming after the last
 * message id seen — so the chat always comes back by itself.
 */
export interface StreamHandlers<M, S> {
  onMessage(message: M): void;
  onState(state: S): void;
  /** Connected (true) or waiting to reconnect (false). */
  onStatus?(connected: boolean): void;
}

const RESTART_MS = 3_000;

export function openLiveStream<M extends { id: number }, S>(
  path: string,
  lastId: number,
  stateEvent: string,
  handlers: StreamHandlers<M, S>,
): () => void {
  let last = lastId;
  let source: EventSource | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  const open = () => {
    if (stopped) return;
    const url = new URL(path, location.href);
    url.searchParams.set('shopBizCode', document.body.dataset.shopId ?? '');
    if (last > 0) url.searchParams.set('lastEventId', String(last));
    const current = new EventSource(url, { withCredentials: true });
    source = current;
    current.onopen = () => handlers.onStatus?.(true);
    current.addEventListener('message', (event) => {
      const message = JSON.parse((event as MessageEvent<string>).data) as M;
      if (message.id > last) last = message.id;
      handlers.onMessage(message);
    });
    current.addEventListener(stateEvent, (event) => {
      handlers.onState(JSON.parse((event as MessageEvent<string>).data) as S);
    });
    current.onerror = () => {
      handlers.onStatus?.(false);
      if (current.readyState === EventSource.CLOSED) {
        current.close();
        clearTimeout(timer);
        timer = setTimeout(open, RESTART_MS);
      }
    };
  };
  open();
  return () => {
    stopped = true;
    clearTimeout(timer);
    source?.close();
  };
}
