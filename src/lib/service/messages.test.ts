import { describe, expect, it } from 'vitest';
import {
  RATE_LIMIT,
  StreamCursor,
  TEXT_MAX,
  checkText,
  previewOf,
  readIds,
  unreadBadge,
  withinRate,
} from './messages.ts';
import { ServiceErrors } from './service-errors.ts';
import { sendInputOf } from './service-contracts.ts';

describe('a text message', () => {
  it('is trimmed and sanitised, and must keep 1 to 500 characters', () => {
    expect(checkText('  你好，请问什么时候发货？ \n')).toEqual({
      ok: true,
      value: '你好，请问什么时候发货？',
    });
    expect(checkText('好的😀<script>')).toEqual({ ok: true, value: '好的script' });
    expect(checkText('   ')).toEqual({ ok: false, error: ServiceErrors.SERVICE_TEXT_EMPTY });
    expect(checkText('😀😀')).toEqual({ ok: false, error: ServiceErrors.SERVICE_TEXT_EMPTY });
    expect(checkText('字'.repeat(TEXT_MAX))).toMatchObject({ ok: true });
    expect(checkText(` ${'字'.repeat(TEXT_MAX)} `)).toMatchObject({ ok: true });
    expect(checkText('字'.repeat(TEXT_MAX + 1))).toEqual({
      ok: false,
      error: ServiceErrors.SERVICE_TEXT_TOO_LONG,
    });
  });
});

describe('the rate limit', () => {
  it('lets 10 messages go in a window and refuses the 11th', () => {
    expect(RATE_LIMIT).toBe(10);
    expect(withinRate(0)).toBe(true);
    expect(withinRate(9)).toBe(true);
    expect(withinRate(10)).toBe(false);
  });
});

describe('the unread badge (shell §9)', () => {
  it('is empty at 0, the number up to 99 and 99+ above', () => {
    expect(unreadBadge(0)).toBe('');
    expect(unreadBadge(-3)).toBe('');
    expect(unreadBadge(1)).toBe('1');
    expect(unreadBadge(99)).toBe('99');
    expect(unreadBadge(100)).toBe('99+');
    expect(unreadBadge(12345)).toBe('99+');
  });
});

describe('the preview of a conversation', () => {
  it('names cards and pictures and shortens texts', () => {
    expect(previewOf({ kind: 'text', text: '在吗\n在吗' })).toBe('在吗 在吗');
    expect(previewOf({ kind: 'text', text: '字'.repeat(60) })).toBe(`${'字'.repeat(40)}…`);
    expect(
      previewOf({
        kind: 'product',
        productNo: 'P1',
        name: '冲锋衣',
        imageUrl: null,
        priceCents: 1,
      }),
    ).toBe('[商品] 冲锋衣');
    expect(
      previewOf({
        kind: 'order',
        orderNo: 'O123456',
        statusText: '待发货',
        payCents: 100,
        pieces: 1,
        imageUrl: null,
      }),
    ).toBe('[订单] O123456');
    expect(previewOf({ kind: 'image', mediaId: 1, url: '/x', width: 1, height: 1 })).toBe('[图片]');
  });
});

describe('read marks', () => {
  const messages = [
    { id: 1, fromShop: false },
    { id: 2, fromShop: true },
    { id: 3, fromShop: false },
    { id: 4, fromShop: false },
  ];
  it('marks all but the last unread ones of my own messages read', () => {
    expect([...readIds(messages, 'shopper', 1)]).toEqual([1, 3]);
    expect([...readIds(messages, 'shopper', 0)]).toEqual([1, 3, 4]);
    expect([...readIds(messages, 'shopper', 5)]).toEqual([]);
    expect([...readIds(messages, 'shop', 0)]).toEqual([2]);
  });
});

describe('a resuming stream', () => {
  it('holds live events while the backlog is read, then passes all in id order, each once', () => {
    const cursor = new StreamCursor<{ id: number }>(3);
    expect(cursor.live({ id: 6 })).toEqual([]);
    expect(cursor.live({ id: 5 })).toEqual([]);
    // The backlog read after subscribing already holds 4 and 5.
    expect(cursor.backlog([{ id: 4 }, { id: 5 }]).map((e) => e.id)).toEqual([4, 5, 6]);
    expect(cursor.live({ id: 6 })).toEqual([]);
    expect(cursor.live({ id: 2 })).toEqual([]);
    expect(cursor.live({ id: 7 })).toEqual([{ id: 7 }]);
    expect(cursor.last).toBe(7);
  });

  it('reads the store again after the live path was lost', () => {
    const cursor = new StreamCursor<{ id: number }>(0);
    cursor.backlog([{ id: 1 }]);
    cursor.pause();
    expect(cursor.live({ id: 3 })).toEqual([]);
    expect(cursor.backlog([{ id: 2 }, { id: 3 }]).map((e) => e.id)).toEqual([2, 3]);
  });
});

describe('the send body', () => {
  it('needs the field of its kind', () => {
    expect(sendInputOf({ kind: 'text', text: '你好' })).toEqual({ kind: 'text', text: '你好' });
    expect(sendInputOf({ kind: 'product' })).toBeNull();
    expect(sendInputOf({ kind: 'order', orderNo: 'O1234567' })).toEqual({
      kind: 'order',
      orderNo: 'O1234567',
    });
    expect(sendInputOf({ kind: 'image', mediaId: 9 })).toEqual({ kind: 'image', mediaId: 9 });
    expect(sendInputOf({ kind: 'image' })).toBeNull();
  });
});
