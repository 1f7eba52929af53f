/**
 * Who someone is: users, sign-in codes and sessions, the messaging app's credentials (and its
 * sandbox), identity checks and real names.
 */
import { bigint, index, integer, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';
import { id, ref, createdAt, at } from '#lib/platform/db/columns.ts';

export const users = pgTable('users', {
  id: id(),
  phone: text('phone').unique(),
  nickname: text('nickname').notNull().default(''),
  avatarUrl: text('avatar_url'),
  /** The messaging app's open id, once the user signed in there. */
  openId: text('open_id').unique(),
  /**
   * The phone the messaging app reported at the last sign-in there: binding it needs no code.
   * Not the account's phone until the user binds it (phone binding, commerce §4).
   */
  defaultPhone: text('default_phone'),
  createdAt: createdAt(),
});

/**
 * The official account's JS-SDK credentials (access_token, jsapi_ticket), one row per app and
 * kind, shared by every server process: WeChat invalidates a token when a new one is fetched, so
 * one process at a time refreshes a row (the one holding its lease) and the others read it.
 */
export const wechatCredentials = pgTable(
  'wechat_credentials',
  {
    appId: text('app_id').notNull(),
    /** 'access_token' or 'jsapi_ticket'. */
    kind: text('kind').notNull(),
    /** Empty until first fetched. */
    value: text('value').notNull(),
    expiresAt: at('expires_at').notNull(),
    refreshedAt: at('refreshed_at'),
    /** The process refreshing it, until lease_until (a process that died lets it lapse). */
    leaseOwner: text('lease_owner'),
    leaseUntil: at('lease_until'),
  },
  (t) => [primaryKey({ columns: [t.appId, t.kind] })],
);

/**
 * The sandbox WeChat gateway's users (/sandbox/weixin/): one per browser and app, made the first
 * time its authorize page sees the browser, with the nickname and phone it reports from then on.
 */
export const weixinSandboxUsers = pgTable('weixin_sandbox_users', {
  openId: text('open_id').primaryKey(),
  appId: text('app_id').notNull(),
  nickname: text('nickname').notNull(),
  headImgUrl: text('head_img_url').notNull(),
  phone: text('phone').notNull(),
  createdAt: createdAt(),
});

/**
 * What the sandbox gateway has handed out: authorization codes (kind 'code', 5 minutes, used
 * once), web-authorization tokens ('sns'), access tokens ('token') and jsapi tickets ('ticket').
 * Only the SHA-256 of each value is kept.
 */
export const weixinSandboxGrants = pgTable(
  'weixin_sandbox_grants',
  {
    hash: text('hash').primaryKey(),
    kind: text('kind').notNull(),
    appId: text('app_id').notNull(),
    openId: text('open_id'),
    scope: text('scope'),
    expiresAt: at('expires_at').notNull(),
    consumedAt: at('consumed_at'),
    createdAt: createdAt(),
  },
  (t) => [index('weixin_sandbox_grants_app_kind_idx').on(t.appId, t.kind, t.createdAt)],
);

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the cookie token; the token itself is never stored. */
    tokenHash: text('token_hash').primaryKey(),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: at('expires_at').notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

export const smsCodes = pgTable(
  'sms_codes',
  {
    id: id(),
    phone: text('phone').notNull(),
    codeHash: text('code_hash').notNull(),
    purpose: text('purpose').notNull().default('login'),
    /** The client that asked for it (clientKey: an address, an IPv6 /64, or `unknown`). */
    clientIp: text('client_ip'),
    /** Wrong tries at this code from every client together (the phone-wide ceiling). */
    attempts: smallint('attempts').notNull().default(0),
    expiresAt: at('expires_at').notNull(),
    consumedAt: at('consumed_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('sms_codes_phone_idx').on(t.phone, t.createdAt),
    index('sms_codes_ip_idx').on(t.clientIp, t.createdAt),
    index('sms_codes_expires_idx').on(t.expiresAt),
  ],
);

/**
 * Wrong tries at one code by one client (clientKey), so a client that reaches its limit is locked
 * out of that code while the code keeps working for everyone else (decision 014).
 */
export const smsCodeTries = pgTable(
  'sms_code_tries',
  {
    codeId: ref('code_id')
      .notNull()
      .references(() => smsCodes.id, { onDelete: 'cascade' }),
    client: text('client').notNull(),
    wrong: smallint('wrong').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.codeId, t.client] })],
);

/** The dev outbox of the console SMS provider. */
export const smsOutbox = pgTable('sms_outbox', {
  id: id(),
  phone: text('phone').notNull(),
  text: text('text').notNull(),
  createdAt: createdAt(),
});

/**
 * A version per user, raised by the database (migration 0011) whenever something about the user
 * that pages show changes: their sessions, profile, memberships, cart, orders, coupons,
 * addresses. Reads of those are cached per version (decision 015). No row yet reads as 0. No
 * foreign key: a session deleted with its user still raises the (then unused) version.
 */
export const userVersions = pgTable('user_versions', {
  userId: integer('user_id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});

/**
 * Identity checks already paid for (faceid's ID two-element and bank-card four-element checks):
 * an HMAC of the inputs → the authority's answer, so one check is never bought twice. Only the
 * answers the vendor charges for are kept; neither a name nor a number is stored.
 */
export const identityCheckResults = pgTable(
  'identity_check_results',
  {
    /** id2 (name + ID number) or bank4 (name, ID number, card, phone). */
    kind: text('kind').notNull(),
    inputHash: text('input_hash').notNull(),
    result: text('result').notNull(),
    description: text('description').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.inputHash] })],
);

/**
 * Paid identity checks each user started per shop day: the daily limit is one guarded upsert.
 * A counter, not a relation: no foreign key, so merging two accounts leaves it alone.
 */
export const identityCheckCalls = pgTable(
  'identity_check_calls',
  {
    userId: ref('user_id').notNull(),
    /** The shop's calendar day (2026-11-27). */
    day: text('day').notNull(),
    calls: integer('calls').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

/**
 * Real-name records for cross-border orders: the name and ID number are stored encrypted
 * (AES-256-GCM, identity/real-name.server.ts) and masked for display; the hash finds a number
 * already used without decrypting.
 */
export const realNames = pgTable('real_names', {
  userId: ref('user_id')
    .primaryKey()
    .references(() => users.id),
  nameMasked: text('name_masked').notNull(),
  nameCipher: text('name_cipher').notNull(),
  idNumberMasked: text('id_number_masked').notNull(),
  idNumberCipher: text('id_number_cipher').notNull(),
  idNumberHash: text('id_number_hash').notNull(),
  verifiedAt: at('verified_at'),
  updatedAt: at('updated_at').notNull().defaultNow(),
});
