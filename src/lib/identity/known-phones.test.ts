import { describe, expect, it } from 'vitest';
import { phoneProof, provesPhone, withProof } from './known-phones.server.ts';

describe('known phones', () => {
  const a = phoneProof('13800000001', 'key');
  const b = phoneProof('13800000002', 'key');

  it('proves a phone without naming it, and only with the server key', () => {
    expect(a).toMatch(/^[0-9a-f]{32}$/);
    expect(a).not.toContain('13800000001');
    expect(phoneProof('13800000001', 'other key')).not.toBe(a);
    expect(b).not.toBe(a);
  });

  it('keeps the newest phones first, without duplicates, at most four', () => {
    let cookie = withProof(undefined, a);
    cookie = withProof(cookie, b);
    cookie = withProof(cookie, a);
    expect(cookie).toBe(`${a}.${b}`);
    for (let i = 3; i <= 6; i++) cookie = withProof(cookie, phoneProof(`1380000000${i}`, 'key'));
    expect(cookie.split('.')).toHaveLength(4);
    expect(provesPhone(cookie, a)).toBe(false);
    expect(provesPhone(cookie, phoneProof('13800000006', 'key'))).toBe(true);
  });

  it('proves nothing from a missing, forged or mangled cookie', () => {
    expect(provesPhone(undefined, a)).toBe(false);
    expect(provesPhone(b, a)).toBe(false);
    expect(provesPhone(`${a.toUpperCase()}`, a)).toBe(false);
    expect(provesPhone(`x.${a}`, a)).toBe(true);
    expect(provesPhone('0'.repeat(32), a)).toBe(false);
  });
});
