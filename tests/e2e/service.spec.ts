/**
 * Customer service (issue #16 item 6): the consumer opens 在线咨询, sends a text and a product
 * card; customer service (13800000005) sees it arrive live on the 客服 tab with an unread badge,
 * replies, and the consumer sees the reply without reloading (marked read by the shop on the way).
 * Another shopper reads nothing of it, by page or by call; 常见问题 opens without login.
 */
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { expect, test, type PgShop } from './fixtures.ts';
import { demoPhones, seedHandles } from '#demo/handles.ts';

test.describe.configure({ mode: 'serial' });
test.use({ shopDatabase: 'shop_e2e_service' });

const SHOP = '1001';
const product = seedHandles.shop1001.sales.senyeRunning.products[0]!;

let shop: PgShop;
test.beforeAll(({ pgShop }) => {
  shop = pgShop;
});

const at = (path: string) => `${shop.url}${path}${path.includes('?') ? '&' : '?'}shopId=${SHOP}`;

async function signedIn(
  browser: Browser,
  who: keyof typeof demoPhones | string,
): Promise<{ context: BrowserContext; page: Page; token: string }> {
  const context = await browser.newContext({ viewport: { width: 375, height: 667 } });
  const { token } = await shop.signIn(context, who);
  return { context, page: await context.newPage(), token };
}

test('常见问题 opens without login, grouped, with 联系客服', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const response = await page.goto(at('/faq'));
  expect(response!.status()).toBe(200);
  await expect(page.getByRole('heading', { name: '常见问题', level: 1 })).toBeVisible();
  for (const group of ['下单', '支付', '发货与物流', '退款与售后', '优惠券', '店主佣金'])
    await expect(page.getByRole('heading', { name: group, level: 2 })).toBeVisible();
  const question = page.locator('details', { hasText: '订单多久内需要付款？' });
  await expect(question.locator('p')).toBeHidden();
  await question.locator('summary').click();
  await expect(question.locator('p')).toContainText('12分钟内完成支付');
  await expect(page.getByRole('link', { name: '联系客服' })).toHaveAttribute(
    'href',
    /\/im-index\?/,
  );
  await context.close();
});

test('a chat reaches customer service live and the reply comes back live', async ({ browser }) => {
  const consumer = await signedIn(browser, 'consumer');
  const service = await signedIn(browser, 'service1001');

  // The console first: it must see the consumer's messages arrive without a reload.
  await service.page.goto(at('/service'));
  await expect(service.page.getByRole('heading', { name: '客服工作台' })).toBeVisible();
  const row = service.page.locator('.console-item', { hasText: '小鹿买买' });
  await expect(row).toBeVisible();
  await expect(row).toBeEnabled();
  await expect(service.page.getByRole('link', { name: '客服' })).toBeVisible();

  // The consumer comes from the product page's 客服 with the product offered as a card.
  await consumer.page.goto(at(`/im-index?productNo=${product.productNo}`));
  await expect(consumer.page.getByRole('heading', { name: '小鹿优选' })).toBeVisible();
  // The seeded history is there, with the shop's product card.
  await expect(consumer.page.locator('[data-card="product"]').first()).toBeVisible();
  const text = `请问今天下单什么时候发货？${Date.now() % 10_000}`;
  const input = consumer.page.getByRole('textbox', { name: '消息内容' });
  await expect(consumer.page.getByRole('button', { name: '发送', exact: true })).toBeDisabled();
  await input.fill(text);
  await consumer.page.getByRole('button', { name: '发送', exact: true }).click();
  const mine = consumer.page.locator('.chat-row.mine', { hasText: text });
  await expect(mine).toBeVisible();
  await expect(mine.locator('[data-read]')).toHaveText('未读');
  await expect(input).toHaveValue('');
  await consumer.page.getByRole('button', { name: '发送商品' }).click();
  await expect(consumer.page.locator('[data-offer="product"]')).toHaveCount(0);
  await expect(
    consumer.page.locator('.chat-row.mine [data-card="product"]', { hasText: product.name }).last(),
  ).toBeVisible();

  // Live on the console: the preview and an unread badge of 2.
  await expect(row.locator('.console-preview')).toHaveText(`[商品] ${product.name}`);
  await expect(row.locator('[data-unread-badge]')).toHaveText('2');
  await expect(service.page.locator('.console-total')).toContainText('条未读');

  // Opening it reads it; the consumer's messages turn 已读 without a reload.
  await row.click();
  await expect(service.page.locator('.chat-row.theirs', { hasText: text })).toBeVisible();
  await expect(mine.locator('[data-read]')).toHaveText('已读');

  const answer = `今天16点前下单当天发货${Date.now() % 10_000}`;
  await service.page.getByRole('textbox', { name: '消息内容' }).fill(answer);
  await service.page.getByRole('button', { name: '发送', exact: true }).click();
  await expect(service.page.locator('.chat-row.mine', { hasText: answer })).toBeVisible();
  // The consumer sees the reply live, on the page never reloaded.
  await expect(consumer.page.locator('.chat-row.theirs', { hasText: answer })).toBeVisible();
  // Read while in view: the shop's side sees its reply 已读.
  await expect(
    service.page.locator('.chat-row.mine', { hasText: answer }).locator('[data-read]'),
  ).toHaveText('已读');

  await consumer.context.close();
  await service.context.close();
});

