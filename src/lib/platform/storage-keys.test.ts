import { describe, expect, it } from 'vitest';
import { deviceKey, shopKey, userKey } from './storage-keys.ts';

describe('storage keys (DESIGN.md "Persistence in the browser")', () => {
  it('builds per-device, per-shop and per-user-and-shop keys', () => {
    expect(deviceKey('version')).toBe('shop:version');
    expect(shopKey('1001', 'loginForm')).toBe('shop:1001:loginForm');
    expect(userKey('1001', 42, 'skipInterceptAt')).toBe('shop:1001:u:42:skipInterceptAt');
  });
});
