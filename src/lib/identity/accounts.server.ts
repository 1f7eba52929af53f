/**
 * One person, one account: when a messaging-app identity binds the phone of an account that has
 * no messaging-app identity yet, the two accounts become one (identity issue, item 4). The kept
 * account takes the other's open id, and every row that referenced either account now references
 * the kept one — nothing is dropped where two rows can live side by side, and where the database
 * allows only one (a membership per shop, a cart line per SKU, a wallet per shop ...) the two are
 * combined by the rules below. All of it is one transaction: it happens whole or not at all.
 *
 * Combining rules:
 * - shop_members: the higher role and maxRole (by number), administrator if either, the higher
 *   level, the agreement signed if either; disabled as a shop keeper if either was (a shop's
 *   decision is not undone by signing up again under another identity); the earlier inviter
 *   and join time. Rows of people the other account invited now name the kept account.
 * - cart_items: one line per SKU, quantities added up to the 99-piece cap.
 * - ledger_accounts: taken over where the kept account has none of that kind in that shop; when
 *   both earn in one shop the merge is refused (transfers are immutable history, so two
 *   accounts cannot become one).
 * - attributions: the kept account's binding in a shop wins; a binding to the other account now
 *   names the kept one, and one to itself is dropped. link_visits added up per day.
 * - keeper_shop_profiles: the kept account's shop name and intro per shop win; compose_sets and
 *   keeper_unbindings are all kept.
 * - bank_cards: all kept; a card bound by both is kept once. share_events kept; forward_texts:
 *   the kept account's text per content type wins.
 * - guide_tags, popup_closes: seen by either is seen.
 * - coupon_user_claims: the claim counts of a coupon added up (user_coupons are all kept).
 * - lottery_chances: one person has one set of chances per lottery: the larger grant, the used
 *   ones added up (at most the grant), so merging never gives chances back nor more of them.
 * - lottery_draws: all kept (中奖记录).
 * - admin_grants: open administrator requests (minutes long) of the merged-away account are
 *   dropped; the applicant asks again from the kept account.
 * - addresses, invoice_titles: all kept; one default at most (the kept account's, if it has
 *   one). invoices follow the person.
 * - real_names: one per account: the kept account's, unless only the other one is verified.
 * - order_groups, orders, payments, after_sales, insurance_claims: all kept.
 * - withdrawals: all kept; an idempotency key both accounts happened to use is cleared on the
 *   other account's row (the retry window it guards is long over).
 * - live_messages: all kept (comments stay under the kept account's id); live_reminders: one 预约
 *   per room (either's is kept); live_like_windows: the other account's like windows go (a rate
 *   limit's state, not the shopper's data: the kept account's windows go on counting).
 * - service_conversations: one per shop and shopper. When both accounts wrote to one shop, the
 *   other's messages move into the kept conversation, the unread counts add up, the latest
 *   preview and time win, and it is open if either was; the other conversation goes.
 *   service_messages.sender_id follows the person.
 * - agreement_acceptances: all kept; a version both accounts accepted is kept once (the kept
 *   account's record). agreements.published_by and shop_licences.updated_by follow the person
 *   (who published a version is the one field of a version that may change, decision 049).
 * - certifications: moved as they are (one per shop and person: when both accounts started one in
 *   the same shop the merge is refused); payout_taxes: all kept (the tax is counted per person,
 *   by their ID number, whichever account was paid).
 * - Any other column referring to users (a table added later) is moved as it is; should that
 *   break a uniqueness rule, the whole merge is refused and nothing changes.
 */
import { sql, type SQL } from 'drizzle-orm';
import { and, asc, eq, or } from 'drizzle-orm';
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import { users } from './tables.server.ts';
import type { MessagingIdentity } from './messaging-app/index.server.ts';
import { MAX_PIECES_PER_SKU } from '#lib/cart/index.ts';

