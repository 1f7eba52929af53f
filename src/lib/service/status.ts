/** Customer service (shell §2 customer service group): conversations and their messages. */
export const ConversationStatus = {
  Open: 10,
  /** Closed by the shop's side; the shopper's next message opens it again. */
  Closed: 20,
} as const;
export type ConversationStatus = (typeof ConversationStatus)[keyof typeof ConversationStatus];

export const ServiceMessageKind = {
  Text: 'text',
  Product: 'product',
  Order: 'order',
  Image: 'image',
} as const;
export type ServiceMessageKind = (typeof ServiceMessageKind)[keyof typeof ServiceMessageKind];
