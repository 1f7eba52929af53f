import { describe, expect, it } from 'vitest';
import { coverAt, coverRows, premiumRows } from './wuyou.ts';

describe('无忧购’s figures, from the insurance rules', () => {
  it('lists the premium bands as the checkout charges them', () => {
    expect(premiumRows()).toEqual([
      { range: '¥0.00 – ¥99.99', premium: '¥0.80' },
      { range: '¥100.00 – ¥299.99', premium: '¥1.50' },
      { range: '¥300.00 及以上', premium: '¥2.50' },
    ]);
  });

  it('lists the higher cover of the remote provinces, then everywhere else', () => {
    expect(coverRows()).toEqual([
      { where: '新疆、西藏、青海、内蒙古、甘肃、宁夏', cover: '¥25.00', cents: 2500 },
      { where: '其他地区', cover: '¥12.00', cents: 1200 },
    ]);
  });

  it('pays a return from the default address by its province', () => {
    expect(coverAt('西藏自治区')).toEqual({ province: '西藏自治区', cents: 2500 });
    expect(coverAt('内蒙古自治区')).toEqual({ province: '内蒙古自治区', cents: 2500 });
    expect(coverAt('广东省')).toEqual({ province: '广东省', cents: 1200 });
    expect(coverAt('')).toBeNull();
    expect(coverAt(null)).toBeNull();
    expect(coverAt(undefined)).toBeNull();
  });
});