/** The user-referring columns handled by a rule above (table.column). */
export const HANDLED_USER_COLUMNS = new Set([
  'shops.owner_user_id',
  'shop_members.user_id',
  'shop_members.invited_by',
  'sessions.user_id',
  'guide_tags.user_id',
  'popup_closes.user_id',
  'admin_grants.user_id',
  'user_coupons.user_id',
  'coupon_user_claims.user_id',
  'lottery_chances.user_id',
  'lottery_draws.user_id',
  'cart_items.user_id',
  'cart_items.distributor_id',
  'addresses.user_id',
  'real_names.user_id',
  'order_groups.user_id',
  'orders.user_id',
  'orders.distributor_id',
  'payments.user_id',
  'after_sales.user_id',
  'insurance_claims.user_id',
  'invoice_titles.user_id',
  'invoices.user_id',
  'bank_cards.user_id',
  'withdrawals.user_id',
  'withdrawals.reviewed_by',
  'ledger_accounts.user_id',
  'attributions.user_id',
  'attributions.distributor_id',
  'link_visits.distributor_id',
  'share_events.user_id',
  'share_events.distributor_id',
  'forward_texts.user_id',
  'media.owner_user_id',
  'share_links.distributor_id',
  'keeper_shop_profiles.user_id',
  'compose_sets.keeper_id',
  'keeper_unbindings.user_id',
  'sale_blacklist.hidden_by',
  'sale_blacklist.undone_by',
  'shop_decorations.published_by',
  'keeper_unbindings.invited_by',
  'certifications.user_id',
  'payout_taxes.user_id',
  'live_messages.user_id',
  'live_reminders.user_id',
  'live_like_windows.user_id',
  'service_conversations.user_id',
  'service_messages.sender_id',
  'agreement_acceptances.user_id',
  'agreements.published_by',
  'shop_licences.updated_by',
]);

export class MergeRefused extends Error {
  override name = 'MergeRefused';
}

/** Rows of a raw query, whichever engine answered (PGlite gives { rows }, postgres.js an array). */
async function rows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown;
  return Array.isArray(result) ? (result as T[]) : (result as { rows: T[] }).rows;
}

interface UserRow {
  id: number;
  phone: string | null;
  open_id: string | null;
  default_phone: string | null;
  nickname: string;
  avatar_url: string | null;
}

/**
 * Merges account `goneId` into account `keepId` and deletes `goneId`. Refuses (MergeRefused)
 * when either is missing, they are the same, or both hold a different phone or open id.
 */
