import { sql } from 'drizzle-orm';
import { memberStatuses } from '../../src/domain/memberProfile';
import {
  check,
  customType,
  type AnyPgColumn,
  index,
  integer,
  pgTable,
  real,
  serial,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  // PGlite hands back a Uint8Array, node-postgres a Buffer: give callers one type.
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const inviteCodes = pgTable(
  'invite_codes',
  {
    code: text('code').primaryKey(),
    label: text('label'),
    maxUses: integer('max_uses').notNull(),
    uses: integer('uses').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** When someone first checked this code and it was valid: the funnel's "checked" stage. */
    firstCheckedAt: timestamp('first_checked_at', { withTimezone: true }),
    createdAt: createdAt(),
    /** The member whose quota this code belongs to; null for the operator's codes. */
    invitedBy: uuid('invited_by').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    /** Instead of invitedBy once that member erased their account: their anonymous place in the tree. */
    invitedByErased: uuid('invited_by_erased').references((): AnyPgColumn => erasedInviteNodes.id),
    /** The waitlist entry the operator let in with this code (`npm run waitlist -- invite`). */
    waitlistId: integer('waitlist_id').references((): AnyPgColumn => waitlist.id, { onDelete: 'set null' }),
    /** The community whose event link this code is (an organiser made it); null for every other code. */
    communityId: uuid('community_id').references((): AnyPgColumn => communities.id),
  },
  (table) => [
    index('invite_codes_invited_by_idx').on(table.invitedBy),
    index('invite_codes_invited_by_erased_idx').on(table.invitedByErased),
    check('invite_codes_uses_within_max', sql`${table.uses} >= 0 AND ${table.uses} <= ${table.maxUses}`),
    check('invite_codes_max_uses_positive', sql`${table.maxUses} > 0`),
  ],
);

/**
 * A member who erased their account, as the invite tree still needs them: the code they joined with
 * (the edge up) and a fresh random id the codes they had shared point to (the edges down). Nothing
 * here leads back to the person: no name, phone, user id or date.
 */
export const erasedInviteNodes = pgTable('erased_invite_nodes', {
  id: uuid('id').primaryKey().defaultRandom(),
  inviteCode: text('invite_code')
    .notNull()
    .references((): AnyPgColumn => inviteCodes.code),
});

export const waitlist = pgTable('waitlist', {
  id: serial('id').primaryKey(),
  phone: text('phone').unique(),
  email: text('email').unique(),
  name: text('name'),
  createdAt: createdAt(),
  /** Set when the operator sends this number an invitation; status waiting → invited. */
  invitedAt: timestamp('invited_at', { withTimezone: true }),
  /** Set when this number registers, with any code; status → joined. */
  joinedAt: timestamp('joined_at', { withTimezone: true }),
});

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    age: integer('age').notNull(),
    location: text('location').notNull(),
    phone: text('phone').notNull().unique(),
    occupation: text('occupation').notNull(),
    lookingFor: text('looking_for')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    interests: text('interests')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    inviteCode: text('invite_code')
      .notNull()
      .references(() => inviteCodes.code),
    /** One-time code carried in the WhatsApp link so the assistant can tie the chat to this row. */
    linkingCode: text('linking_code').notNull().unique(),
    /** A code nobody used for this long is refused (410): an old screenshot cannot claim a profile. */
    linkingCodeExpiresAt: timestamp('linking_code_expires_at', { withTimezone: true })
      .notNull()
      .default(sql`now() + interval '30 days'`),
    linkingCodeUsedAt: timestamp('linking_code_used_at', { withTimezone: true }),
    status: text('status', { enum: memberStatuses }).notNull().default('registered'),
    linkedAt: timestamp('linked_at', { withTimezone: true }),
    onboardedAt: timestamp('onboarded_at', { withTimezone: true }),
    createdAt: createdAt(),
    /** The community whose event link the member registered with; null for every other way in. */
    communityId: uuid('community_id').references((): AnyPgColumn => communities.id),
  },
  (table) => [
    index('users_invite_code_idx').on(table.inviteCode),
    index('users_community_idx').on(table.communityId),
  ],
);