test('another shopper cannot read the conversation, by page or by call', async ({ browser }) => {
  const other = await signedIn(browser, '13900009876');
  await other.page.goto(at('/im-index'));
  await expect(other.page.locator('.chat-welcome')).toBeVisible();
  await expect(other.page.locator('.chat-row')).toHaveCount(0);
  await expect(other.page.getByText('这个订单什么时候能发货呀？')).toHaveCount(0);

  // The console page and its calls are refused.
  const refused = await other.page.goto(at('/service'));
  expect(refused!.status()).toBe(403);
  await expect(other.page.getByText('只有店主和客服可以处理咨询')).toBeVisible();
  const headers = { cookie: `sid=${other.token}` };
  const list = await fetch(`${shop.url}/api/service/console/conversations?shopBizCode=${SHOP}`, {
    headers,
  });
  expect(await list.json()).toMatchObject({ code: 40301, success: false });
  const history = await fetch(
    `${shop.url}/api/service/console/messages?shopBizCode=${SHOP}&conversationId=1`,
    { headers },
  );
  expect(await history.json()).toMatchObject({ code: 40301 });
  // Their own conversation call answers only their own (none yet).
  const own = await fetch(`${shop.url}/api/service/messages?shopBizCode=${SHOP}`, { headers });
  expect(await own.json()).toMatchObject({
    code: 0,
    data: { conversation: null, messages: [] },
  });
  await other.context.close();
});

test('an order card in the chat shows the order as it stands now: 已取消 once cancelled', async ({
  browser,
}) => {
  const consumer = await signedIn(browser, 'consumer');
  const errors: string[] = [];
  consumer.page.on('pageerror', (error) => errors.push(error.message));
  await consumer.page.goto(at('/im-index'));
  await consumer.page.getByRole('button', { name: '订单', exact: true }).click();
  const picker = consumer.page.getByRole('dialog', { name: '选择订单' });
  const unpaid = picker.locator('button[data-order-no]', { hasText: '待付款' }).first();
  const orderNo = (await unpaid.getAttribute('data-order-no'))!;
  await unpaid.click();
  const card = consumer.page.locator('.chat-row.mine [data-card="order"]', { hasText: orderNo });
  await expect(card.last()).toContainText('待付款');

  // The shopper cancels the order; the chat, opened again, says so on the card sent before.
  const answer = await consumer.page.request.post(
    `${shop.url}/api/order/cancel?shopBizCode=${SHOP}`,
    { data: { orderNo, reason: '我不想买了' } },
  );
  expect((await answer.json()).code).toBe(0);
  await consumer.page.reload();
  await expect(card.last()).toContainText('已取消');
  await expect(card.filter({ hasText: '待付款' })).toHaveCount(0);
  expect(errors).toEqual([]);
  await consumer.context.close();
});
