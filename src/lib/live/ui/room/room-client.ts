/**
 * The live room in the browser: the stream of the room (server-sent events; EventSource opens it
 * again by itself and resumes after the last id), comments, likes batched once a second, the
 * host's actions, the coupon popup when the host drops one, and the player. Everything the page
 * rendered is already there; this adds what happens next.
 */
import { ApiError, call } from '#lib/platform/client.ts';
import { toast } from '#lib/platform/toast.ts';
import { LiveEndpoints } from '#lib/live/index.ts';
import { LIKE_BATCH_MAX, LIKE_FLUSH_MS, LATEST_MESSAGES, checkComment } from '#lib/live/index.ts';
import { formatCount } from '#lib/live/index.ts';
import type { LiveMessage } from '#lib/live/index.server.ts';
import type { RoomStats } from '#lib/live/index.server.ts';
import { startPlayer } from './player.ts';

const root = document.querySelector<HTMLElement>('[data-live-room]');
if (root) start(root);

function start(room: HTMLElement): void {
  const liveNo = room.dataset.liveNo!;
  const shopBizCode = room.dataset.shopId!;
  const params = { liveNo };
  const query = { shopBizCode };
  const $ = <E extends Element>(selector: string) => room.querySelector<E>(selector);
  const comments = $<HTMLOListElement>('[data-comments]')!;
  const seen = new Set<number>(
    [...comments.querySelectorAll<HTMLElement>('[data-message-id]')].map((li) =>
      Number(li.dataset.messageId),
    ),
  );

  const video = $<HTMLVideoElement>('[data-player]');
  if (video?.dataset.src) startPlayer(video, video.dataset.src);

  // --- numbers ---------------------------------------------------------------------------------
  const likesEl = $('[data-likes]');
  const viewsEl = $('[data-views]');
  let likes = Number(likesEl?.textContent ?? 0) || 0;
  let pendingLikes = 0;
  const showStats = (stats: Partial<RoomStats>) => {
    // The same count as the room's card in the channel (1.2万人观看).
    if (stats.views !== undefined && viewsEl) viewsEl.textContent = formatCount(stats.views);
    if (stats.likes !== undefined) {
      likes = Math.max(likes, stats.likes);
      if (likesEl) likesEl.textContent = String(likes + pendingLikes);
    }
  };

  // --- messages --------------------------------------------------------------------------------
  const isHost = room.dataset.host === 'true';
  const atBottom = () => comments.scrollHeight - comments.scrollTop - comments.clientHeight < 40;
  const addLine = (message: LiveMessage) => {
    if (seen.has(message.id)) return;
    seen.add(message.id);
    const line = renderLine(message, isHost);
    if (!line) return;
    const follow = atBottom();
    comments.append(line);
    while (comments.children.length > LATEST_MESSAGES * 2) comments.firstElementChild?.remove();
    if (follow) comments.scrollTop = comments.scrollHeight;
  };
  comments.scrollTop = comments.scrollHeight;

  const pinned = $<HTMLElement>('[data-pinned]');
  const showPin = (body: Record<string, unknown>) => {
    if (!pinned) return;
    const text = typeof body['text'] === 'string' ? body['text'] : '';
    pinned.hidden = body['messageId'] === null || !text;
    pinned.querySelector('[data-pinned-name]')!.textContent = String(body['nickName'] ?? '');
    pinned.querySelector('[data-pinned-text]')!.textContent = text;
  };
  const showProduct = (productNo: string) => {
    for (const li of document.querySelectorAll<HTMLElement>('[data-live-products] li')) {
      li.toggleAttribute('data-explaining', li.dataset.productNo === productNo);
    }
    const card = $<HTMLElement>('[data-explaining-card]');
    const source = document.querySelector<HTMLElement>(
      `[data-live-products] li[data-product-no="${CSS.escape(productNo)}"]`,
    );
    if (card && source) {
      card.hidden = false;
      card.querySelector('[data-explaining-name]')!.textContent =
        source.querySelector('.name')?.lastChild?.textContent?.trim() ?? '';
      card.querySelector('[data-explaining-price]')!.textContent =
        source.querySelector('.price b')?.textContent ?? '';
      const img = source.querySelector('img');
      const cardImg = card.querySelector('img');
      if (img && cardImg) cardImg.src = img.src;
    }
  };

  const onMessage = (message: LiveMessage) => {
    if (message.kind === 'pin') showPin(message.body);
    if (message.kind === 'product') showProduct(String(message.body['productNo'] ?? ''));
    if (message.kind === 'coupon' && !seen.has(message.id)) void showCouponPopup();
    addLine(message);
  };

  // --- the stream ------------------------------------------------------------------------------
  const url = new URL(`/api/live/room/${encodeURIComponent(liveNo)}/events`, location.origin);
  url.searchParams.set('shopBizCode', shopBizCode);
  url.searchParams.set('since', room.dataset.lastId ?? '0');
  const events = new EventSource(url);
  events.addEventListener('message', (event) => onMessage(JSON.parse(event.data) as LiveMessage));
  events.addEventListener('hello', (event) => showStats(JSON.parse(event.data) as RoomStats));
  events.addEventListener('stats', (event) => showStats(JSON.parse(event.data) as RoomStats));
  events.addEventListener('open', () => room.setAttribute('data-connected', ''));
  events.addEventListener('error', () => room.removeAttribute('data-connected'));
  // The host ended the live: the page opens again and lands on the replay or the end page (a
  // living page of a room that is over redirects to its state's page).
  events.addEventListener('ended', () => {
    events.close();
    location.replace(location.href);
  });
  addEventListener('pagehide', () => events.close());

  // --- comments --------------------------------------------------------------------------------
  const form = $<HTMLFormElement>('[data-comment-form]');
  form?.addEventListener('submit', (event) => {
    event.preventDefault();
    const input = form.elements.namedItem('text') as HTMLInputElement;
    const checked = checkComment(input.value);
    if ('refusal' in checked) {
      toast(checked.refusal.message);
      return;
    }
    const button = form.querySelector('button');
    if (button) button.disabled = true;
    call(LiveEndpoints.comment, { params, query, body: { text: checked.text } })
      .then((message) => {
        input.value = '';
        addLine(message);
      })
      .catch(() => {
        // The request client showed why (too fast, a word, logged out).
      })
      .finally(() => {
        if (button) button.disabled = false;
      });
  });

  // --- likes: shown at once, sent once a second --------------------------------------------------
  const heart = $<HTMLButtonElement>('[data-like]');
  heart?.addEventListener('click', (event) => {
    if (room.dataset.loggedIn !== 'true') return;
    event.preventDefault();
    pendingLikes += 1;
    if (likesEl) likesEl.textContent = String(likes + pendingLikes);
    floatHeart(heart);
  });
  setInterval(() => {
    if (pendingLikes === 0) return;
    const count = Math.min(pendingLikes, LIKE_BATCH_MAX);
    pendingLikes -= count;
    likes += count;
    call(LiveEndpoints.like, { params, query, body: { count } }, { silent: true })
      .then((answer) => showStats({ likes: answer.likes }))
      .catch(() => {});
  }, LIKE_FLUSH_MS);

  // --- the product sheet -----------------------------------------------------------------------
  const sheet = $<HTMLDialogElement>('[data-product-sheet]');
  for (const opener of room.querySelectorAll('[data-open-products]')) {
    opener.addEventListener('click', () => sheet?.showModal());
  }
  sheet?.addEventListener('click', (event) => {
    if (event.target === sheet || (event.target as Element).closest('[data-sheet-close]')) {
      sheet.close();
    }
    // The SKU sheet opens over the room: the list steps aside.
    if ((event.target as Element).closest('[data-buy-product]')) sheet.close();
  });

  // --- the host --------------------------------------------------------------------------------
  if (isHost) {
    room.addEventListener('click', (event) => {
      const target = event.target as Element;
      const product = target.closest<HTMLElement>('[data-host-product]');
      if (product) {
        call(LiveEndpoints.product, {
          params,
          query,
          body: { productNo: product.dataset.hostProduct! },
        }).then((message) => {
          toast('已切换讲解商品', 1500);
          onMessage(message);
        }, refused);
      }
      const pin = target.closest<HTMLElement>('[data-pin]');
      if (pin) {
        const id = pin.dataset.pin ? Number(pin.dataset.pin) : null;
        call(LiveEndpoints.pin, { params, query, body: { messageId: id } }).then(
          onMessage,
          refused,
        );
      }
      if (target.closest('[data-end-live]')) {
        $<HTMLDialogElement>('[data-end-dialog]')?.showModal();
      }
      if (target.closest('[data-drop-coupon]')) {
        // No coupon to hand out (本场直播没有可发放的优惠券): the toast says so.
        call(LiveEndpoints.coupon, { params, query }).then((message) => {
          toast('优惠券已发放', 1500);
          seen.add(message.id);
          addLine(message);
        }, refused);
      }
    });
  }

  // 结束直播, confirmed: then the host's page goes where every viewer's goes on `ended`.
  const endDialog = $<HTMLDialogElement>('[data-end-dialog]');
  endDialog?.addEventListener('close', () => {
    if (endDialog.returnValue !== 'end') return;
    endDialog.returnValue = '';
    call(LiveEndpoints.end, { params, query })
      .then(() => location.replace(location.href))
      .catch((error: unknown) => {
        // Ended already (another tab): the page of its state.
        if (error instanceof ApiError && error.code === 49814) location.replace(location.href);
      });
  });

  async function showCouponPopup(): Promise<void> {
    const dialog = document.querySelector<HTMLDialogElement>('[data-coupon-popup]');
    if (!dialog || room.dataset.loggedIn !== 'true') return;
    const popup = await call(LiveEndpoints.couponPopup, { params, query }, { silent: true });
    if (!popup) return;
    const view = await import('#lib/coupons/ui/popup-view.ts');
    await view.showCouponPopup(dialog, popup);
  }
}

