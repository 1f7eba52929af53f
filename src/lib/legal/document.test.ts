import { describe, expect, it } from 'vitest';
import {
  bodyLength,
  chineseDate,
  formatAgreementText,
  hashedText,
  legalDocument,
  parseAgreementText,
} from './document.ts';

describe('an agreement written as text', () => {
  const text = [
    '  欢迎使用本店。 ',
    '',
    '请仔细阅读。',
    '# 一、服务内容',
    '本店提供商品。',
    '\t',
    '## 二、账户',
    '一人一号。',
    '不得转让。',
  ].join('\r\n');

  it('reads the introduction, then a section per “#” line with its paragraphs', () => {
    expect(parseAgreementText(text)).toEqual({
      intro: ['欢迎使用本店。', '请仔细阅读。'],
      sections: [
        { heading: '一、服务内容', paragraphs: ['本店提供商品。'] },
        { heading: '二、账户', paragraphs: ['一人一号。', '不得转让。'] },
      ],
    });
  });

  it('writes back the canonical text, which reads the same again', () => {
    const body = parseAgreementText(text);
    const canonical = formatAgreementText(body);
    expect(canonical).toBe(
      '欢迎使用本店。\n请仔细阅读。\n# 一、服务内容\n本店提供商品。\n# 二、账户\n一人一号。\n不得转让。',
    );
    expect(parseAgreementText(canonical)).toEqual(body);
  });

  it('hashes the title and the effective date with the text: each changes what was shown', () => {
    const body = parseAgreementText(text);
    const base = hashedText({ title: '用户注册协议', effectiveDate: '2026-01-01', body });
    expect(base.startsWith('用户注册协议\n2026-01-01\n欢迎使用本店。')).toBe(true);
    expect(hashedText({ title: '用户协议', effectiveDate: '2026-01-01', body })).not.toBe(base);
    expect(hashedText({ title: '用户注册协议', effectiveDate: '2026-01-02', body })).not.toBe(base);
  });

  it('counts characters as a reader does, headings included', () => {
    expect(bodyLength(parseAgreementText('一二三\n# 四五\n六😀'))).toBe(7);
  });

  it('dates a version in Chinese', () => {
    expect(chineseDate('2026-03-05')).toBe('2026年3月5日');
    expect(
      legalDocument({
        title: '隐私政策',
        effectiveDate: '2026-03-05',
        publishedDay: '2026-02-20',
        body: { intro: [], sections: [] },
      }),
    ).toMatchObject({ updated: '更新日期：2026年2月20日', effective: '生效日期：2026年3月5日' });
  });
});
