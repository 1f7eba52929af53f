/**
 * Addresses and real names as a new shopper uses them: 收货地址 from the my page, 新增收货地址 by
 * pasting a whole address and tapping 智能识别, the list with its default, editing with the
 * region picker and the region search, deleting, the order confirmation's ?back= return, and
 * 实名认证; another user is answered not found for the shopper's address. On a shop served from
 * PostgreSQL so the test can sign in fresh users.
 */
import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { expect, test, type PgShop } from './fixtures.ts';
import { freshPhone } from '../fixtures/accounts.ts';

const SHOTS = process.env['SCREENSHOT_DIR'] ?? '/tmp/addr-shots';
mkdirSync(SHOTS, { recursive: true });
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });

const PASTED = '张三 13800138000 浙江省杭州市西湖区文三路138号';
const ID = '330106199001011248';
const WRONG_CHECK_DIGIT = '330106199001011241';

let shop: PgShop;
test.describe.configure({ mode: 'serial' });
test.use({ shopDatabase: 'shop_e2e_addresses' });
test.beforeAll(({ pgShop }) => {
  shop = pgShop;
});

interface Envelope<T = unknown> {
  code: number;
  message: string;
  data: T;
}

/** Calls the API as the user signed in on `context`. */
async function api<T = unknown>(
  context: BrowserContext,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
): Promise<Envelope<T>> {
  const response =
    method === 'GET'
      ? await context.request.get(`${shop.url}${path}`)
      : await context.request.post(`${shop.url}${path}`, {
          data: body,
          headers: { origin: shop.url, 'sec-fetch-site': 'same-origin' },
        });
  return (await response.json()) as Envelope<T>;
}

async function anotherShopper(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext();
  await shop.signIn(context, freshPhone());
  return context;
}

const cards = (page: Page) =>
  page.getByRole('list', { name: '收货地址列表' }).getByRole('listitem');

test('a new shopper adds an address by pasting it, edits it, deletes it; no one else reads it', async ({
  page,
  context,
  browser,
}) => {
  await shop.signIn(context, freshPhone());
  await page.goto(`${shop.url}/my?shopId=1001`);
  await page.getByRole('link', { name: /收货地址/ }).click();
  await expect(page.getByRole('heading', { name: '收货地址' })).toBeVisible();
  await expect(page.getByText('还没有收货地址')).toBeVisible();

  await page.getByRole('link', { name: '新增收货地址' }).click();
  await expect(page.getByRole('heading', { name: '新增收货地址' })).toBeVisible();
  await expect(page.getByRole('button', { name: '智能识别' })).toBeEnabled();
  await page.getByLabel('粘贴整段地址').fill(PASTED);
  await page.getByRole('button', { name: '智能识别' }).click();
  await expect(page.getByLabel('收货人')).toHaveValue('张三');
  await expect(page.getByLabel('手机号码')).toHaveValue('13800138000');
  await expect(page.getByRole('button', { name: /所在地区/ })).toHaveText('浙江省 杭州市 西湖区');
  await expect(page.getByLabel('详细地址')).toHaveValue('文三路138号');
  await shot(page, 'address-new-recognised');

  await page.getByRole('button', { name: '保存' }).click();
  await expect(page).toHaveURL(/\/addressList\?/);
  await expect(cards(page)).toHaveCount(1);
  const card = cards(page).first();
  await expect(card).toContainText('张三');
  await expect(card).toContainText('138****8000');
  await expect(card).toContainText('默认');
  await expect(card).toContainText('浙江省杭州市西湖区文三路138号');
  await shot(page, 'address-list');
  const addressId = Number(await card.getAttribute('data-address-id'));
  expect(addressId).toBeGreaterThan(0);

  // Another shopper: the same not-found answer as for a missing address, and nothing changes.
  const other = await anotherShopper(browser);
  const missing = await api(other, 'GET', '/api/member/xdwxh5/address/detail?id=999999999');
  expect(missing.code).toBe(40421);
  const detail = await api(other, 'GET', `/api/member/xdwxh5/address/detail?id=${addressId}`);
  expect({ code: detail.code, message: detail.message }).toEqual({
    code: missing.code,
    message: missing.message,
  });
  const update = await api(other, 'POST', '/api/member/xdwxh5/address/update', {
    id: addressId,
    name: '李四',
    phone: '13900000000',
    province: '浙江省',
    city: '杭州市',
    district: '西湖区',
    detail: '被改了',
    isDefault: true,
  });
  expect(update.code).toBe(40421);
  expect(
    (await api(other, 'POST', '/api/member/xdwxh5/address/delete', { id: addressId })).code,
  ).toBe(40421);
  expect((await api<unknown[]>(other, 'GET', '/api/member/xdwxh5/address/list')).data).toEqual([]);
  // An address is always the caller's: a body naming a user is refused as an unknown key.
  const smuggled = await api(other, 'POST', '/api/member/xdwxh5/address/add', {
    name: '李四',
    phone: '13900000000',
    province: '浙江省',
    city: '杭州市',
    district: '西湖区',
    detail: '文三路1号',
    userId: 1,
  });
  expect(smuggled.code).toBe(400);
  await other.close();
  const mine = await api<{ detail: string }>(
    context,
    'GET',
    `/api/member/xdwxh5/address/detail?id=${addressId}`,
  );
  expect(mine.data.detail).toBe('文三路138号');

  // Edit: another district with the picker, another street.
  await card.getByRole('link', { name: /编辑/ }).click();
  await expect(page.getByRole('heading', { name: '编辑地址' })).toBeVisible();
  await expect(page.getByLabel('收货人')).toHaveValue('张三');
  await expect(page.getByRole('button', { name: '保存' })).toBeEnabled();
  await page.getByRole('button', { name: /所在地区/ }).click();
  const picker = page.getByRole('dialog', { name: '选择所在地区' });
  await expect(picker).toBeVisible();
  await expect(picker.getByRole('button', { name: '滨江区' })).toBeVisible();
  await shot(page, 'address-picker');
  await picker.getByRole('button', { name: '滨江区' }).click();
  await expect(picker).toBeHidden();
  await expect(page.getByRole('button', { name: /所在地区/ })).toHaveText('浙江省 杭州市 滨江区');
  await page.getByLabel('详细地址').fill('网商路699号');
  await page.getByRole('button', { name: '保存' }).click();
  await expect(page).toHaveURL(/\/addressList\?/);
  await expect(cards(page).first()).toContainText('浙江省杭州市滨江区网商路699号');

  // Delete, after saying yes.
  await cards(page).first().getByRole('button', { name: /删除/ }).click();
  const confirm = page.getByRole('dialog', { name: '确定删除该收货地址吗？' });
  await expect(confirm).toBeVisible();
  await shot(page, 'address-delete-confirm');
  await confirm.getByRole('button', { name: '删除' }).click();
  await expect(page.getByText('还没有收货地址')).toBeVisible();
  await expect(cards(page)).toHaveCount(0);
});