/**
 * A host action the server refused (no coupon to hand out, a comment gone): the request client
 * has shown the server's reason as a toast; a call that never reached the server says so here.
 */
function refused(error: unknown): void {
  if (error instanceof ApiError && error.code === -1) toast(error.message);
}

/** A line of the comments: a comment, or what the host did. */
function renderLine(message: LiveMessage, isHost: boolean): HTMLLIElement | null {
  const line = document.createElement('li');
  line.dataset.messageId = String(message.id);
  line.dataset.kind = message.kind;
  const name = document.createElement('b');
  const text = document.createElement('span');
  if (message.kind === 'comment') {
    name.textContent = `${message.nickName}：`;
    text.textContent = String(message.body['text'] ?? '');
  } else if (message.kind === 'product') {
    name.textContent = '主播';
    text.textContent = ' 正在讲解新商品';
  } else if (message.kind === 'coupon') {
    name.textContent = '主播';
    text.textContent = ' 发放了优惠券，快去领取';
  } else {
    return null;
  }
  line.append(name, text);
  if (isHost && message.kind === 'comment') {
    const pin = document.createElement('button');
    pin.type = 'button';
    pin.className = 'pin ui-pill small ghost';
    pin.dataset.pin = String(message.id);
    pin.textContent = '置顶';
    line.append(pin);
  }
  return line;
}

function floatHeart(from: HTMLElement): void {
  const heart = document.createElement('span');
  heart.className = 'float-heart';
  heart.textContent = '❤';
  heart.style.left = `${40 + Math.random() * 20}%`;
  from.parentElement?.append(heart);
  heart.addEventListener('animationend', () => heart.remove());
}
