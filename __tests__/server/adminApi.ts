import { randomBytes } from 'node:crypto';
import type { AuditEntry, AuditQuery } from '../../src/domain/contracts/adminAudit';
import type {
  BranchRevocation,
  GrantedInvites,
  InviteTree,
  RevokedInviteCodes,
} from '../../src/domain/contracts/adminInviteCodes';
import type {
  WaitlistListEntry,
  WaitlistInvitations,
  WaitlistInvite,
} from '../../src/domain/contracts/adminWaitlist';
import { injectClient } from '../../server/admin/adminClient';
import type { TestServer } from './testServer';

/** A fresh admin token for a test server (startTestServer's `adminToken`). */
export const newAdminToken = () => randomBytes(32).toString('base64url');

/**
 * The admin API of a test server, called as the CLI calls it in process (injectClient): every
 * operator action in these tests goes through the one implementation, the routes.
 */
export function adminApi(server: TestServer, adminToken: string) {
  const { call } = injectClient(server.app, adminToken);
  const member = (userId: string) => `/api/admin/members/${encodeURIComponent(userId)}`;
  return {
    call,
    revokeCodes: (codes: string[], change: { reason?: string; dry_run?: boolean } = {}) =>
      call<RevokedInviteCodes>('POST', '/api/admin/invite-codes/revocations', { codes, ...change }),
    grant: (userId: string, count: number) =>
      call<GrantedInvites>('POST', `${member(userId)}/invite-grants`, { count }),
    tree: () => call<InviteTree>('GET', '/api/admin/invite-tree'),
    revokeBranch: (userId: string, change: { reason?: string; dry_run?: boolean } = {}) =>
      call<BranchRevocation>('POST', `${member(userId)}/branch-revocation`, change),
    waitlist: () => call<WaitlistListEntry[]>('GET', '/api/admin/waitlist'),
    inviteFromWaitlist: async (target: WaitlistInvite) =>
      (await call<WaitlistInvitations>('POST', '/api/admin/waitlist/invitations', target)).invitations,
    audit: (query: AuditQuery = {}) =>
      call<AuditEntry[]>('GET', `/api/admin/audit?${new URLSearchParams(query as Record<string, string>)}`),
  };
}
export type AdminApi = ReturnType<typeof adminApi>;
