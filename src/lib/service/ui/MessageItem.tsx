/**
 * One chat message as both sides see it: a text bubble, a product or order card (links to the
 * product or the order), or a picture; the sender's own messages on the right with 已读 / 未读.
 */
import type { Wire } from '#lib/platform/contract.ts';
import type { MessageView } from '#lib/service/index.ts';
import { formatYuan } from '#lib/platform/money.ts';
import { shopClock, shopMonthDay } from '#lib/platform/time.ts';

export type MessageWire = Wire<MessageView>;

export interface CardLinks {
  /** A product page link with PRODUCT_SLOT where the product number goes. */
  product: string;
  /** An order page link with ORDER_SLOT where the order number goes; null: no order link. */
  order: string | null;
}
export const PRODUCT_SLOT = 'PRODUCTSLOT0';
export const ORDER_SLOT = 'ORDERSLOT0';

interface Props {
  message: MessageWire;
  mine: boolean;
  /** Only for one's own messages: whether the other side has read it. */
  read?: boolean | undefined;
  links: CardLinks;
}

/** "11-05 14:30" in the shop's zone: the phone shows what the server rendered, wherever it is. */
function time(iso: string): string {
  const at = new Date(iso);
  return `${shopMonthDay(at)} ${shopClock(at)}`;
}

function Body({ message, links }: { message: MessageWire; links: CardLinks }) {
  switch (message.kind) {
    case 'text':
      return <p className="chat-text">{message.text}</p>;
    case 'image':
      return (
        <a className="chat-image" href={message.url} target="_blank" rel="noopener">
          <img
            src={message.url}
            alt="图片"
            width={message.width || undefined}
            height={message.height || undefined}
            loading="lazy"
          />
        </a>
      );
    case 'product':
      return (
        <a
          className="chat-card"
          href={links.product.replace(PRODUCT_SLOT, encodeURIComponent(message.productNo))}
          data-card="product"
        >
          {message.imageUrl && <img src={message.imageUrl} alt="" width="64" height="64" />}
          <span className="chat-card-body">
            <span className="chat-card-title">{message.name}</span>
            <span className="chat-card-price">¥{formatYuan(message.priceCents)}</span>
          </span>
        </a>
      );
    case 'order': {
      const content = (
        <>
          {message.imageUrl && <img src={message.imageUrl} alt="" width="64" height="64" />}
          <span className="chat-card-body">
            <span className="chat-card-title">订单号：{message.orderNo}</span>
            <span className="chat-card-meta">
              {message.statusText} · 共{message.pieces}件
            </span>
            <span className="chat-card-price">实付 ¥{formatYuan(message.payCents)}</span>
          </span>
        </>
      );
      return links.order ? (
        <a
          className="chat-card"
          href={links.order.replace(ORDER_SLOT, encodeURIComponent(message.orderNo))}
          data-card="order"
        >
          {content}
        </a>
      ) : (
        <div className="chat-card" data-card="order">
          {content}
        </div>
      );
    }
  }
}

export default function MessageItem({ message, mine, read, links }: Props) {
  return (
    <li
      className={`chat-row ${mine ? 'mine' : 'theirs'}`}
      data-message-id={message.id}
      data-from={message.fromShop ? 'shop' : 'shopper'}
    >
      <div className="chat-bubble-wrap">
        <div className={`chat-bubble kind-${message.kind}`}>
          <Body message={message} links={links} />
        </div>
        <span className="chat-meta">
          {time(message.createdAt)}
          {mine && read !== undefined && (
            <span className={read ? 'chat-read' : 'chat-unread'} data-read={read}>
              {read ? '已读' : '未读'}
            </span>
          )}
        </span>
      </div>
    </li>
  );
}