export const userPhotos = pgTable(
  'user_photos',
  {
    id: serial('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    bytes: bytea('bytes').notNull(),
    mime: text('mime').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('user_photos_user_idx').on(table.userId)],
);

export const networkEntries = pgTable(
  'network_entries',
  {
    id: serial('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['group', 'person'] }).notNull(),
    name: text('name').notNull(),
    location: text('location').notNull(),
    x: real('x').notNull(),
    y: real('y').notNull(),
    position: integer('position').notNull(),
  },
  (table) => [index('network_entries_user_idx').on(table.userId)],
);

export const accessTokens = pgTable(
  'access_tokens',
  {
    /** SHA-256 of the token, hex: a stolen database does not hand out sessions. */
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('access_tokens_user_idx').on(table.userId)],
);

export const nominations = pgTable(
  'nominations',
  {
    id: serial('id').primaryKey(),
    nominatedBy: uuid('nominated_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    instagram: text('instagram').notNull(),
    phone: text('phone').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('nominations_user_idx').on(table.nominatedBy),
    // An opt-out deletes every nomination of its number at once.
    index('nominations_phone_idx').on(table.phone),
  ],
);

/**
 * Phone numbers that asked never to be stored as a nominee, as HMAC-SHA256(salt, E.164) in hex: the
 * list can be checked against a number someone types, but not read back into numbers without the salt.
 */
export const phoneOptOuts = pgTable('phone_opt_outs', {
  phoneHash: text('phone_hash').primaryKey(),
  createdAt: createdAt(),
});

/**
 * Values the server makes once and keeps (the opt-out salt when OPT_OUT_SALT is not set), so that
 * every instance on this database and every restart agree on them.
 */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

/** Non-identifying tallies (e.g. how many members erased themselves): a name and a number, nothing else. */
export const privacyCounters = pgTable('privacy_counters', {
  name: text('name').primaryKey(),
  value: integer('value').notNull().default(0),
});

/**
 * The transactional outbox of webhook events: a row is written in the same transaction as the change
 * it reports, and the delivery worker sends it (at least once, always with this id) afterwards.
 */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    /** The `webhook-id` header: `msg_…`, the same on every attempt so receivers can deduplicate. */
    id: text('id').primaryKey(),
    type: text('type').notNull(),
    /** The exact JSON body, fixed at enqueue time so that every attempt signs and sends the same bytes. */
    body: text('body').notNull(),
    status: text('status', { enum: ['pending', 'delivered', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** When a worker may next try; a claim moves it forward by a lease so no other worker takes it meanwhile. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    firstAttemptAt: timestamp('first_attempt_at', { withTimezone: true }),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    /** HTTP status of the last attempt, or null when it got no answer (timeout, refused). */
    lastStatus: integer('last_status'),
    lastError: text('last_error'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('webhook_events_due_idx').on(table.status, table.nextAttemptAt)],
);

/**
 * The people who may use the admin API from a browser (`npm run operators -- add NAME`). A removed
 * operator keeps the row (the audit trail names them) with `removed_at` set, and loses every session
 * and unused sign-in link; adding the name again reinstates it.
 */
export const operators = pgTable('operators', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull().unique(),
  /** What they may do (src/domain/operatorRoles.ts): `owner` or `operator`. */
  role: text('role').notNull().default('operator'),
  createdAt: createdAt(),
  removedAt: timestamp('removed_at', { withTimezone: true }),
  /** An organiser's community: the only one their session reaches; null for every other role. */
  communityId: uuid('community_id').references((): AnyPgColumn => communities.id),
});

/**
 * One-time sign-in links (`npm run operators -- sign-in-link NAME`), valid 15 minutes. Only the
 * SHA-256 of the link's token is kept, so a copy of the database opens no door.
 */
export const operatorSignInLinks = pgTable(
  'operator_sign_in_links',
  {
    tokenHash: text('token_hash').primaryKey(),
    operatorId: uuid('operator_id')
      .notNull()
      .references(() => operators.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** Who made the link, as the audit trail names actors, so that the sign-in's row can say so. */
    madeBy: text('made_by'),
  },
  (table) => [index('operator_sign_in_links_operator_idx').on(table.operatorId)],
);

/**
 * An operator's browser session: the SHA-256 of the cookie's token. It ends after 12 hours without a
 * request (last_seen_at), at sign-out, or when the operator is removed.
 */
export const operatorSessions = pgTable(
  'operator_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    operatorId: uuid('operator_id')
      .notNull()
      .references(() => operators.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('operator_sessions_operator_idx').on(table.operatorId)],
);

/**
 * What operators did (CLI and console): one row per change or export of personal data, written in
 * the same transaction as the change. Append-only: a trigger refuses UPDATE, DELETE and TRUNCATE.
 * `target` never holds personal data in clear: a code, a member's random id, a cohort label, or a
 * phone as `phone:` + a salted hash.
 */
export const operatorAudit = pgTable(
  'operator_audit',
  {
    id: serial('id').primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** `cli:<os user>@<host>` for the command line, the operator's name for the console. */
    actor: text('actor').notNull(),
    /** The console session that acted (a short id, never its token); null for the command line. */
    session: text('session'),
    /** `<command>.<subcommand>`, as the CLI spells it: `invite.revoke`, `members.delete`, … */
    action: text('action').notNull(),
    target: text('target'),
    reason: text('reason'),
    /** What changed, in words: "revoked 7 codes across 3 members". */
    effect: text('effect').notNull(),
  },
  (table) => [
    index('operator_audit_at_idx').on(table.at),
    index('operator_audit_action_idx').on(table.action),
    index('operator_audit_target_idx').on(table.target),
  ],
);

/**
 * Fixed-window counters that must outlive a restart (the per-code limit on registrations that find
 * the phone already a member): in memory, a restart would hand a probing code its attempts back.
 */
export const attemptCounters = pgTable(
  'attempt_counters',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('attempt_counters_window_ends_idx').on(table.windowEndsAt)],
);

/**
 * A community partner (issue 50): made when an operator approves an application. Its organiser makes
 * event links (invite codes with community_id) whose caps, while live, add up to at most `quota`.
 */
export const communities = pgTable(
  'communities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    quota: integer('quota').notNull(),
    createdAt: createdAt(),
    /** Set when an operator suspends it: its links stop admitting, its organiser's sessions end. */
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
  },
  (table) => [check('communities_quota_positive', sql`${table.quota} > 0`)],
);

/**
 * "Partner with Becca" (`POST /api/community-applications`): what an organiser told us, until an
 * operator approves (a community is made) or declines it. `dedupe_key` (the phone and the community's
 * name, lower-cased) makes applying twice store one row.
 */
export const communityApplications = pgTable(
  'community_applications',
  {
    id: serial('id').primaryKey(),
    organiserName: text('organiser_name').notNull(),
    communityName: text('community_name').notNull(),
    about: text('about').notNull(),
    city: text('city').notNull(),
    expectedSize: integer('expected_size').notNull(),
    /** E.164. */
    contactPhone: text('contact_phone').notNull(),
    dedupeKey: text('dedupe_key').notNull().unique(),
    status: text('status', { enum: ['pending', 'approved', 'declined'] })
      .notNull()
      .default('pending'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decisionReason: text('decision_reason'),
    communityId: uuid('community_id').references((): AnyPgColumn => communities.id),
    createdAt: createdAt(),
  },
  (table) => [index('community_applications_status_idx').on(table.status)],
);