test('the order confirmation adds an address and gets it back chosen; the region search fills the form', async ({
  page,
  context,
}) => {
  await shop.signIn(context, freshPhone());
  const back = '/my?shopId=1001';
  await page.goto(`${shop.url}/addressList?shopId=1001&choose=1&back=${encodeURIComponent(back)}`);
  await expect(page.getByRole('heading', { name: '选择收货地址' })).toBeVisible();
  await page.getByRole('link', { name: '新增收货地址' }).click();
  await expect(page.getByRole('button', { name: '保存' })).toBeEnabled();
  await page.getByLabel('收货人').fill('王小明');
  await page.getByLabel('手机号码').fill('139 1234 5678');
  await page.getByRole('link', { name: '搜索' }).click();
  await expect(page).toHaveURL(/\/address-search\?/);
  await page.getByRole('searchbox', { name: '搜索所在地区' }).fill('西湖');
  await page.getByRole('searchbox', { name: '搜索所在地区' }).press('Enter');
  const hits = page.getByRole('list', { name: '搜索结果' }).getByRole('link');
  await expect(hits.first()).toContainText('浙江省 杭州市 西湖区');
  await shot(page, 'address-search');
  await hits.first().click();

  await expect(page.getByRole('heading', { name: '新增收货地址' })).toBeVisible();
  await expect(page.getByRole('button', { name: '保存' })).toBeEnabled();
  await expect(page.getByRole('button', { name: /所在地区/ })).toHaveText('浙江省 杭州市 西湖区');
  await expect(page.getByLabel('收货人')).toHaveValue('王小明');
  await page.getByLabel('详细地址').fill('文三路1号');
  await page.getByRole('button', { name: '保存' }).click();

  await expect(page).toHaveURL(/\/my\?shopId=1001&addressId=\d+$/);
  const found = await api<{ regionCode: string }[]>(
    context,
    'GET',
    `/api/member/xdwxh5/address/search?keyword=${encodeURIComponent('西湖')}`,
  );
  expect(found.data[0]).toMatchObject({ province: '浙江省', city: '杭州市', regionCode: '330106' });
  const chosen = Number(new URL(page.url()).searchParams.get('addressId'));

  // The picker links every address back with its id; a foreign back is ignored.
  await page.goto(`${shop.url}/addressList?shopId=1001&choose=1&back=${encodeURIComponent(back)}`);
  const link = page.getByRole('link', {
    name: /^选择此地址：王小明 139\*{4}5678 浙江省杭州市西湖区文三路1号$/,
  });
  await expect(link).toHaveAttribute('href', `/my?shopId=1001&addressId=${chosen}`);
  await shot(page, 'address-choose');
  await page.goto(
    `${shop.url}/addressList?shopId=1001&choose=1&back=${encodeURIComponent('//evil.example/my')}`,
  );
  await expect(page.getByRole('heading', { name: '收货地址' })).toBeVisible();
  await expect(page.locator('a[href*="evil"]')).toHaveCount(0);
});

