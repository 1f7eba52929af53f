/**
 * The demo shops' legal side: version 1 of every agreement type (the platform's texts), and each
 * shop's business licence — the registered facts its owner would enter and a picture of the
 * licence, drawn as SVG like the demo's other pictures (the QR code points at the national
 * enterprise credit information system, as a real licence's does).
 */
import QRCode from 'qrcode';
import type { Tx } from '#lib/platform/db/client.server.ts';
import * as t from '#lib/platform/db/schema.ts';
import { installPlatformTexts } from '#lib/legal/index.server.ts';
import type { LicenceFacts } from '#lib/legal/index.ts';
import { creditCodeCheckChar } from '#lib/platform/credit-code.ts';
import type { DemoRole } from './identity.ts';
import { insertSvg } from './media.ts';

/** A valid unified social credit code from its first 17 characters (GB 32100-2015). */
function creditCode(first17: string): string {
  const check = creditCodeCheckChar(first17);
  if (!check) throw new Error(`not a credit code: ${first17}`);
  return first17 + check;
}

export const DEMO_LICENCES: Record<'1001' | '1002', LicenceFacts> = {
  '1001': {
    kind: '有限责任公司',
    name: '杭州小鹿优选电子商务有限公司',
    creditCode: creditCode('91330106MA2J8L5X2'),
    representative: '林晓璐',
    capital: '100万元人民币',
    foundedOn: '2021-03-18',
    termStart: '2021-03-18',
    termEnd: null,
    address: '浙江省杭州市西湖区文三路398号8幢5楼502室',
    scope:
      '一般项目：互联网销售（除销售需要许可的商品）；服装服饰零售；鞋帽零售；化妆品零售；日用百货销售；针纺织品销售；家居用品销售；体育用品及器材零售；信息咨询服务（不含许可类信息咨询服务）。（除依法须经批准的项目外，凭营业执照依法自主开展经营活动）',
    authority: '杭州市西湖区市场监督管理局',
  },
  '1002': {
    kind: '个体工商户',
    name: '深圳市南山区橙子好物日用百货店',
    creditCode: creditCode('92440300MA5H2C7R1'),
    representative: '陈橙',
    capital: '',
    foundedOn: '2022-08-09',
    termStart: '2022-08-09',
    termEnd: null,
    address: '广东省深圳市南山区粤海街道科技园社区科苑路15号A栋1203',
    scope: '一般经营项目：日用百货、家居用品、床上用品、化妆品的网上销售；水果、初级农产品的销售。',
    authority: '深圳市市场监督管理局南山监管局',
  },
};

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Cuts a long text into lines of at most `width` characters. */
function lines(text: string, width: number): string[] {
  const chars = [...text];
  const out: string[] = [];
  for (let i = 0; i < chars.length; i += width) out.push(chars.slice(i, i + width).join(''));
  return out;
}

const chineseDay = (day: string) => {
  const [y, m, d] = day.split('-').map(Number);
  return `${y}年${m}月${d}日`;
};

/**
 * A 1000×700 picture of a licence's 副本: the red double frame, 营业执照 with the credit code,
 * the facts in two columns, the authority's red seal and the QR code.
 */
