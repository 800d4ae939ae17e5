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
import { HttpError } from '../httpError';
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

async function pendingApplication(db: Db, id: number): Promise<CommunityApplicationRow> {
  const application = await applicationForDecision(db, id);
  if (!application) throw new HttpError(404, `No community application ${id}.`);
  if (application.status !== 'pending')
    throw new HttpError(409, `Community application ${id} was ${application.status} already.`);
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
 * and a one-use sign-in link valid 72 hours, with the wa.me link that sends it to them.
 */
export async function approveApplication(
  db: Db,
  id: number,
  quota: number,
  reason: string | null,
  appUrl: string,
  madeBy: Actor,
): Promise<OrganiserSignIn> {
  const application = await pendingApplication(db, id);
  const [community] = await db
    .insert(communities)
    .values({ name: application.communityName, quota })
    .returning({ id: communities.id, name: communities.name });
  const name = organiserAccountName(application.organiserName, id);
  const [organiser] = await db
    .insert(operators)
    .values({ name, role: 'organiser', communityId: community!.id })
    .onConflictDoNothing({ target: operators.name })
    .returning({ name: operators.name });
  if (!organiser) throw new HttpError(409, `There is already an operator account ${name}.`);
  await db
    .update(communityApplications)
    .set({ status: 'approved', decidedAt: sql`now()`, decisionReason: reason, communityId: community!.id })
    .where(eq(communityApplications.id, id));
  return signInFor(db, community!, { name, phone: application.contactPhone }, appUrl, madeBy);
}

export async function declineApplication(db: Db, id: number, reason: string): Promise<void> {
  await pendingApplication(db, id);
  await db
    .update(communityApplications)
    .set({ status: 'declined', decidedAt: sql`now()`, decisionReason: reason })
    .where(eq(communityApplications.id, id));
}

/** A new sign-in link for a community's organiser (the first expired, or was lost); 404 for no such community. */
export async function organiserSignInLink(
  db: Db,
  communityId: string,
  appUrl: string,
  madeBy: Actor,
): Promise<OrganiserSignIn> {
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
  if (!row) throw new HttpError(404, `No community ${communityId} with an organiser.`);
  return signInFor(db, row, { name: row.organiser, phone: row.phone }, appUrl, madeBy);
}
