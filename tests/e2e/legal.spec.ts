/**
 * Versioned agreements and the legal pages (issue #29 item 7, decision 049): a shopper who logged
 * in through the form has accepted version 1; the manager publishes a second version of the user
 * agreement on 协议管理; on the shopper's next page 协议更新提示 asks again (不同意 explained, asked
 * again on the next page), 同意 records version 2 with its time and the text's hash, and another
 * shopper's shared home page never carries the prompt. Every link to an agreement in the shop (the
 * login form, the contract dialog, the footer, the list, each type) opens a real page. The owner
 * enters the licence the storefront shows. Each new page is looked at on a 375×667 phone.
 */
import { and, desc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { BrowserContext, Page } from '@playwright/test';
import { expect, test, type PgShop } from './fixtures.ts';
import { seedHandles } from '#demo/handles.ts';
import * as t from '#lib/platform/db/schema.ts';
import { freshPhone } from '../fixtures/accounts.ts';
import { givenMember } from '../fixtures/given.ts';

test.describe.configure({ mode: 'serial' });
test.use({ shopDatabase: 'shop_e2e_legal' });

const SHOP = '1001';
const screen = (name: string) => `test-results/screens/legal-${name}.png`;
const product = seedHandles.shop1001.sales.senyeRunning.products[0]!;

let shop: PgShop;
test.beforeAll(({ pgShop }) => {
  shop = pgShop;
});

const at = (path: string) => `${shop.url}${path}${path.includes('?') ? '&' : '?'}shopId=${SHOP}`;

/** Logs a new shopper in through login_web, ticking 我已阅读并同意. */
async function logInThroughForm(page: Page, phone: string): Promise<void> {
  await page.goto(at('/login_web'));
  await page.locator('form.login-form[data-ready]').waitFor();
  await page.getByLabel('手机号', { exact: true }).fill(phone);
  await page.locator('.login-send').click();
  await expect(page.locator('#shell-toast')).toHaveText('验证码已发送，请查收');
  await page.getByLabel('验证码', { exact: true }).fill(await shop.smsCode(phone));
  await page.getByRole('checkbox', { name: '我已阅读并同意' }).check();
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/index');
}

async function userId(phone: string): Promise<number> {
  const [row] = await shop.admin.db
    .select({ id: t.users.id })
    .from(t.users)
    .where(eq(t.users.phone, phone));
  return row!.id;
}

async function acceptancesOf(id: number) {
  return shop.admin.db
    .select()
    .from(t.agreementAcceptances)
    .where(and(eq(t.agreementAcceptances.userId, id), eq(t.agreementAcceptances.shopId, SHOP)))
    .orderBy(desc(t.agreementAcceptances.id));
}

async function version(type: string, n: number) {
  const [row] = await shop.admin.db
    .select()
    .from(t.agreements)
    .where(
      and(eq(t.agreements.shopId, SHOP), eq(t.agreements.type, type), eq(t.agreements.version, n)),
    );
  return row!;
}

const prompt = (page: Page) => page.getByRole('dialog', { name: '协议更新提示' });

const shopperPhone = freshPhone();
const otherPhone = freshPhone();
let shopperContext: BrowserContext;

test('logging in through the form records the user agreement and privacy policy in force', async ({
  browser,
}) => {
  shopperContext = await browser.newContext();
  const page = await shopperContext.newPage();
  await logInThroughForm(page, shopperPhone);
  const rows = await acceptancesOf(await userId(shopperPhone));
  const v1 = await version('registrationProtocol', 1);
  expect(rows.map((r) => [r.type, r.version, r.via]).sort()).toEqual([
    ['registrationProtocol', 1, 'login'],
    ['userPrivacyPolicy', 1, 'login'],
  ]);
  expect(rows.find((r) => r.type === 'registrationProtocol')!.textHash).toBe(v1.textHash);
  // Version 1 accepted: no prompt on the next page.
  await page.goto(at('/my'));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(prompt(page)).toHaveCount(0);
});

test('the manager publishes a second version of the user agreement on 协议管理', async ({
  browser,
}) => {
  const context = await browser.newContext();
  await shop.signIn(context, 'manager1001');
  const page = await context.newPage();
  await page.goto(at('/agreement-setting'));
  await page.screenshot({ path: screen('setting-list'), fullPage: true });
  await page.locator('[data-manage-type="registrationProtocol"]').click();
  await expect(page).toHaveTitle(/协议管理/);
  const form = page.getByRole('form', { name: '发布新版本' });
  await expect(form.getByRole('heading', { name: '发布第2版' })).toBeVisible();
  await expect(form.getByRole('button', { name: '发布' })).toBeEnabled();

  // The same text is refused, with the exact reason.
  await form.getByRole('button', { name: '发布' }).click();
  await expect(form.getByRole('alert')).toHaveText('标题和正文与最新版本相同，无需发布新版本');
  // A section heading alone is refused too.
  const text = form.getByLabel('协议正文');
  await text.fill(`${await text.inputValue()}\n# 十二、新增条款`);
  await form.getByRole('button', { name: '发布' }).click();
  await expect(form.getByRole('alert')).toHaveText('每个章节标题下至少要有一段正文');
  await text.fill(
    `${await text.inputValue()}\n本店将在每月第一个工作日公示上月的优惠券发放与核销情况，接受用户监督。`,
  );
  await form.getByRole('button', { name: '预览' }).click();
  await expect(form.locator('[data-preview]')).toContainText('十二、新增条款');
  // Editing the text took the refusal away.
  await expect(form.getByRole('alert')).toHaveCount(0);
  await form.locator('[data-preview]').scrollIntoViewIfNeeded();
  await page.screenshot({ path: screen('setting-preview') });
  await form.getByRole('button', { name: '发布' }).click();
  const confirm = page.getByRole('dialog', { name: '发布第2版？' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: '确认发布' }).click();
  await expect(page.getByText('第2版已发布并生效')).toBeVisible();
  await expect(page.locator('[data-setting-version="2"]')).toHaveAttribute('data-state', 'current');
  await page.locator('[data-setting-version="2"]').scrollIntoViewIfNeeded();
  await page.screenshot({ path: screen('setting-published') });

  const v2 = await version('registrationProtocol', 2);
  expect(v2).toMatchObject({ title: '用户注册协议', version: 2 });
  expect(v2.body.sections.at(-1)!.heading).toBe('十二、新增条款');
  await context.close();
});

test('the shopper is asked again on their next page, 不同意 is explained, 同意 records version 2', async () => {
  const page = await shopperContext.newPage();
  const id = await userId(shopperPhone);
  await page.goto(at('/index'));
  const dialog = prompt(page);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('link', { name: '《用户注册协议》' })).toBeVisible();
  await expect(dialog).toContainText('第2版');
  await page.screenshot({ path: screen('prompt') });

  // 不同意: may keep browsing, asked again on the next page; nothing recorded.
  await dialog.getByRole('button', { name: '不同意' }).click();
  await expect(dialog).toContainText('不同意也可以继续浏览');
  await page.screenshot({ path: screen('prompt-declined') });
  await dialog.getByRole('button', { name: '继续浏览' }).click();
  await expect(dialog).toBeHidden();
  expect((await acceptancesOf(id)).some((r) => r.version === 2)).toBe(false);

  // The agreement's link opens version 2, with no prompt over it but its own 同意本版本.
  await page.goto(at(`/productDetail?productNo=${product.productNo}`));
  await expect(prompt(page)).toBeVisible();
  await prompt(page).getByRole('link', { name: '《用户注册协议》' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '用户注册协议' })).toBeVisible();
  await expect(page.locator('article[data-version="2"]')).toBeVisible();
  await expect(prompt(page)).toHaveCount(0);
  await expect(page.getByRole('button', { name: '同意本版本' })).toBeVisible();
  await page.screenshot({ path: screen('agreement-pending') });
  await page.goBack();

  const before = Date.now();
  await page.goto(at('/index'));
  await prompt(page).getByRole('button', { name: '同意', exact: true }).click();
  await expect(page.getByText('已同意')).toBeVisible();
  await expect(prompt(page)).toBeHidden();
  const after = Date.now();

  const [row] = (await acceptancesOf(id)).filter((r) => r.version === 2);
  const v2 = await version('registrationProtocol', 2);
  expect(row).toMatchObject({
    type: 'registrationProtocol',
    version: 2,
    agreementId: v2.id,
    textHash: v2.textHash,
    via: 'prompt',
  });
  expect(row!.textHash).toMatch(/^[0-9a-f]{64}$/);
  expect(row!.acceptedAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
  expect(row!.acceptedAt.getTime()).toBeLessThanOrEqual(after + 1000);
  expect(row!.userAgent).toContain('Mobile');

  // The same through the endpoint: the caller's acceptances, newest first.
  const answer = await page.request.get(
    `${shop.url}/api/member/xdwxh5/legal/agreement/acceptances?shopBizCode=${SHOP}`,
  );
  const body = (await answer.json()) as {
    code: number;
    data: { type: string; version: number; textHash: string }[];
  };
  expect(body.code).toBe(0);
  expect(body.data[0]).toMatchObject({
    type: 'registrationProtocol',
    version: 2,
    textHash: v2.textHash,
  });

  // Asked no more.
  await page.goto(at('/index'));
  await expect(page.locator('[data-shop-footer]')).toBeVisible();
  await expect(prompt(page)).toHaveCount(0);
});