export async function licenceSvg(facts: LicenceFacts, issuedOn: string): Promise<string> {
  const individual = facts.kind === '个体工商户';
  const qr = await QRCode.toString(`https://www.gsxt.gov.cn/?uniscid=${facts.creditCode}`, {
    type: 'svg',
    margin: 0,
    width: 120,
    errorCorrectionLevel: 'M',
  });
  // A nested <svg> keeps the code's own viewBox, placed and sized in the licence's.
  const qrPlaced = qr.replace(/^<svg /, '<svg x="830" y="56" ');
  const label = (x: number, y: number, text: string) =>
    `<text x="${x}" y="${y}" font-size="20" fill="#333">${escapeXml(text)}</text>`;
  const value = (x: number, y: number, text: string) =>
    `<text x="${x}" y="${y}" font-size="20" fill="#111">${escapeXml(text)}</text>`;
  const left: [string, string][] = [
    ['名　　称', facts.name],
    ['类　　型', facts.kind],
    [individual ? '经 营 者' : '法定代表人', facts.representative],
    ...(facts.capital ? ([['注册资本', facts.capital]] as [string, string][]) : []),
    [individual ? '注册日期' : '成立日期', chineseDay(facts.foundedOn)],
    [
      '营业期限',
      `${chineseDay(facts.termStart)}至${facts.termEnd ? chineseDay(facts.termEnd) : '长期'}`,
    ],
  ];
  const rows = left
    .map(([l, v], i) => label(70, 300 + i * 40, l) + value(200, 300 + i * 40, v))
    .join('');
  const addressLines = lines(facts.address, 16)
    .map((line, i) => value(620, 300 + i * 30, line))
    .join('');
  const scopeLines = lines(facts.scope, 19)
    .slice(0, 6)
    .map(
      (line, i) =>
        `<text x="620" y="${400 + i * 26}" font-size="17" fill="#111">${escapeXml(line)}</text>`,
    )
    .join('');
  // The authority's name along the foot of the seal, on two lines when it is long.
  const authority = [...facts.authority];
  const sealText = lines(
    facts.authority,
    authority.length > 9 ? Math.ceil(authority.length / 2) : 9,
  )
    .map(
      (line, i) =>
        `<text x="850" y="${628 + i * 13}" font-size="11" text-anchor="middle" fill="#d2232a" opacity="0.9">${escapeXml(line)}</text>`,
    )
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1000" height="700" viewBox="0 0 1000 700" font-family="'Noto Serif CJK SC','Noto Sans CJK SC',serif"><rect width="1000" height="700" fill="#fffaf2"/><rect x="18" y="18" width="964" height="664" fill="none" stroke="#c8161d" stroke-width="8"/><rect x="34" y="34" width="932" height="632" fill="none" stroke="#c8161d" stroke-width="2"/><circle cx="500" cy="100" r="38" fill="#c8161d"/><path d="M500 72 L508 94 L531 94 L512 108 L519 130 L500 116 L481 130 L488 108 L469 94 L492 94 Z" fill="#ffd84a"/><text x="500" y="200" font-size="56" font-weight="700" text-anchor="middle" fill="#c8161d" letter-spacing="18">营业执照</text><text x="500" y="236" font-size="20" text-anchor="middle" fill="#333">（副　本）</text><text x="70" y="120" font-size="18" fill="#333">统一社会信用代码</text><text x="70" y="150" font-size="22" fill="#111">${facts.creditCode}</text>${qrPlaced}${rows}${label(520, 300, individual ? '经营场所' : '住　　所')}${addressLines}${label(520, 400, '经营范围')}${scopeLines}<text x="640" y="600" font-size="20" fill="#333">登记机关</text><circle cx="850" cy="595" r="58" fill="none" stroke="#d2232a" stroke-width="5" opacity="0.85"/><path d="M850 568 L856 586 L875 586 L860 597 L866 615 L850 604 L834 615 L840 597 L825 586 L844 586 Z" fill="#d2232a" opacity="0.85"/>${sealText}<text x="640" y="636" font-size="18" fill="#333">${chineseDay(issuedOn)}</text><text x="70" y="650" font-size="14" fill="#777">国家企业信用信息公示系统网址：http://www.gsxt.gov.cn</text></svg>`;
}

/**
 * Version 1 of every agreement for both shops, and their licences (entered by their owners, the
 * day the demo was seeded).
 */
export async function seedLegal(
  tx: Tx,
  now: Date,
  userId: Record<DemoRole, number>,
): Promise<void> {
  for (const shopId of ['1001', '1002'] as const) {
    await installPlatformTexts(tx, shopId);
    const facts = DEMO_LICENCES[shopId];
    const picture = await insertSvg(tx, await licenceSvg(facts, facts.foundedOn), 1000, 700);
    await tx.insert(t.shopLicences).values({
      shopId,
      ...facts,
      pictureMediaId: Number(picture.slice('/media/'.length)),
      updatedBy: shopId === '1001' ? userId.owner1001 : userId.owner1002,
      updatedAt: now,
    });
  }
}