export async function mergeAccounts(
  db: DbOrTx,
  input: { keepId: number; goneId: number },
): Promise<void> {
  const keep = Number(input.keepId);
  const gone = Number(input.goneId);
  if (!Number.isSafeInteger(keep) || !Number.isSafeInteger(gone) || keep === gone)
    throw new MergeRefused('Two different accounts are needed');

  await db.transaction(async (tx) => {
    // Lowest id first, as every merge does, so two merges never wait on each other in a circle.
    const people = await rows<UserRow>(
      tx,
      sql`select id::int as id, phone, open_id, default_phone, nickname, avatar_url from users
          where id in (${keep}, ${gone}) order by id for update`,
    );
    const k = people.find((p) => Number(p.id) === keep);
    const g = people.find((p) => Number(p.id) === gone);
    if (!k || !g) throw new MergeRefused('No such account');
    if (k.phone && g.phone && k.phone !== g.phone)
      throw new MergeRefused('Both accounts have a phone');
    if (k.open_id && g.open_id && k.open_id !== g.open_id)
      throw new MergeRefused('Both accounts have a messaging-app identity');

    // Memberships: combine per shop, then move the rest.
    await tx.execute(sql`
      update shop_members m set
        role = greatest(m.role, o.role),
        max_role = greatest(m.max_role, o.max_role),
        administrator = m.administrator or o.administrator,
        level = greatest(m.level, o.level),
        sign_agreement = m.sign_agreement or o.sign_agreement,
        distributor_disable = m.distributor_disable or o.distributor_disable,
        invited_by = case when m.created_at <= o.created_at
          then coalesce(m.invited_by, o.invited_by) else coalesce(o.invited_by, m.invited_by) end,
        created_at = least(m.created_at, o.created_at)
      from shop_members o
      where m.user_id = ${keep} and o.user_id = ${gone} and o.shop_id = m.shop_id`);
    await tx.execute(sql`
      delete from shop_members o using shop_members m
      where o.user_id = ${gone} and m.user_id = ${keep} and m.shop_id = o.shop_id`);
    await tx.execute(sql`update shop_members set user_id = ${keep} where user_id = ${gone}`);
    await tx.execute(sql`update shop_members set invited_by = ${keep} where invited_by = ${gone}`);
    await tx.execute(
      sql`update shop_members set invited_by = null where user_id = ${keep} and invited_by = ${keep}`,
    );

    await tx.execute(sql`update shops set owner_user_id = ${keep} where owner_user_id = ${gone}`);
    await tx.execute(sql`update sessions set user_id = ${keep} where user_id = ${gone}`);

    // Seen by either is seen.
    await tx.execute(sql`
      delete from guide_tags o using guide_tags m
      where o.user_id = ${gone} and m.user_id = ${keep}
        and m.shop_id = o.shop_id and m.tag_name = o.tag_name`);
    await tx.execute(sql`update guide_tags set user_id = ${keep} where user_id = ${gone}`);
    await tx.execute(sql`
      delete from popup_closes o using popup_closes m
      where o.user_id = ${gone} and m.user_id = ${keep} and m.code = o.code`);
    await tx.execute(sql`update popup_closes set user_id = ${keep} where user_id = ${gone}`);
    await tx.execute(sql`delete from admin_grants where user_id = ${gone}`);

    await tx.execute(sql`update user_coupons set user_id = ${keep} where user_id = ${gone}`);
    // Claim counts add up, so the merged account cannot claim again what either one claimed.
    await tx.execute(sql`
      insert into coupon_user_claims (coupon_id, user_id, claimed)
      select coupon_id, ${keep}, claimed from coupon_user_claims where user_id = ${gone}
      on conflict (coupon_id, user_id)
      do update set claimed = coupon_user_claims.claimed + excluded.claimed`);
    await tx.execute(sql`delete from coupon_user_claims where user_id = ${gone}`);

    // Lottery chances: one set per person and lottery; draws made with either are spent.
    await tx.execute(sql`
      insert into lottery_chances (lottery_id, user_id, granted, used)
      select lottery_id, ${keep}, granted, used from lottery_chances where user_id = ${gone}
      on conflict (lottery_id, user_id) do update set
        granted = greatest(lottery_chances.granted, excluded.granted),
        used = least(lottery_chances.used + excluded.used,
                     greatest(lottery_chances.granted, excluded.granted))`);
    await tx.execute(sql`delete from lottery_chances where user_id = ${gone}`);
    await tx.execute(sql`update lottery_draws set user_id = ${keep} where user_id = ${gone}`);

    // One cart line per SKU: add up, within the cap.
    await tx.execute(sql`
      update cart_items m set
        quantity = least(${MAX_PIECES_PER_SKU}, m.quantity + o.quantity),
        selected = m.selected or o.selected,
        distributor_id = coalesce(m.distributor_id, o.distributor_id)
      from cart_items o
      where m.user_id = ${keep} and o.user_id = ${gone}
        and o.shop_id = m.shop_id and o.sku_id = m.sku_id`);
    await tx.execute(sql`
      delete from cart_items o using cart_items m
      where o.user_id = ${gone} and m.user_id = ${keep}
        and m.shop_id = o.shop_id and m.sku_id = o.sku_id`);
    await tx.execute(sql`update cart_items set user_id = ${keep} where user_id = ${gone}`);
    await tx.execute(
      sql`update cart_items set distributor_id = ${keep} where distributor_id = ${gone}`,
    );

    // Addresses: all kept, one default at most.
    await tx.execute(sql`
      update addresses set is_default = false
      where user_id = ${gone} and is_default
        and exists (select 1 from addresses d where d.user_id = ${keep} and d.is_default)`);
    await tx.execute(sql`update addresses set user_id = ${keep} where user_id = ${gone}`);

    // Invoice titles likewise (one default at most); invoices follow the person.
    await tx.execute(sql`
      update invoice_titles set is_default = false
      where user_id = ${gone} and is_default
        and exists (select 1 from invoice_titles d where d.user_id = ${keep} and d.is_default)`);
    await tx.execute(sql`update invoice_titles set user_id = ${keep} where user_id = ${gone}`);
    await tx.execute(sql`update invoices set user_id = ${keep} where user_id = ${gone}`);

    // One real-name record: the kept account's, unless only the other one is verified.
    await tx.execute(sql`
      delete from real_names m
      where m.user_id = ${keep} and m.verified_at is null
        and exists (select 1 from real_names o where o.user_id = ${gone} and o.verified_at is not null)`);
    await tx.execute(sql`
      delete from real_names o
      where o.user_id = ${gone} and exists (select 1 from real_names m where m.user_id = ${keep})`);
    await tx.execute(sql`update real_names set user_id = ${keep} where user_id = ${gone}`);

    // Orders: all kept. Withdrawals: all kept; a shared idempotency key stays with the kept account.
    await tx.execute(sql`update order_groups set user_id = ${keep} where user_id = ${gone}`);
    await tx.execute(sql`update orders set user_id = ${keep} where user_id = ${gone}`);
    await tx.execute(
      sql`update orders set distributor_id = ${keep} where distributor_id = ${gone}`,
    );
    // Payments and after-sales follow their orders.
    await tx.execute(sql`update payments set user_id = ${keep} where user_id = ${gone}`);
    await tx.execute(sql`update after_sales set user_id = ${keep} where user_id = ${gone}`);
    await tx.execute(sql`update insurance_claims set user_id = ${keep} where user_id = ${gone}`);
    await tx.execute(sql`
      update withdrawals o set idempotency_key = null
      where o.user_id = ${gone} and o.idempotency_key is not null and exists (
        select 1 from withdrawals m where m.user_id = ${keep} and m.idempotency_key = o.idempotency_key)`);
    await tx.execute(sql`update withdrawals set user_id = ${keep} where user_id = ${gone}`);

    await tx.execute(sql`update withdrawals set reviewed_by = ${keep} where reviewed_by = ${gone}`);
    // Bank cards: all kept; a card both bound is kept once (the other account's is removed).
    await tx.execute(sql`
      update bank_cards o set removed_at = now()
      where o.user_id = ${gone} and o.removed_at is null and exists (
        select 1 from bank_cards m
        where m.user_id = ${keep} and m.removed_at is null and m.card_no_hash = o.card_no_hash)`);
    await tx.execute(sql`update bank_cards set user_id = ${keep} where user_id = ${gone}`);

    // Ledger accounts: the other account's are taken over where the kept one has none. Transfers
    // are immutable history, so two accounts of one kind in one shop cannot become one: refused.
    await tx.execute(sql`
      update ledger_accounts o set user_id = ${keep}
      where o.user_id = ${gone} and not exists (
        select 1 from ledger_accounts m
        where m.user_id = ${keep} and m.shop_id = o.shop_id and m.kind = o.kind)`);
    const [clash] = await rows<{ shop_id: string }>(
      tx,
      sql`select shop_id from ledger_accounts where user_id = ${gone} limit 1`,
    );
    if (clash) throw new MergeRefused(`both accounts earn in shop ${clash.shop_id}`);
    // Attribution: the kept account's binding wins; nobody becomes their own customer.
    await tx.execute(sql`
      delete from attributions o
      where o.user_id = ${gone} and exists (
        select 1 from attributions m where m.user_id = ${keep} and m.shop_id = o.shop_id)`);
    await tx.execute(sql`update attributions set user_id = ${keep} where user_id = ${gone}`);
    await tx.execute(sql`
      delete from attributions where distributor_id = ${gone} and user_id = ${keep}`);
    await tx.execute(
      sql`update attributions set distributor_id = ${keep} where distributor_id = ${gone}`,
    );
    await tx.execute(sql`
      insert into link_visits (shop_id, distributor_id, day, visits)
      select shop_id, ${keep}, day, visits from link_visits where distributor_id = ${gone}
      on conflict (shop_id, distributor_id, day) do update set
        visits = link_visits.visits + excluded.visits`);
    await tx.execute(sql`delete from link_visits where distributor_id = ${gone}`);
    await tx.execute(sql`update share_events set user_id = ${keep} where user_id = ${gone}`);
    await tx.execute(
      sql`update share_events set distributor_id = ${keep} where distributor_id = ${gone}`,
    );
    await tx.execute(sql`
      delete from forward_texts o
      where o.user_id = ${gone} and exists (
        select 1 from forward_texts m
        where m.user_id = ${keep} and m.shop_id = o.shop_id and m.content_type = o.content_type)`);
    await tx.execute(sql`update forward_texts set user_id = ${keep} where user_id = ${gone}`);

    // The keeper's own shop (recruiting): the kept account's profile per shop wins.
    await tx.execute(sql`
      delete from keeper_shop_profiles o
      where o.user_id = ${gone} and exists (
        select 1 from keeper_shop_profiles m where m.user_id = ${keep} and m.shop_id = o.shop_id)`);
    await tx.execute(
      sql`update keeper_shop_profiles set user_id = ${keep} where user_id = ${gone}`,
    );
    await tx.execute(sql`update compose_sets set keeper_id = ${keep} where keeper_id = ${gone}`);
    await tx.execute(sql`update keeper_unbindings set user_id = ${keep} where user_id = ${gone}`);
    await tx.execute(
      sql`update keeper_unbindings set invited_by = ${keep} where invited_by = ${gone}`,
    );

    await tx.execute(sql`update media set owner_user_id = ${keep} where owner_user_id = ${gone}`);
    // Acceptances of agreements: a version both accepted is kept once, the kept account's.
    await tx.execute(sql`
      delete from agreement_acceptances o using agreement_acceptances m
      where o.user_id = ${gone} and m.user_id = ${keep} and m.agreement_id = o.agreement_id`);
    await tx.execute(
      sql`update agreement_acceptances set user_id = ${keep} where user_id = ${gone}`,
    );
    await tx.execute(
      sql`update agreements set published_by = ${keep} where published_by = ${gone}`,
    );
    await tx.execute(sql`update shop_licences set updated_by = ${keep} where updated_by = ${gone}`);
    // Who hid a sale or published the decoration: a record of the shop's, kept under the account.
    await tx.execute(sql`update sale_blacklist set hidden_by = ${keep} where hidden_by = ${gone}`);
    await tx.execute(sql`update sale_blacklist set undone_by = ${keep} where undone_by = ${gone}`);
    await tx.execute(
      sql`update shop_decorations set published_by = ${keep} where published_by = ${gone}`,
    );
    await tx.execute(
      sql`update share_links set distributor_id = ${keep} where distributor_id = ${gone}`,
    );

    // Live rooms: comments kept; one reminder per room.
    await tx.execute(sql`update live_messages set user_id = ${keep} where user_id = ${gone}`);
    await tx.execute(sql`
      delete from live_reminders o using live_reminders m
      where o.user_id = ${gone} and m.user_id = ${keep} and m.room_id = o.room_id`);
    await tx.execute(sql`update live_reminders set user_id = ${keep} where user_id = ${gone}`);
    await tx.execute(sql`delete from live_like_windows where user_id = ${gone}`);

    // Customer service: one conversation per shop; both accounts' messages end up in it.
    await tx.execute(sql`
      update service_messages s set conversation_id = m.id
      from service_conversations o, service_conversations m
      where s.conversation_id = o.id and o.user_id = ${gone}
        and m.user_id = ${keep} and m.shop_id = o.shop_id`);
    await tx.execute(sql`
      update service_conversations m set
        shopper_unread = m.shopper_unread + o.shopper_unread,
        shop_unread = m.shop_unread + o.shop_unread,
        last_preview = case when o.last_message_at > m.last_message_at
          then o.last_preview else m.last_preview end,
        last_message_at = greatest(m.last_message_at, o.last_message_at),
        status = least(m.status, o.status),
        created_at = least(m.created_at, o.created_at)
      from service_conversations o
      where m.user_id = ${keep} and o.user_id = ${gone} and o.shop_id = m.shop_id`);
    await tx.execute(sql`
      delete from service_conversations o using service_conversations m
      where o.user_id = ${gone} and m.user_id = ${keep} and m.shop_id = o.shop_id`);
    await tx.execute(
      sql`update service_conversations set user_id = ${keep} where user_id = ${gone}`,
    );
    await tx.execute(
      sql`update service_messages set sender_id = ${keep} where sender_id = ${gone}`,
    );

    // Columns no rule above knows (tables added later): moved as they are.
    for (const ref of await userReferences(tx)) {
      if (HANDLED_USER_COLUMNS.has(`${ref.table_name}.${ref.column_name}`)) continue;
      const table = sql.raw(ref.qualified_table);
      const column = sql.raw(ref.quoted_column);
      await tx.execute(sql`update ${table} set ${column} = ${keep} where ${column} = ${gone}`);
    }

    // The other account goes (the database refuses if anything still refers to it), then the
    // kept one takes its identity.
    await tx.execute(sql`delete from users where id = ${gone}`);
    await tx.execute(sql`
      update users set
        phone = coalesce(phone, ${g.phone}),
        open_id = coalesce(open_id, ${g.open_id}),
        default_phone = coalesce(${g.default_phone}, default_phone),
        avatar_url = coalesce(avatar_url, ${g.avatar_url}),
        nickname = case when nickname = '' then ${g.nickname} else nickname end
      where id = ${keep}`);
  });
}