test('a shared home page never carries another shopper’s prompt', async ({ browser }) => {
  const accepted = shopperContext;
  const other = await browser.newContext();
  await shop.signIn(other, otherPhone);
  const mine = await other.newPage();
  const theirs = await accepted.newPage();
  for (let round = 0; round < 2; round += 1) {
    await mine.goto(at('/index'));
    await expect(prompt(mine)).toBeVisible();
    await theirs.goto(at('/index'));
    await expect(theirs.locator('[data-shop-footer]')).toBeVisible();
    await expect(prompt(theirs)).toHaveCount(0);
  }
  await other.close();
});

/** Same-site links of a page's HTML that lead to an agreement or the licence. */
async function agreementLinks(page: Page, url: string): Promise<string[]> {
  await page.goto(url);
  const hrefs = await page
    .locator('a[href]')
    .evaluateAll((anchors) => anchors.map((a) => (a as HTMLAnchorElement).href));
  return hrefs.filter((href) =>
    /\/(legal-protocol|registrationProtocol|userPrivacyPolicy|commitment|complianceLandingPage|complianceDoc|businessLicense|individual-protocol|ind-com-protocol|temperary-protocol|taxIndividualProtocol|individual\/taxBankAggrement|taxBankCommitment|unbindAgreement|unbindInstruction|unbindInstructionEnt|unbindTransfer)(\/|\?|$)/.test(
      new URL(href).pathname + '?',
    ),
  );
}

