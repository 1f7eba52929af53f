import { describe, expect, it } from 'vitest';
import { FEATURES, FEATURE_CODES, Feature, featureSet, featureStatuses } from './features.ts';
import { featureCodeSchema } from './config-contracts.ts';

describe('feature switches', () => {
  it('are the codes of shell §9 and the shop’s two ways of paying keepers, each named in Chinese for what it governs', () => {
    expect([...FEATURE_CODES].sort()).toEqual(
      [
        '1004',
        '1006',
        '1007',
        '1008',
        '1010',
        '1011',
        '1013',
        '1030',
        '1040',
        '1050',
        '1051',
      ].sort(),
    );
    expect(Feature.SkinPopup).toBe('1010');
    for (const f of FEATURES) {
      expect(f.label).toMatch(/^[\u4e00-\u9fa5「」]+$/);
      expect(f.governs).toMatch(/[\u4e00-\u9fa5]/);
    }
    expect(new Set(FEATURES.map((f) => f.label)).size).toBe(FEATURES.length);
  });

  it('take the shop’s rows, and a code the shop never turned its default', () => {
    const set = featureSet([
      { code: '1004', enableStatus: 0 },
      { code: '1010', enableStatus: 1 },
      { code: '9999', enableStatus: 1 },
    ]);
    expect(set['1004']).toBe(false);
    expect(set['1010']).toBe(true);
    expect(set['1007']).toBe(true);
    expect(Object.keys(set).sort()).toEqual([...FEATURE_CODES].sort());
    // The skin popup is off unless the shop turns it on.
    expect(featureSet([])['1010']).toBe(false);
  });

  it('answer the entrance status as code and enableStatus', () => {
    const statuses = featureStatuses(featureSet([{ code: '1004', enableStatus: 0 }]));
    expect(statuses).toHaveLength(FEATURES.length);
    expect(statuses.find((s) => s.code === '1004')).toEqual({ code: '1004', enableStatus: 0 });
    expect(statuses.find((s) => s.code === '1007')).toEqual({ code: '1007', enableStatus: 1 });
  });

  it('refuse a code that is not one of them', () => {
    expect(featureCodeSchema.safeParse('1004').success).toBe(true);
    const refused = featureCodeSchema.safeParse('1005');
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe('不支持的功能编码');
  });
});
