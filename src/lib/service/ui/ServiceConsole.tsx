/**
 * The 客服 tab (role 5) and the owner's console: the shop's conversations (open first, newest
 * first) with their unread badges (99+ above 99), updated live over the console's event stream;
 * opening one reads its history and marks it read; 发送 replies with a text or a picture;
 * 结束会话 closes it.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Wire } from '#lib/platform/contract.ts';
import type { ConversationView } from '#lib/service/index.server.ts';
import { readIds, unreadBadge } from '#lib/service/index.ts';
import { ConversationStatus } from '#lib/service/index.ts';
import { toast } from '#lib/platform/toast.ts';
import { shopClock, shopDay, shopMonthDay } from '#lib/platform/time.ts';
import {
  closeChat,
  consoleList,
  consoleMessages,
  consoleRead,
  reply,
  type Send,
} from '#lib/service/index.ts';
import { useHydrated } from '../../../ui/use-hydrated.ts';
import MessageItem, { type CardLinks, type MessageWire } from './MessageItem.tsx';
import Composer from './Composer.tsx';
import { useChat, useScrollTop } from './use-chat.ts';
import { openLiveStream } from './live-stream.ts';
import './chat.css';

type Conversation = Wire<ConversationView>;

interface Props {
  conversations: Conversation[];
  links: CardLinks;
  streamPath: string;
  /** The newest message id when the page was rendered: the stream resumes after it. */
  lastMessageId: number;
}

function order(list: Conversation[]): Conversation[] {
  return [...list].sort(
    (a, b) =>
      a.status - b.status ||
      b.lastMessageAt.localeCompare(a.lastMessageAt) ||
      b.conversationId - a.conversationId,
  );
}

/** Today's time or an earlier day, in the shop's zone (the server and the phone agree). */
function when(iso: string): string {
  const at = new Date(iso);
  return shopDay(at) === shopDay(new Date()) ? shopClock(at) : shopMonthDay(at);
}

export default function ServiceConsole(props: Props) {
  const hydrated = useHydrated();
  const [conversations, setConversations] = useState(() => order(props.conversations));
  const [openId, setOpenId] = useState<number | null>(null);
  const [loading, setLoading] = useState(false);
  const chat = useChat([], false);
  const openRef = useRef<number | null>(null);
  useScrollTop(() => {
    const id = openRef.current;
    if (id !== null) void chat.loadEarlier((before) => consoleMessages(id, before));
  });

  const upsert = useCallback((summary: Conversation) => {
    setConversations((all) =>
      order([...all.filter((c) => c.conversationId !== summary.conversationId), summary]),
    );
  }, []);

  useEffect(() => {
    const stop = openLiveStream<MessageWire, Conversation>(
      props.streamPath,
      props.lastMessageId,
      'conversation',
      {
        onMessage: (message) => {
          if (message.conversationId !== openRef.current) return;
          chat.add([message]);
          if (!message.fromShop && document.visibilityState === 'visible') {
            void consoleRead(message.conversationId).catch(() => {});
          }
        },
        onState: upsert,
      },
    );
    return stop;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  async function open(conversationId: number) {
    setLoading(true);
    openRef.current = conversationId;
    setOpenId(conversationId);
    try {
      const page = await consoleMessages(conversationId);
      if (openRef.current !== conversationId) return;
      chat.reset(page.messages, page.hasMore);
      if (page.conversation) upsert(page.conversation);
      if ((page.conversation?.shopUnread ?? 0) > 0) await consoleRead(conversationId);
    } catch {
      setOpenId(null);
      openRef.current = null;
    } finally {
      setLoading(false);
    }
  }

  function back() {
    openRef.current = null;
    setOpenId(null);
    chat.reset([], false);
    void consoleList()
      .then((fresh) => setConversations(order(fresh.conversations)))
      .catch(() => {});
  }

  async function send(body: Send) {
    const message = await reply(openId!, body);
    chat.add([message]);
    return message;
  }

  async function close() {
    if (openId === null) return;
    try {
      upsert(await closeChat(openId));
      toast('会话已结束');
    } catch {
      // Toasted by the request client.
    }
  }

  const total = conversations.reduce((sum, c) => sum + c.shopUnread, 0);
  const current = conversations.find((c) => c.conversationId === openId) ?? null;

  if (openId !== null) {
    const read = readIds(chat.messages, 'shop', current?.shopperUnread ?? 0);
    return (
      <section
        className="console-chat"
        aria-label={`与${current?.shopper.nickname ?? '顾客'}的对话`}
      >
        <header className="console-chat-head">
          <button type="button" className="console-back" onClick={back}>
            返回列表
          </button>
          <h2>{current?.shopper.nickname ?? '顾客'}</h2>
          {current?.status === ConversationStatus.Open ? (
            <button type="button" className="console-close" disabled={!hydrated} onClick={close}>
              结束会话
            </button>
          ) : (
            <span className="console-closed-tag">已结束</span>
          )}
        </header>
        <ol className="chat-list" data-chat-list>
          {loading && <li className="chat-welcome">加载中…</li>}
          {chat.hasMore && (
            <li className="chat-earlier">
              <button
                type="button"
                disabled={chat.loadingEarlier}
                onClick={() => void chat.loadEarlier((before) => consoleMessages(openId, before))}
              >
                {chat.loadingEarlier ? '加载中…' : '查看更早的消息'}
              </button>
            </li>
          )}
          {chat.messages.map((message) => (
            <MessageItem
              key={message.id}
              message={message}
              mine={message.fromShop}
              read={message.fromShop ? read.has(message.id) : undefined}
              links={props.links}
            />
          ))}
        </ol>
        <div className="chat-foot">
          <Composer send={send} disabled={!hydrated || loading} placeholder="回复顾客" />
        </div>
      </section>
    );
  }

  return (
    <section className="console" aria-label="咨询列表">
      <header className="console-head">
        <h1>客服工作台</h1>
        <span className="console-total" data-total-unread={total}>
          {total > 0 ? `${unreadBadge(total)} 条未读` : '暂无未读'}
        </span>
      </header>
      {conversations.length === 0 ? (
        <p className="console-empty">暂时还没有顾客咨询</p>
      ) : (
        <ul className="console-list">
          {conversations.map((c) => (
            <li key={c.conversationId}>
              <button
                type="button"
                className="console-item"
                disabled={!hydrated}
                onClick={() => void open(c.conversationId)}
                data-conversation-id={c.conversationId}
                data-status={c.status}
              >
                <span className="console-avatar" aria-hidden="true">
                  {c.shopper.avatarUrl ? (
                    <img src={c.shopper.avatarUrl} alt="" width="44" height="44" />
                  ) : (
                    [...c.shopper.nickname][0]
                  )}
                  {c.shopUnread > 0 && (
                    <span className="console-badge" data-unread-badge>
                      {unreadBadge(c.shopUnread)}
                    </span>
                  )}
                </span>
                <span className="console-item-body">
                  <span className="console-item-top">
                    <span className="console-name">{c.shopper.nickname}</span>
                    <span className="console-time">{when(c.lastMessageAt)}</span>
                  </span>
                  <span className="console-preview">
                    {c.status === ConversationStatus.Closed && (
                      <span className="console-closed-tag">已结束</span>
                    )}
                    {c.lastPreview}
                  </span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