test('every link to an agreement in the shop opens a real page', async ({ browser }) => {
  const visitor = await browser.newContext();
  const page = await visitor.newPage();
  const start = new Set<string>();
  const add = (links: string[]) => links.forEach((link) => start.add(link));

  // The login form (login_web and the popup share it), the footer of home and product pages,
  // the shop-keeper application.
  add(await agreementLinks(page, at('/login_web')));
  expect(start.size).toBeGreaterThanOrEqual(2);
  add(await agreementLinks(page, at('/index')));
  add(await agreementLinks(page, at(`/productDetail?productNo=${product.productNo}`)));
  expect([...start].some((link) => link.includes('/businessLicense'))).toBe(true);

  // The contract dialog of a keeper who has not signed.
  const keeper = await browser.newContext();
  const keeperUser = await givenMember(shop.admin.db, SHOP, { role: 3 });
  await shop.admin.db
    .update(t.shopMembers)
    .set({ level: 1 })
    .where(and(eq(t.shopMembers.shopId, SHOP), eq(t.shopMembers.userId, keeperUser.id)));
  await shop.signIn(keeper, keeperUser.phone);
  const keeperPage = await keeper.newPage();
  await keeperPage.goto(at('/index'));
  const contract = keeperPage.getByRole('dialog', { name: '签署店主服务协议' });
  await expect(contract).toBeVisible();
  await keeperPage.screenshot({ path: screen('contract') });
  const contractLink = await contract
    .getByRole('link', { name: '《店主服务协议》' })
    .getAttribute('href');
  expect(contractLink).toContain('/legal-protocol/shopKeeperProtocol');
  start.add(new URL(contractLink!, shop.url).href);
  // Its link opens the agreement, where the keeper may sign too.
  await contract.getByRole('link', { name: '《店主服务协议》' }).click();
  await expect(keeperPage.getByRole('heading', { level: 1, name: '店主服务协议' })).toBeVisible();
  await keeperPage.getByRole('button', { name: '同意并签署' }).click();
  await expect(keeperPage.getByText('签署成功')).toBeVisible();
  const [signed] = await shop.admin.db
    .select()
    .from(t.agreementAcceptances)
    .where(eq(t.agreementAcceptances.userId, keeperUser.id));
  expect(signed).toMatchObject({ type: 'shopKeeperProtocol', version: 1, via: 'contract' });
  await keeper.close();

  // The list and every page it leads to, and theirs in turn (each version, 另请阅读, 全部协议).
  start.add(at('/legal-protocol'));
  const seen = new Set<string>();
  const queue = [...start];
  while (queue.length > 0) {
    const link = queue.shift()!;
    const key = new URL(link);
    key.searchParams.delete('refSpm');
    if (seen.has(key.href)) continue;
    seen.add(key.href);
    const response = await page.goto(link);
    expect(response?.status(), link).toBe(200);
    await expect(page.locator('body'), link).not.toContainText('暂未开放');
    await expect(page.getByRole('heading', { level: 1 }).first(), link).toBeVisible();
    for (const next of await agreementLinks(page, link)) queue.push(next);
  }
  // Every type's page was reached, and a version of the user agreement other than the current.
  const paths = [...seen].map((href) => new URL(href).pathname);
  for (const type of ['shopKeeperProtocol', 'personalInfoConsent', 'accountCancellation']) {
    expect(paths, type).toContain(`/legal-protocol/${type}`);
  }
  // The agreement pages of commerce §2, and the certification group's own pages (shell §2).
  for (const path of [
    '/registrationProtocol',
    '/userPrivacyPolicy',
    '/commitment',
    '/complianceLandingPage',
    '/complianceDoc',
    '/businessLicense',
    '/individual-protocol',
    '/ind-com-protocol',
    '/temperary-protocol',
    '/taxIndividualProtocol',
    '/individual/taxBankAggrement',
    '/taxBankCommitment',
    '/unbindAgreement',
    '/unbindInstruction',
    '/unbindInstructionEnt',
    '/unbindTransfer',
  ]) {
    expect(paths, path).toContain(path);
  }
  expect(
    [...seen].some((href) => href.includes('/registrationProtocol') && href.includes('version=1')),
  ).toBe(true);

  // A type the shop does not have: 协议不存在, never 暂未开放.
  const missing = await page.goto(at('/legal-protocol/noSuchAgreement'));
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: '协议不存在' })).toBeVisible();
  await visitor.close();
});

