/**
 * The messages of one open chat, shared by im-index and the console: merged by id (a message
 * sent here also comes back on the stream), oldest first; earlier pages put before them with the
 * reader's place kept; the view follows new messages when the reader is at the bottom.
 */
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { MessageWire } from './MessageItem.tsx';

export function mergeMessages(list: MessageWire[], more: MessageWire[]): MessageWire[] {
  const byId = new Map(list.map((m) => [m.id, m]));
  for (const message of more) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/** The page's scrolling element: the messages scroll with the page. */
export const pageScroller = (): HTMLElement =>
  (document.scrollingElement as HTMLElement | null) ?? document.documentElement;

/** Calls `onTop` when the page is scrolled to (near) its top: load earlier messages. */
export function useScrollTop(onTop: () => void): void {
  const latest = useRef(onTop);
  latest.current = onTop;
  useEffect(() => {
    const listener = () => {
      if (pageScroller().scrollTop < 40) latest.current();
    };
    window.addEventListener('scroll', listener, { passive: true });
    return () => window.removeEventListener('scroll', listener);
  }, []);
}

export function useChat(initial: MessageWire[], initialHasMore: boolean) {
  const scroller = pageScroller;
  const [messages, setMessages] = useState(initial);
  const [hasMore, setHasMore] = useState(initialHasMore);
  const [loadingEarlier, setLoadingEarlier] = useState(false);
  const keep = useRef<{ height: number; top: number } | null>(null);
  const follow = useRef(true);

  const atBottom = () => {
    const el = scroller();
    return el.scrollHeight - el.scrollTop - el.clientHeight < 80;
  };

  const add = useCallback((more: MessageWire[]) => {
    follow.current = atBottom();
    setMessages((list) => mergeMessages(list, more));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const reset = useCallback((list: MessageWire[], more: boolean) => {
    follow.current = true;
    setMessages(list);
    setHasMore(more);
  }, []);

  const loadEarlier = useCallback(
    async (load: (before: number) => Promise<{ messages: MessageWire[]; hasMore: boolean }>) => {
      const first = messages[0];
      if (!first || !hasMore || loadingEarlier) return;
      setLoadingEarlier(true);
      try {
        const page = await load(first.id);
        const el = scroller();
        keep.current = { height: el.scrollHeight, top: el.scrollTop };
        follow.current = false;
        setMessages((list) => mergeMessages(list, page.messages));
        setHasMore(page.hasMore);
      } catch {
        // Toasted by the request client.
      } finally {
        setLoadingEarlier(false);
      }
    },
    [messages, hasMore, loadingEarlier],
  );

  useLayoutEffect(() => {
    const el = scroller();
    if (keep.current) {
      // Earlier messages went in above: keep what the reader was looking at in place.
      el.scrollTop = keep.current.top + (el.scrollHeight - keep.current.height);
      keep.current = null;
    } else if (follow.current && messages.length > 0) {
      el.scrollTop = el.scrollHeight;
    }
  }, [messages]);

  return { messages, hasMore, loadingEarlier, add, reset, loadEarlier };
}
