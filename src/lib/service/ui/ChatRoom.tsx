/**
 * im-index: the shopper's chat with the shop. History (earlier pages when scrolled to the top),
 * text, pictures, a product card (from the product page's 客服 link) and the shopper's recent
 * orders as cards; live replies over the conversation's event stream, which comes back by itself
 * after a lost connection; the shop's replies marked read while the page is in view, and the
 * shopper's own messages marked 已读 once the shop has read them.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Wire } from '#lib/platform/contract.ts';
import type { ConversationView } from '#lib/service/index.server.ts';
import { readIds } from '#lib/service/index.ts';
import { ConversationStatus } from '#lib/service/index.ts';
import { formatYuan } from '#lib/platform/money.ts';
import { markRead, olderMessages, sendToShop, type Send } from '#lib/service/index.ts';
import { useHydrated } from '../../../ui/use-hydrated.ts';
import MessageItem, { type CardLinks, type MessageWire } from './MessageItem.tsx';
import Composer from './Composer.tsx';
import { useChat, useScrollTop } from './use-chat.ts';
import { openLiveStream } from './live-stream.ts';
import './chat.css';

export interface OrderChoice {
  orderNo: string;
  statusText: string;
  payCents: number;
  imageUrl: string | null;
  title: string;
}

export interface ProductChoice {
  productNo: string;
  name: string;
  imageUrl: string | null;
  priceCents: number;
}

interface Props {
  shopName: string;
  conversation: Wire<ConversationView> | null;
  messages: MessageWire[];
  hasMore: boolean;
  links: CardLinks;
  streamPath: string;
  /** The product the shopper came from (im-index?productNo=…), offered as a card to send. */
  product: ProductChoice | null;
  orders: OrderChoice[];
}

export default function ChatRoom(props: Props) {
  const hydrated = useHydrated();
  const chat = useChat(props.messages, props.hasMore);
  useScrollTop(() => void chat.loadEarlier(olderMessages));
  const [conversation, setConversation] = useState(props.conversation);
  const [connected, setConnected] = useState(true);
  const [product, setProduct] = useState(props.product);
  const [picking, setPicking] = useState(false);
  const unreadRef = useRef(props.conversation?.shopperUnread ?? 0);

  const readNow = useCallback(() => {
    if (document.visibilityState !== 'visible' || unreadRef.current === 0) return;
    unreadRef.current = 0;
    void markRead().catch(() => {});
  }, []);

  useEffect(() => {
    const last = props.messages.at(-1)?.id ?? 0;
    const stop = openLiveStream<MessageWire, Wire<ConversationView> | null>(
      props.streamPath,
      last,
      'state',
      {
        onMessage: (message) => {
          chat.add([message]);
          if (message.fromShop) {
            unreadRef.current += 1;
            readNow();
          }
        },
        onState: (state) => {
          if (!state) return;
          setConversation(state);
          unreadRef.current = state.shopperUnread;
          readNow();
        },
        onStatus: setConnected,
      },
    );
    readNow();
    document.addEventListener('visibilitychange', readNow);
    return () => {
      stop();
      document.removeEventListener('visibilitychange', readNow);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  async function send(body: Send) {
    const message = await sendToShop(body);
    chat.add([message]);
    return message;
  }

  async function sendCard(body: Send, done: () => void) {
    try {
      await send(body);
      done();
    } catch {
      // Toasted by the request client.
    }
  }

  const read = readIds(chat.messages, 'shopper', conversation?.shopUnread ?? 0);
  const closed = conversation?.status === ConversationStatus.Closed;

  return (
    <section className="chat" aria-label={`与${props.shopName}的对话`}>
      {!connected && (
        <p className="chat-offline" role="status">
          连接已断开，正在重新连接…
        </p>
      )}
      <ol className="chat-list" data-chat-list>
        {chat.hasMore && (
          <li className="chat-earlier">
            <button
              type="button"
              disabled={!hydrated || chat.loadingEarlier}
              onClick={() => void chat.loadEarlier(olderMessages)}
            >
              {chat.loadingEarlier ? '加载中…' : '查看更早的消息'}
            </button>
          </li>
        )}
        {chat.messages.length === 0 && (
          <li className="chat-welcome">您好，欢迎咨询{props.shopName}，请问有什么可以帮您？</li>
        )}
        {chat.messages.map((message) => (
          <MessageItem
            key={message.id}
            message={message}
            mine={!message.fromShop}
            read={message.fromShop ? undefined : read.has(message.id)}
            links={props.links}
          />
        ))}
        {closed && <li className="chat-closed">本次咨询已结束，发送消息可再次咨询</li>}
      </ol>
      <div className="chat-foot">
        {product && (
          <div className="chat-offer" data-offer="product">
            {product.imageUrl && <img src={product.imageUrl} alt="" width="48" height="48" />}
            <span className="chat-offer-body">
              <span className="chat-card-title">{product.name}</span>
              <span className="chat-card-price">¥{formatYuan(product.priceCents)}</span>
            </span>
            <button
              type="button"
              className="chat-offer-send"
              disabled={!hydrated}
              onClick={() =>
                void sendCard({ kind: 'product', productNo: product.productNo }, () =>
                  setProduct(null),
                )
              }
            >
              发送商品
            </button>
          </div>
        )}
        {picking && (
          <div className="chat-picker" role="dialog" aria-label="选择订单">
            <header>
              <span>选择要咨询的订单</span>
              <button type="button" onClick={() => setPicking(false)}>
                关闭
              </button>
            </header>
            {props.orders.length === 0 ? (
              <p className="chat-picker-empty">暂无订单</p>
            ) : (
              <ul>
                {props.orders.map((order) => (
                  <li key={order.orderNo}>
                    <button
                      type="button"
                      data-order-no={order.orderNo}
                      onClick={() =>
                        void sendCard({ kind: 'order', orderNo: order.orderNo }, () =>
                          setPicking(false),
                        )
                      }
                    >
                      {order.imageUrl && <img src={order.imageUrl} alt="" width="48" height="48" />}
                      <span className="chat-offer-body">
                        <span className="chat-card-title">{order.title}</span>
                        <span className="chat-card-meta">
                          {order.statusText} · 实付 ¥{formatYuan(order.payCents)}
                        </span>
                      </span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </div>
        )}
        <Composer
          send={send}
          disabled={!hydrated}
          extra={
            <button
              type="button"
              className="chat-tool"
              disabled={!hydrated}
              onClick={() => setPicking((open) => !open)}
            >
              订单
            </button>
          }
        />
      </div>
    </section>
  );
}