test('the owner enters the business licence; the storefront shows it', async ({ browser }) => {
  const context = await browser.newContext();
  await shop.signIn(context, 'owner1001');
  const page = await context.newPage();
  await page.goto(at('/license-setting'));
  // The owner too is asked about version 2 of the user agreement first.
  await prompt(page).getByRole('button', { name: '同意', exact: true }).click();
  await expect(prompt(page)).toBeHidden();
  const form = page.getByRole('form', { name: '营业执照信息' });
  await expect(form.getByRole('button', { name: '保存' })).toBeEnabled();
  await expect(form.getByLabel('名称')).toHaveValue('杭州小鹿优选电子商务有限公司');
  await page.screenshot({ path: screen('license-setting'), fullPage: true });

  const code = form.getByLabel('统一社会信用代码');
  const good = await code.inputValue();
  await code.fill(`${good.slice(0, 17)}${good[17] === 'A' ? 'B' : 'A'}`);
  await form.getByRole('button', { name: '保存' }).click();
  await expect(form.getByRole('alert')).toHaveText(
    '统一社会信用代码校验位不正确，请对照营业执照核对',
  );
  await code.fill(good.toLowerCase());
  await form.getByLabel('注册资本（选填）').fill('200万元人民币');
  const picture = await sharp({
    create: { width: 900, height: 640, channels: 3, background: { r: 250, g: 240, b: 225 } },
  })
    .jpeg()
    .toBuffer();
  const seeded = await form.locator('[data-licence-preview]').getAttribute('src');
  await form.getByLabel('更换营业执照照片').setInputFiles({
    name: 'licence.jpg',
    mimeType: 'image/jpeg',
    buffer: picture,
  });
  await expect(form.locator('[data-licence-preview]')).not.toHaveAttribute('src', seeded!);
  await expect(form.locator('[data-licence-preview]')).toHaveAttribute('src', /^\/media\/\d+$/);
  const uploaded = await form.locator('[data-licence-preview]').getAttribute('src');
  const saving = page.waitForResponse(
    (r) => new URL(r.url()).pathname === '/api/shop/legal/licence',
  );
  await form.getByRole('button', { name: '保存' }).click();
  const saved = (await (await saving).json()) as { code: number; message: string };
  expect(saved).toMatchObject({ code: 0, message: '保存成功' });
  await expect(page.locator('#shell-toast')).toHaveText('保存成功');

  await page.goto(at('/businessLicense'));
  await expect(page.locator('[data-licence-field="注册资本"] dd')).toHaveText('200万元人民币');
  await expect(page.locator('[data-licence-picture]')).toHaveAttribute('src', uploaded!);
  await context.close();

  // A shopper gets the page without the way to edit it, and 营业执照信息 refuses them.
  const visitor = await browser.newContext();
  const visitorPage = await visitor.newPage();
  await visitorPage.goto(at('/businessLicense'));
  await expect(visitorPage.locator('[data-licence-field="统一社会信用代码"] dd')).toHaveText(good);
  await expect(visitorPage.getByRole('link', { name: /营业执照信息/ })).toHaveCount(0);
  await visitor.close();
  const keeper = await browser.newContext();
  await shop.signIn(keeper, 'manager1001');
  const keeperPage = await keeper.newPage();
  const refused = await keeperPage.goto(at('/license-setting'));
  expect(refused?.status()).toBe(403);
  await expect(keeperPage.getByText('只有店主可以填写营业执照信息')).toBeVisible();
  await keeper.close();
});

