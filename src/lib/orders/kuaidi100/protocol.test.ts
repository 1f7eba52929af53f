/** Kuaidi100's signs and times, against digests computed outside the code (md5sum). */
import { describe, expect, it } from 'vitest';
import { chinaTime, parseChinaTime, pushSign, querySign, verifyPushSign } from './protocol.ts';
import { placeOf } from './sandbox/world.server.ts';

describe('signs', () => {
  it('signs a query as upper-case MD5(param + key + customer)', () => {
    expect(querySign('{"com":"yuantong","num":"YT0001234567"}', 'sandboxkey', 'CUSTOMER01')).toBe(
      '4B961265729A327145BA7A7F661C0DB4',
    );
  });

  it('signs a push as upper-case MD5(param + salt) and verifies only that', () => {
    const param = '{"status":"polling"}';
    expect(pushSign(param, 'saltsalt')).toBe('94AAF0AFFF9510750016993DCDA37DDD');
    expect(verifyPushSign(param, '94AAF0AFFF9510750016993DCDA37DDD', 'saltsalt')).toBe(true);
    // Case is not part of the digest.
    expect(verifyPushSign(param, '94aaf0afff9510750016993dcda37ddd', 'saltsalt')).toBe(true);
    // Another salt, a changed param, a cut or empty sign: refused.
    expect(verifyPushSign(param, '94AAF0AFFF9510750016993DCDA37DDD', 'saltsalt2')).toBe(false);
    expect(verifyPushSign('{"status":"shutdown"}', pushSign(param, 'saltsalt'), 'saltsalt')).toBe(
      false,
    );
    expect(verifyPushSign(param, '94AAF0AFFF9510750016993DCDA37DD', 'saltsalt')).toBe(false);
    expect(verifyPushSign(param, '', 'saltsalt')).toBe(false);
  });
});

describe('times', () => {
  it('writes and reads the service times in China time', () => {
    const at = new Date('2026-11-20T02:03:04Z');
    expect(chinaTime(at)).toBe('2026-11-20 10:03:04');
    expect(parseChinaTime('2026-11-20 10:03:04')).toEqual(at);
    expect(parseChinaTime('2026-11-20 10:03')).toEqual(new Date('2026-11-20T02:03:00Z'));
    expect(parseChinaTime('2026/11/20 10:03:04')).toBeNull();
    expect(parseChinaTime('')).toBeNull();
  });
});

describe('the sandbox reads a place', () => {
  it('takes the city and district of 省市区 text', () => {
    expect(placeOf('浙江省杭州市西湖区')).toEqual({ city: '杭州市', district: '西湖区' });
    expect(placeOf('北京市朝阳区')).toEqual({ city: '北京市', district: '朝阳区' });
    expect(placeOf('广西壮族自治区南宁市青秀区')).toEqual({ city: '南宁市', district: '青秀区' });
    expect(placeOf('广州')).toEqual({ city: '广州', district: '' });
  });
});
