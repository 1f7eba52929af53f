import { describe, expect, it } from 'vitest';
import { ADMIN_APPLY_ERRORS, adminApplyRefusal } from './admin-apply.ts';

const applicant = { administrator: false, isOwner: false, hasOwner: true };

describe('adminApplyRefusal', () => {
  it('lets a user of a shop with an owner apply', () => {
    expect(adminApplyRefusal(applicant)).toBeNull();
  });

  it('refuses an administrator, the owner, and anybody in a shop without an owner', () => {
    expect(adminApplyRefusal({ ...applicant, administrator: true })).toBe('administrator');
    expect(adminApplyRefusal({ ...applicant, isOwner: true })).toBe('owner');
    expect(adminApplyRefusal({ ...applicant, hasOwner: false })).toBe('no-owner');
  });

  it('tells an owner who is also administrator that they are administrator', () => {
    expect(adminApplyRefusal({ ...applicant, administrator: true, isOwner: true })).toBe(
      'administrator',
    );
  });

  it('answers the owner with a conflict of its own words', () => {
    expect(ADMIN_APPLY_ERRORS.owner).toEqual({
      code: 409,
      message: '您是本店店主，无需申请管理员',
    });
  });
});
