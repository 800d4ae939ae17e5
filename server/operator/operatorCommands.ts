import { readSettings } from '../config';
import type { Database, Db } from '../db/database';
import {
  createInviteCode,
  inviteCodeState,
  listInviteCodes,
  revokeInviteCode,
  type InviteCodeRow,
} from '../invites/inviteCodeStore';
import {
  grantMemberInvites,
  loadInviteTree,
  revokeBranch,
  type InviteTree,
  type RevokedBranch,
} from '../invites/memberInviteStore';
import {
  inviteNextWaiting,
  inviteWaitlistPhone,
  waitlistStatus,
  type WaitlistInvitation,
  type WaitlistStatus,
} from '../waitlist/waitlistInvites';
import { listWaitlist } from '../waitlist/waitlistStore';
import { databasePrivacyCommands, type PrivacyOperatorCommands } from './privacyOperatorCommands';
import { databaseMemberCommands, type MemberOperatorCommands } from './memberOperatorCommands';
import { databaseOperatorAccountCommands, type OperatorAccountCommands } from './operatorAccountCommands';

/** What the operator sees of a code; plain JSON so it travels the same way over the admin route. */
export interface InviteCodeView {
  code: string;
  label: string | null;
  uses: number;
  maxUses: number;
  expiresAt: string | null;
  status: string;
  createdAt: string;
}

export interface WaitlistView {
  phone: string | null;
  email: string | null;
  name: string | null;
  joinedAt: string;
  status: WaitlistStatus;
}

export function toInviteCodeView(row: InviteCodeRow): InviteCodeView {
  return {
    code: row.code,
    label: row.label,
    uses: row.uses,
    maxUses: row.maxUses,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    status: inviteCodeState(row).replace('_', ' '),
    createdAt: row.createdAt.toISOString(),
  };
}

export interface CreateInviteOptions {
  uses: number;
  expires?: string;
  label?: string;
}

/** The operations behind `npm run invite`, `waitlist`, `members`, `nominations`, `webhooks` and `operators`, on whichever database is at hand. */
export interface OperatorCommands
  extends MemberOperatorCommands, PrivacyOperatorCommands, OperatorAccountCommands {
  createInvite(options: CreateInviteOptions): Promise<InviteCodeView>;
  listInvites(): Promise<InviteCodeView[]>;
  revokeInvite(code: string): Promise<InviteCodeView | undefined>;
  listWaitlist(): Promise<WaitlistView[]>;
  /** N more one-use codes for a member; answers how many unused codes they now hold. */
  grantInvites(userId: string, count: number): Promise<{ unused: number }>;
  inviteTree(): Promise<InviteTree>;
  revokeBranch(userId: string): Promise<RevokedBranch>;
  /** `phone` as typed, or `next` waiting entries, oldest first. */
  inviteFromWaitlist(target: { phone: string } | { next: number }): Promise<WaitlistInvitation[]>;
}

/** `--expires 2026-12-31` means the code works through that whole day (UTC). */
export function expiryFromDate(date: string): Date {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date))
    throw new Error(`--expires wants a date like 2026-12-31, got "${date}"`);
  const expiresAt = new Date(`${date}T23:59:59.999Z`);
  if (Number.isNaN(expiresAt.getTime())) throw new Error(`--expires: "${date}" is not a date`);
  return expiresAt;
}

/**
 * `appUrl` is where invitation links point (the server's APP_URL); `forgetDeletedRows` is the
 * database's, so that an erasure leaves nothing in its files.
 */
export function databaseOperatorCommands(
  db: Db,
  appUrl = readSettings().appUrl,
  forgetDeletedRows?: Database['forgetDeletedRows'],
): OperatorCommands {
  return {
    ...databasePrivacyCommands(db, forgetDeletedRows),
    ...databaseMemberCommands(db),
    ...databaseOperatorAccountCommands(db, appUrl),
    createInvite: async ({ uses, expires, label }) => {
      if (!Number.isInteger(uses) || uses < 1 || uses > 100_000) {
        throw new Error('--uses must be a whole number from 1 to 100000');
      }
      const row = await createInviteCode(db, {
        maxUses: uses,
        expiresAt: expires ? expiryFromDate(expires) : undefined,
        label: label?.slice(0, 200),
      });
      return toInviteCodeView(row);
    },
    listInvites: async () => (await listInviteCodes(db)).map(toInviteCodeView),
    revokeInvite: async (code) => {
      const row = await revokeInviteCode(db, code);
      return row && toInviteCodeView(row);
    },
    listWaitlist: async () =>
      (await listWaitlist(db)).map((row) => ({
        phone: row.phone,
        email: row.email,
        name: row.name,
        joinedAt: row.createdAt.toISOString(),
        status: waitlistStatus(row),
      })),
    grantInvites: async (userId, count) => ({ unused: await grantMemberInvites(db, userId, count) }),
    inviteTree: () => loadInviteTree(db),
    revokeBranch: (userId) => revokeBranch(db, userId),
    inviteFromWaitlist: async (target) =>
      'phone' in target
        ? [await inviteWaitlistPhone(db, target.phone, appUrl)]
        : inviteNextWaiting(db, target.next, appUrl),
  };
}
