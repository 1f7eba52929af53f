import { describe, expect, it } from 'vitest';
import {
  CARRIERS,
  carrierName,
  carrierOfKuaidi100,
  isCarrier,
  kuaidi100Company,
} from './carriers.ts';
import {
  SANDBOX_DELIVERY_MS,
  SANDBOX_STEPS,
  sandboxStepState,
  sandboxTraces,
} from './logistics.server.ts';

const SHIPPED = new Date('2026-11-20T02:00:00Z');
const parcel = {
  carrier: 'SF',
  trackingNo: 'SF1234567890',
  shippedAt: SHIPPED,
  fromCity: '广州市',
  to: {
    name: '鹿小姐',
    phone: '13800000001',
    province: '浙江省',
    city: '杭州市',
    district: '西湖区',
    detail: '文三路 90 号',
  },
};

describe('carriers', () => {
  it('lists the eight carriers by code', () => {
    expect(CARRIERS.map((c) => c.code)).toEqual([
      'SF',
      'ZTO',
      'YTO',
      'STO',
      'YD',
      'JTSD',
      'JD',
      'EMS',
    ]);
    expect(carrierName('JTSD')).toBe('极兔速递');
    expect(carrierName('XX')).toBeNull();
    expect(isCarrier('EMS')).toBe(true);
    expect(isCarrier('ems')).toBe(false);
  });

  it('maps each carrier to its Kuaidi100 company code and back', () => {
    expect(CARRIERS.map((c) => [c.code, kuaidi100Company(c.code)])).toEqual([
      ['SF', 'shunfeng'],
      ['ZTO', 'zhongtong'],
      ['YTO', 'yuantong'],
      ['STO', 'shentong'],
      ['YD', 'yunda'],
      ['JTSD', 'jtexpress'],
      ['JD', 'jd'],
      ['EMS', 'ems'],
    ]);
    for (const c of CARRIERS) expect(carrierOfKuaidi100(c.kuaidi100)).toBe(c.code);
    expect(carrierOfKuaidi100('ShunFeng')).toBe('SF');
    expect(kuaidi100Company('XX')).toBeNull();
    expect(carrierOfKuaidi100('debangwuliu')).toBeNull();
  });
});

describe('the sandbox carrier', () => {
  it('goes from pickup through transfer centres to delivery and signing, in time order', () => {
    const steps = sandboxTraces(parcel);
    expect(steps[0]!.text).toContain('【广州】顺丰速运 已揽收');
    expect(steps.some((s) => /发往【.+转运中心】/.test(s.text))).toBe(true);
    expect(steps.some((s) => s.text.includes('快件已到达【杭州转运中心】'))).toBe(true);
    expect(steps.at(-2)!.text).toMatch(/派送中，快递员：.师傅，电话：170\d{8}/);
    expect(steps.at(-1)!.text).toMatch(/^已签收/);
    const times = steps.map((s) => Date.parse(s.time));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    expect(times[0]!).toBeGreaterThan(SHIPPED.getTime());
    expect(times.at(-1)! - SHIPPED.getTime()).toBeLessThanOrEqual(SANDBOX_DELIVERY_MS);
  });

  it('is the same for the same tracking number, different for another', () => {
    expect(sandboxTraces(parcel)).toEqual(sandboxTraces({ ...parcel }));
    expect(sandboxTraces({ ...parcel, trackingNo: 'SF1234567891' })).not.toEqual(
      sandboxTraces(parcel),
    );
  });

  it('takes nine steps, in Kuaidi100 states 揽收, 在途 ×6, 派件, 签收', () => {
    expect(sandboxTraces(parcel)).toHaveLength(SANDBOX_STEPS);
    expect(Array.from({ length: SANDBOX_STEPS }, (_, i) => sandboxStepState(i))).toEqual([
      '1',
      '0',
      '0',
      '0',
      '0',
      '0',
      '0',
      '5',
      '3',
    ]);
  });
});
