import { and, asc, count, desc, eq, isNull, max, min, sql } from 'drizzle-orm';
import { REGISTRATION_DAYS } from '../../src/domain/funnel';
import type {
  AdminOverview,
  CohortFunnel,
  CommunityFunnel,
  FunnelCounts,
  RegistrationDay,
  WaitlistSummary,
} from '../../src/domain/contracts/adminOverview';
import type { Db } from '../db/database';
import { communities, inviteCodes, users, waitlist } from '../db/schema';

/**
 * The funnel per label: one pass over the codes (issued, checked) and one over the members joined to
 * their code (registered, linked, onboarded), each grouped by label, put together here. Members who
 * erased their account are gone from `users`, so they leave the funnel with their data.
 */
async function cohortFunnels(db: Db): Promise<CohortFunnel[]> {
  const codes = await db
    .select({
      label: inviteCodes.label,
      issued: count(),
      checked: count(inviteCodes.firstCheckedAt),
      lastIssuedAt: max(inviteCodes.createdAt),
    })
    .from(inviteCodes)
    .groupBy(inviteCodes.label)
    .orderBy(desc(max(inviteCodes.createdAt)), asc(inviteCodes.label));
  const members = await db
    .select({
      label: inviteCodes.label,
      registered: count(),
      linked: count(users.linkedAt),
      onboarded: count(users.onboardedAt),
    })
    .from(users)
    .innerJoin(inviteCodes, eq(users.inviteCode, inviteCodes.code))
    .groupBy(inviteCodes.label);
  const membersByLabel = new Map(members.map(({ label, ...counts }) => [label, counts]));
  return codes.map(({ label, issued, checked }) => ({
    label,
    counts: {
      issued,
      checked,
      ...(membersByLabel.get(label) ?? { registered: 0, linked: 0, onboarded: 0 }),
    },
  }));
}

/**
 * The funnel per community partner (issue 50), counted as the cohorts are, over the codes attributed
 * to a community (its event links). Only communities that made a link have a row.
 */
async function communityFunnels(db: Db): Promise<CommunityFunnel[]> {
  const codes = await db
    .select({
      communityId: communities.id,
      name: communities.name,
      issued: count(),
      checked: count(inviteCodes.firstCheckedAt),
    })
    .from(inviteCodes)
    .innerJoin(communities, eq(inviteCodes.communityId, communities.id))
    .groupBy(communities.id, communities.name)
    .orderBy(desc(max(inviteCodes.createdAt)), asc(communities.name));
  const members = await db
    .select({
      communityId: inviteCodes.communityId,
      registered: count(),
      linked: count(users.linkedAt),
      onboarded: count(users.onboardedAt),
    })
    .from(users)
    .innerJoin(inviteCodes, eq(users.inviteCode, inviteCodes.code))
    .groupBy(inviteCodes.communityId);
  const membersOf = new Map(members.map(({ communityId, ...counts }) => [communityId, counts]));
  return codes.map(({ communityId, name, issued, checked }) => ({
    community_id: communityId,
    name,
    counts: {
      issued,
      checked,
      ...(membersOf.get(communityId) ?? { registered: 0, linked: 0, onboarded: 0 }),
    },
  }));
}

function sumOf(cohorts: readonly CohortFunnel[]): FunnelCounts {
  const total: FunnelCounts = { issued: 0, checked: 0, registered: 0, linked: 0, onboarded: 0 };
  for (const { counts } of cohorts) {
    for (const stage of Object.keys(total) as (keyof FunnelCounts)[]) total[stage] += counts[stage];
  }
  return total;
}

/**
 * Registrations per UTC day over the last REGISTRATION_DAYS days, today last, by the database's clock
 * (the one that stamped them): the days come from generate_series, so a day nobody registered is 0.
 */
async function registrationsPerDay(db: Db): Promise<RegistrationDay[]> {
  const today = sql`date_trunc('day', now() AT TIME ZONE 'UTC')`;
  const firstDay = sql`${today} - make_interval(days => ${REGISTRATION_DAYS - 1})`;
  const { rows } = (await db.execute(sql`
    SELECT to_char(days.day, 'YYYY-MM-DD') AS "date", coalesce(per_day.registrations, 0)::int AS "registrations"
    FROM generate_series(${firstDay}, ${today}, interval '1 day') AS days(day)
    LEFT JOIN (
      SELECT date_trunc('day', ${users.createdAt} AT TIME ZONE 'UTC') AS day, count(*) AS registrations
      FROM ${users}
      WHERE ${users.createdAt} >= (${firstDay}) AT TIME ZONE 'UTC'
      GROUP BY 1
    ) AS per_day ON per_day.day = days.day
    ORDER BY days.day`)) as unknown as { rows: RegistrationDay[] };
  return rows;
}

/** Waiting = not yet sent an invitation (and not joined some other way). */
async function waitlistSummary(db: Db): Promise<WaitlistSummary> {
  const [row] = await db
    .select({ waiting: count(), oldest: min(waitlist.createdAt) })
    .from(waitlist)
    .where(and(isNull(waitlist.invitedAt), isNull(waitlist.joinedAt)));
  return { waiting: row?.waiting ?? 0, oldest_waiting_since: row?.oldest ? row.oldest.toISOString() : null };
}

/** Everything the console's overview shows, in six queries. */
export async function readAdminOverview(db: Db): Promise<AdminOverview> {
  const cohorts = await cohortFunnels(db);
  return {
    funnel: { overall: sumOf(cohorts), cohorts, communities: await communityFunnels(db) },
    registrations_per_day: await registrationsPerDay(db),
    waitlist: await waitlistSummary(db),
  };
}