test('each new page on a 375×667 phone', async ({ browser }) => {
  const context = await browser.newContext({
    viewport: { width: 375, height: 667 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  const pages: [string, string][] = [
    ['list', '/legal-protocol'],
    ['registration', '/registrationProtocol'],
    ['registration-v1', '/registrationProtocol?version=1'],
    ['privacy', '/userPrivacyPolicy'],
    ['keeper', '/legal-protocol/shopKeeperProtocol'],
    ['consent', '/legal-protocol/personalInfoConsent'],
    ['commitment', '/commitment'],
    ['compliance', '/complianceLandingPage'],
    ['compliance-doc', '/complianceDoc'],
    ['licence', '/businessLicense'],
  ];
  for (const [name, path] of pages) {
    await page.goto(at(path));
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await page.screenshot({ path: screen(name) });
    // Nothing wider than the phone.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - innerWidth);
    expect(overflow, path).toBeLessThanOrEqual(0);
  }
  await page.goto(at('/registrationProtocol'));
  await page.locator('#agreement-history').scrollIntoViewIfNeeded();
  await page.screenshot({ path: screen('registration-history') });
  await page.goto(at('/index'));
  await page.locator('[data-shop-footer]').scrollIntoViewIfNeeded();
  await page.screenshot({ path: screen('footer-home') });
  await page.goto(at(`/productDetail?productNo=${product.productNo}`));
  await page.locator('[data-shop-footer]').scrollIntoViewIfNeeded();
  await expect(page.locator('[data-footer-link="businessLicense"]')).toBeInViewport();
  await page.screenshot({ path: screen('footer-product') });
  await context.close();
});
