/**
 * The freight insurance rules: the premium band an order's goods fall in, the cover by the
 * province the parcel goes back from, why a checkout cannot be insured, and which state a
 * policy shows when several could apply.
 */
import { describe, expect, it } from 'vitest';
import {
  POLICY_STATE_TEXT,
  PREMIUM_BANDS,
  REMOTE_COVER_CENTS,
  REMOTE_PROVINCES,
  STANDARD_COVER_CENTS,
  insuranceCover,
  insurancePremium,
  policyState,
  uninsurableReason,
} from './rules.ts';

describe('insurancePremium', () => {
  it('charges nothing for no goods', () => {
    expect(insurancePremium(0)).toBe(0);
    expect(insurancePremium(-1)).toBe(0);
    expect(insurancePremium(-50_000)).toBe(0);
  });

  it('charges 0.80 below 100.00, 1.50 below 300.00 and 2.50 from 300.00 on', () => {
    expect(
      [1, 9_999, 10_000, 10_001, 29_999, 30_000, 30_001, 1_000_000, 2_000_000_000].map(
        insurancePremium,
      ),
    ).toEqual([80, 80, 150, 150, 150, 250, 250, 250, 250]);
  });

  it('has three bands, each dearer than the one below it, the last open-ended', () => {
    expect(PREMIUM_BANDS).toEqual([
      [10_000, 80],
      [30_000, 150],
      [Number.POSITIVE_INFINITY, 250],
    ]);
  });
});

describe('insuranceCover', () => {
  it('pays 12.00 for a parcel from an ordinary province', () => {
    expect(STANDARD_COVER_CENTS).toBe(1_200);
    for (const province of ['浙江省', '北京市', '广东省', '广西壮族自治区', '上海市', '']) {
      expect(insuranceCover(province)).toBe(1_200);
    }
  });

  it('pays 25.00 for a parcel from each remote province, by the start of its full name', () => {
    expect(REMOTE_COVER_CENTS).toBe(2_500);
    expect([...REMOTE_PROVINCES]).toEqual(['新疆', '西藏', '青海', '内蒙古', '甘肃', '宁夏']);
    const remote = [
      '新疆维吾尔自治区',
      '西藏自治区',
      '青海省',
      '内蒙古自治区',
      '甘肃省',
      '宁夏回族自治区',
    ];
    expect(remote.map(insuranceCover)).toEqual([2_500, 2_500, 2_500, 2_500, 2_500, 2_500]);
    // The short names match as well; a name that only contains one further in does not.
    expect(REMOTE_PROVINCES.map((name) => insuranceCover(name))).toEqual(
      REMOTE_PROVINCES.map(() => 2_500),
    );
    expect(insuranceCover('中国新疆')).toBe(1_200);
  });
});

describe('uninsurableReason', () => {
  it('is null for no lines and for lines with no cross-border goods', () => {
    expect(uninsurableReason([])).toBeNull();
    expect(uninsurableReason([{ crossBorder: false }, { crossBorder: false }])).toBeNull();
  });

  it('refuses a checkout with any cross-border line, with the refusal’s text', () => {
    expect(uninsurableReason([{ crossBorder: true }])).toBe('跨境商品暂不支持运费险');
    expect(uninsurableReason([{ crossBorder: false }, { crossBorder: true }])).toBe(
      '跨境商品暂不支持运费险',
    );
  });
});

describe('policyState', () => {
  it('is pending until paid, active while live, void when cancelled', () => {
    expect(policyState({ status: 'unpaid', claimed: false })).toBe('pending');
    expect(policyState({ status: 'live', claimed: false })).toBe('active');
    expect(policyState({ status: 'cancelled', claimed: false })).toBe('void');
  });

  it('shows a claim before anything else', () => {
    for (const status of ['unpaid', 'live', 'cancelled'] as const) {
      expect(policyState({ status, claimed: true })).toBe('claimed');
    }
  });

  it('reads each state as the policy page shows it', () => {
    expect(POLICY_STATE_TEXT).toEqual({
      pending: '待生效',
      active: '保障中',
      void: '已失效',
      claimed: '已理赔',
    });
  });
});
