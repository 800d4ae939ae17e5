import { and, eq, isNull, sql } from 'drizzle-orm';
import { brand } from '../../src/config/brand';
import type { CommunityApplicationView, OrganiserSignIn } from '../../src/domain/contracts/adminCommunities';
import { organiserSignInText } from '../../src/domain/invitation';
import { whatsAppChatUrl } from '../../src/domain/whatsApp';
import { limits } from '../../src/domain/limits';
import { phoneForLists } from '../../src/domain/phoneNumber';
import type { Actor } from '../admin/operatorActor';
import type { Db } from '../db/database';
import { communities, communityApplications, operators } from '../db/schema';
import { createSignInLink, PARTNER_SIGN_IN_PATH } from '../operator/operatorAccounts';
import { applicationForDecision, type CommunityApplicationRow } from './communityApplicationStore';

/** What the operator's list shows of an application: everything but the whole phone number. */
export function toCommunityApplicationView(row: CommunityApplicationRow): CommunityApplicationView {
  return {
    id: row.id,
    organiser_name: row.organiserName,
    community_name: row.communityName,
    about: row.about,
    city: row.city,
    expected_size: row.expectedSize,
    contact_phone: phoneForLists(row.contactPhone),
    status: row.status,
    applied_at: row.createdAt.toISOString(),
    decided_at: row.decidedAt?.toISOString() ?? null,
    community_id: row.communityId,
  };
}

/**
 * The organiser's account name: their name as letters and digits with hyphens, and the application's
 * id, so that two Adas never share an account ("Ada Lovelace", 3 → "ada-lovelace-3").
 */
export function organiserAccountName(organiserName: string, applicationId: number): string {
  const slug = organiserName
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 30)
    .replace(/-+$/, '');
  return `${slug || 'organiser'}-${applicationId}`;
}

/** Why a decision on an application changed nothing. */
export type DecisionRefusal =
  | { refused: 'unknown' }
  | { refused: 'decided'; status: CommunityApplicationRow['status'] }
  // The organiser's account name is an operator's already (one added by hand under that name).
  | { refused: 'account-taken'; name: string };

async function pendingApplication(db: Db, id: number): Promise<CommunityApplicationRow | DecisionRefusal> {
  const application = await applicationForDecision(db, id);
  if (!application) return { refused: 'unknown' };
  if (application.status !== 'pending') return { refused: 'decided', status: application.status };
  return application;
}

const SIGN_IN_MINUTES = limits.community.signInLinkHours * 60;

async function signInFor(
  db: Db,
  community: { id: string; name: string },
  organiser: { name: string; phone: string },
  appUrl: string,
  madeBy: Actor,
): Promise<OrganiserSignIn> {
  const link = await createSignInLink(db, organiser.name, appUrl, madeBy, {
    lifetimeMinutes: SIGN_IN_MINUTES,
    path: PARTNER_SIGN_IN_PATH,
  });
  // The caller read or made the account in this transaction.
  if (!link) throw new Error(`The organiser account ${organiser.name} is gone.`);
  return {
    community_id: community.id,
    organiser: organiser.name,
    sign_in_url: link.link,
    whatsapp_url: whatsAppChatUrl(
      organiser.phone,
      organiserSignInText(brand.productName, community.name, link.link),
    ),
  };
}

/**
 * Approves an application: the community, its organiser's account (role `organiser`, bound to it)
 * and a one-use sign-in link valid 72 hours, with the wa.me link that sends it to them. A refusal
 * leaves everything as it was.
 */
export async function approveApplication(
  db: Db,
  id: number,
  quota: number,
  reason: string | null,
  appUrl: string,
  madeBy: Actor,
): Promise<OrganiserSignIn | DecisionRefusal> {
  const application = await pendingApplication(db, id);
  if ('refused' in application) return application;
  const name = organiserAccountName(application.organiserName, id);
  // The account first, so that a name already taken is refused before anything is written.
  const [organiser] = await db
    .insert(operators)
    .values({ name, role: 'organiser' })
    .onConflictDoNothing({ target: operators.name })
    .returning({ id: operators.id });
  if (!organiser) return { refused: 'account-taken', name };
  const [community] = await db
    .insert(communities)
    .values({ name: application.communityName, quota })
    .returning({ id: communities.id, name: communities.name });
  await db.update(operators).set({ communityId: community!.id }).where(eq(operators.id, organiser.id));
  await db
    .update(communityApplications)
    .set({ status: 'approved', decidedAt: sql`now()`, decisionReason: reason, communityId: community!.id })
    .where(eq(communityApplications.id, id));
  return signInFor(db, community!, { name, phone: application.contactPhone }, appUrl, madeBy);
}

export async function declineApplication(
  db: Db,
  id: number,
  reason: string,
): Promise<{ declined: true } | DecisionRefusal> {
  const application = await pendingApplication(db, id);
  if ('refused' in application) return application;
  await db
    .update(communityApplications)
    .set({ status: 'declined', decidedAt: sql`now()`, decisionReason: reason })
    .where(eq(communityApplications.id, id));
  return { declined: true };
}

/**
 * A new sign-in link for a community's organiser (the first expired, or was lost); undefined when
 * there is no such community with an organiser (or it is suspended).
 */
export async function organiserSignInLink(
  db: Db,
  communityId: string,
  appUrl: string,
  madeBy: Actor,
): Promise<OrganiserSignIn | undefined> {
  const [row] = await db
    .select({
      id: communities.id,
      name: communities.name,
      organiser: operators.name,
      phone: communityApplications.contactPhone,
    })
    .from(communities)
    .innerJoin(operators, and(eq(operators.communityId, communities.id), isNull(operators.removedAt)))
    .innerJoin(communityApplications, eq(communityApplications.communityId, communities.id))
    .where(and(eq(communities.id, communityId), isNull(communities.suspendedAt)));
  if (!row) return undefined;
  return signInFor(db, row, { name: row.organiser, phone: row.phone }, appUrl, madeBy);
}
