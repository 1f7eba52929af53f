/**
 * The keeper's grey standing on a migrated database (PGlite): isGreyDistributor is true for a
 * keeper who is not paid out yet and names the step left; businessCustomer/isGrey is true for a
 * business keeper whose documents the owner has not approved.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryDatabase } from '#tests/fixtures/db.ts';
import { givenShop, givenUser } from '#tests/fixtures/given.ts';
import { givenCertificationPhotos, givenCertifiedKeeper } from '#tests/fixtures/certified.ts';
import type { Database, Db } from '#lib/platform/db/client.server.ts';
import { registerShopKeeper } from '#lib/membership/index.server.ts';
import { saveCertificationDraft } from './certifications.server.ts';
import { businessCustomerGrey, greyDistributor } from './grey.server.ts';

let database: Database;
let db: Db;
beforeAll(async () => {
  database = await memoryDatabase({ seed: false });
  db = database.db;
});
afterAll(() => database.close());

async function givenApplicant() {
  const shop = await givenShop(db);
  const user = await givenUser(db);
  return { shopId: shop.shopId, userId: user.id };
}

describe('isGreyDistributor', () => {
  it('is grey from 申请开店 until certified and signed, naming the step left', async () => {
    const who = await givenApplicant();
    expect(await greyDistributor(db, who)).toEqual({ grey: false, step: 'register' });
    await registerShopKeeper(db, { ...who, channel: 'normal' });
    expect(await greyDistributor(db, who)).toEqual({ grey: true, step: 'certify' });
    await givenCertifiedKeeper(db, who.shopId, who.userId);
    expect(await greyDistributor(db, who)).toEqual({ grey: false, step: null });
  });
});

describe('businessCustomer/isGrey', () => {
  it('is grey for a business keeper until approved; a person is no business', async () => {
    const person = await givenApplicant();
    await registerShopKeeper(db, { ...person, channel: 'normal' });
    expect(await businessCustomerGrey(db, person)).toEqual({
      business: false,
      grey: false,
      kind: null,
      kindTitle: null,
      statusText: null,
    });
    await givenCertifiedKeeper(db, person.shopId, person.userId);
    expect(await businessCustomerGrey(db, person)).toMatchObject({
      business: false,
      grey: false,
      kind: 'individual',
    });

    const business = await givenApplicant();
    await registerShopKeeper(db, { ...business, channel: 'normal' });
    const { licencePhotoId } = await givenCertificationPhotos(db, business.shopId, business.userId);
    await saveCertificationDraft(db, {
      ...business,
      draft: { kind: 'business', subjectName: '某某服装店', licencePhotoId },
    });
    expect(await businessCustomerGrey(db, business)).toMatchObject({
      business: true,
      grey: true,
      kind: 'business',
      kindTitle: '个体工商户认证',
    });
  });
});
