import { describe, expect, it } from 'vitest';
import { addDays, checkAgreementDraft, isCalendarDay } from './rules.ts';

const TODAY = '2026-11-21';
const TEXT = `本协议是你与本店之间的约定，请仔细阅读。\n# 一、服务内容\n${'本店向你提供商品浏览、下单和售后服务。'.repeat(3)}`;
const draft = (over: Partial<{ title: string; effectiveDate: string; text: string }> = {}) => ({
  title: '用户注册协议',
  effectiveDate: TODAY,
  text: TEXT,
  ...over,
});
const refusal = (
  over: Parameters<typeof draft>[0],
  latestEffective: string | null = '2025-06-01',
) => {
  const result = checkAgreementDraft(draft(over), { today: TODAY, latestEffective });
  return result.ok ? null : { field: result.field, message: result.error.message };
};

describe('a new version of an agreement', () => {
  it('is accepted with a title, a date from today and a text of sections', () => {
    const result = checkAgreementDraft(draft({ title: '  用户注册协议 ' }), {
      today: TODAY,
      latestEffective: '2025-06-01',
    });
    expect(result).toMatchObject({
      ok: true,
      value: { title: '用户注册协议', effectiveDate: TODAY },
    });
  });

  it('needs a title of at most 40 characters', () => {
    expect(refusal({ title: '   ' })).toEqual({ field: 'title', message: '请填写协议标题' });
    expect(refusal({ title: '协'.repeat(41) })).toEqual({
      field: 'title',
      message: '协议标题最多40个字',
    });
    expect(refusal({ title: '协'.repeat(40) })).toBeNull();
  });

  it('takes effect from today to a year ahead, never before the version it follows', () => {
    expect(refusal({ effectiveDate: '2026-02-30' })).toEqual({
      field: 'effectiveDate',
      message: '请选择正确的生效日期',
    });
    expect(refusal({ effectiveDate: '2026/12/01' })?.message).toBe('请选择正确的生效日期');
    expect(refusal({ effectiveDate: '2026-11-20' })).toEqual({
      field: 'effectiveDate',
      message: '生效日期不能早于今天',
    });
    expect(refusal({ effectiveDate: addDays(TODAY, 367) })).toEqual({
      field: 'effectiveDate',
      message: '生效日期不能晚于一年以后',
    });
    expect(refusal({ effectiveDate: addDays(TODAY, 366) })).toBeNull();
    expect(refusal({ effectiveDate: '2026-12-01' }, '2026-12-15')).toEqual({
      field: 'effectiveDate',
      message: '生效日期不能早于上一版本的生效日期',
    });
  });

  it('needs a text of 50 to 30000 characters, in sections that each say something', () => {
    expect(refusal({ text: '# 一、总则\n太短了' })).toEqual({
      field: 'text',
      message: '协议正文至少50个字',
    });
    expect(refusal({ text: `# 一、总则\n${'长'.repeat(1999)}\n`.repeat(16) })?.message).toBe(
      '协议正文最多30000个字',
    );
    expect(refusal({ text: '没有章节的正文。'.repeat(10) })?.message).toBe(
      '协议正文至少要有一个以“#”开头的章节标题',
    );
    expect(refusal({ text: `${TEXT}\n# 二、空章节` })?.message).toBe(
      '每个章节标题下至少要有一段正文',
    );
    expect(refusal({ text: `${TEXT}\n#\n一段。` })?.message).toBe('章节标题不能为空');
    expect(refusal({ text: `${TEXT}\n# ${'标'.repeat(41)}\n一段。` })?.message).toBe(
      '章节标题最多40个字',
    );
    expect(refusal({ text: `${TEXT}\n${'段'.repeat(2001)}` })?.message).toBe(
      '每段正文最多2000个字',
    );
  });

  it('reads calendar days strictly', () => {
    expect(isCalendarDay('2028-02-29')).toBe(true);
    expect(isCalendarDay('2026-02-29')).toBe(false);
    expect(isCalendarDay('2026-1-01')).toBe(false);
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });
});