test('实名认证 refuses a wrong check digit and saves a right number, shown masked', async ({
  page,
  context,
  browser,
}) => {
  await shop.signIn(context, freshPhone());
  await page.goto(`${shop.url}/authname?shopId=1001`);
  await expect(page.getByRole('heading', { name: '实名认证' })).toBeVisible();
  await expect(
    page.getByText('根据海关要求，购买跨境商品需提供中国大陆二代身份证信息进行实名认证'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: '提交认证' })).toBeEnabled();
  await page.getByLabel('真实姓名').fill('王小明');
  await page.getByLabel('身份证号').fill(WRONG_CHECK_DIGIT);
  await page.getByRole('button', { name: '提交认证' }).click();
  await expect(page.getByRole('alert')).toHaveText('身份证号码校验位不正确，请核对后重新输入');
  await shot(page, 'authname-refused');
  // The server says the same to a caller who skips the page.
  const refused = await api(context, 'POST', '/api/member/xdwxh5/verified/save', {
    name: '王小明',
    idNumber: WRONG_CHECK_DIGIT,
  });
  expect(refused).toMatchObject({
    code: 40035,
    message: '身份证号码校验位不正确，请核对后重新输入',
  });
  expect((await api(context, 'GET', '/api/member/xdwxh5/verified/query')).data).toEqual({
    verified: false,
  });

  await page.getByLabel('身份证号').fill(ID);
  await page.getByRole('button', { name: '提交认证' }).click();
  await expect(page.getByText('已实名认证')).toBeVisible();
  await expect(page.getByText('王*明')).toBeVisible();
  await expect(page.getByText('330106********1248')).toBeVisible();
  await expect(page.getByText(ID)).toHaveCount(0);
  await expect(page.getByRole('link', { name: '修改实名信息' })).toBeVisible();
  await shot(page, 'authname-verified');

  expect((await api(context, 'GET', '/api/member/xdwxh5/verified/query')).data).toEqual({
    verified: true,
    nameMasked: '王*明',
    idNumberMasked: '330106********1248',
  });
  expect(
    (await api(context, 'POST', '/api/member/xdwxh5/verified/checkName', { name: '王小明' })).data,
  ).toEqual({ matched: true });

  // Another shopper learns nothing of it.
  const other = await anotherShopper(browser);
  expect((await api(other, 'GET', '/api/member/xdwxh5/verified/query')).data).toEqual({
    verified: false,
  });
  expect(
    (await api(other, 'POST', '/api/member/xdwxh5/verified/checkName', { name: '王小明' })).data,
  ).toEqual({ matched: false });
  await other.close();

  // 修改实名信息 returns to the page that asked.
  await page.goto(
    `${shop.url}/authname-change?shopId=1001&back=${encodeURIComponent('/my?shopId=1001')}`,
  );
  await expect(page.getByText('王*明')).toBeVisible();
  await expect(page.getByRole('button', { name: '保存修改' })).toBeEnabled();
  await page.getByLabel('真实姓名').fill('欧阳娜娜');
  await page.getByLabel('身份证号').fill('11010519491231002x');
  await shot(page, 'authname-change');
  await page.getByRole('button', { name: '保存修改' }).click();
  await expect(page).toHaveURL(/\/my\?shopId=1001$/);
  expect((await api(context, 'GET', '/api/member/xdwxh5/verified/query')).data).toEqual({
    verified: true,
    nameMasked: '欧**娜',
    idNumberMasked: '110105********002X',
  });
});