export interface UserReference {
  table_name: string;
  column_name: string;
  qualified_table: string;
  quoted_column: string;
}

/** Every foreign-key column of the database that refers to users(id). */
export async function userReferences(db: DbOrTx): Promise<UserReference[]> {
  return rows<UserReference>(
    db,
    sql`select r.relname as table_name, a.attname as column_name,
          quote_ident(n.nspname) || '.' || quote_ident(r.relname) as qualified_table,
          quote_ident(a.attname) as quoted_column
        from pg_constraint c
        join pg_class r on r.oid = c.conrelid
        join pg_namespace n on n.oid = r.relnamespace
        join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any (c.conkey)
        where c.contype = 'f' and c.confrelid = 'users'::regclass
        order by 1, 2`,
  );
}

/**
 * One person, one account: the signed-in account `userId` takes the identity's open id. When
 * another account holds it, that account is merged into this one (the same rules as binding a
 * phone; this account is kept, so the shopper never turns into someone else). Answers null when
 * this account has another open id (another WeChat user: an ordinary sign-in), 'refused' when
 * the two cannot become one (each has its own phone, or both earn in one shop).
 */
export async function attachIdentity(
  db: DbOrTx,
  userId: number,
  identity: MessagingIdentity,
): Promise<{ userId: number; merged: boolean } | 'refused' | null> {
  return db.transaction(async (tx) => {
    // Both rows locked, lowest id first, as a merge locks them.
    const rows = await tx
      .select({ id: users.id, phone: users.phone, openId: users.openId })
      .from(users)
      .where(or(eq(users.id, userId), eq(users.openId, identity.openId)))
      .orderBy(asc(users.id))
      .for('update');
    const me = rows.find((r) => r.id === userId);
    if (!me) return null;
    if (me.openId === identity.openId) return { userId, merged: false };
    if (me.openId !== null) return null;
    const owner = rows.find((r) => r.id !== userId);
    if (!owner) {
      await tx
        .update(users)
        .set({
          openId: identity.openId,
          defaultPhone: identity.defaultPhone,
          ...(identity.avatarUrl ? { avatarUrl: identity.avatarUrl } : {}),
        })
        .where(eq(users.id, userId));
      if (identity.nickname)
        await tx
          .update(users)
          .set({ nickname: identity.nickname })
          .where(and(eq(users.id, userId), eq(users.nickname, '')));
      return { userId, merged: false };
    }
    try {
      await mergeAccounts(tx, { keepId: userId, goneId: owner.id });
    } catch (error) {
      if (error instanceof MergeRefused) return 'refused';
      throw error;
    }
    return { userId, merged: true };
  });
}

/**
 * The account of a messaging-app identity, created on its first sign-in: one statement, so two
 * sign-ins at once make one account.
 */
export async function accountOfIdentity(tx: DbOrTx, identity: MessagingIdentity): Promise<number> {
  const [user] = await tx
    .insert(users)
    .values({
      openId: identity.openId,
      nickname: identity.nickname,
      avatarUrl: identity.avatarUrl,
      defaultPhone: identity.defaultPhone,
    })
    .onConflictDoUpdate({
      target: users.openId,
      set: { defaultPhone: identity.defaultPhone },
    })
    .returning({ id: users.id });
  return user!.id;
}
