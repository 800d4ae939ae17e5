import type { AuditList, AuditQuery, OperatorChange } from './adminAudit';
import type {
  BranchRevocation,
  CreatedInviteCodes,
  CreateInviteCodes,
  GrantedInvites,
  GrantInvites,
  InviteCodeQuery,
  InviteCodeView,
  InviteTree,
  RevokedInviteCodes,
  RevokeInviteCodes,
} from './adminInviteCodes';
import type {
  MemberDetail,
  MemberErased,
  MemberExportList,
  MemberQuery,
  MemberSummary,
} from './adminMembers';
import type {
  AddOperator,
  ChangeOperatorRole,
  OperatorRoleChanged,
  OperatorView,
  SignInLink,
} from './adminOperators';
import type {
  CommunityApplicationList,
  CommunityApproval,
  CommunityDecline,
  CommunityDeclined,
  CommunityList,
  CommunitySuspended,
  CommunitySuspension,
  OrganiserSignIn,
} from './adminCommunities';
import type { AdminOverview } from './adminOverview';
import type {
  PurgeOutcome,
  PurgeRequest,
  WaitlistExport,
  WaitlistInvitations,
  WaitlistInvite,
  WaitlistListEntry,
  WaitlistQuery,
} from './adminWaitlist';
import type { WebhookEventView, WebhookRetried } from './adminWebhooks';

/**
 * Every admin operation, by its operationId: its method and path, written once. The routes register
 * at these paths, the CLI's admin client and the console's endpoints call them, and
 * `AdminOperations` gives each its parameters, query, body and answer (the contracts' `Static<>`
 * types), so a wrong path, a missing parameter or a body of another operation does not type-check.
 * Values only, no TypeBox: the console imports this module.
 */
export const adminPaths = {
  listInviteCodes: { method: 'GET', path: '/api/admin/invite-codes' },
  createInviteCodes: { method: 'POST', path: '/api/admin/invite-codes' },
  revokeInviteCodes: { method: 'POST', path: '/api/admin/invite-codes/revocations' },
  grantMemberInvites: { method: 'POST', path: '/api/admin/members/:user_id/invite-grants' },
  getInviteTree: { method: 'GET', path: '/api/admin/invite-tree' },
  revokeInviteBranch: { method: 'POST', path: '/api/admin/members/:user_id/branch-revocation' },
  listMembers: { method: 'GET', path: '/api/admin/members' },
  getMember: { method: 'GET', path: '/api/admin/members/:id' },
  exportMembers: { method: 'POST', path: '/api/admin/members/exports' },
  deleteMember: { method: 'DELETE', path: '/api/admin/members/:id' },
  listWaitlist: { method: 'GET', path: '/api/admin/waitlist' },
  exportWaitlist: { method: 'POST', path: '/api/admin/waitlist/exports' },
  inviteFromWaitlist: { method: 'POST', path: '/api/admin/waitlist/invitations' },
  purgeWaitlist: { method: 'POST', path: '/api/admin/waitlist/purge' },
  purgeNominations: { method: 'POST', path: '/api/admin/nominations/purge' },
  listWebhookEvents: { method: 'GET', path: '/api/admin/webhook-events' },
  retryWebhookEvent: { method: 'POST', path: '/api/admin/webhook-events/:id/retry' },
  listAuditEntries: { method: 'GET', path: '/api/admin/audit' },
  listOperators: { method: 'GET', path: '/api/admin/operators' },
  createOperator: { method: 'POST', path: '/api/admin/operators' },
  setOperatorRole: { method: 'PUT', path: '/api/admin/operators/:name/role' },
  removeOperator: { method: 'DELETE', path: '/api/admin/operators/:name' },
  createSignInLink: { method: 'POST', path: '/api/admin/operators/:name/sign-in-links' },
  getOverview: { method: 'GET', path: '/api/admin/overview' },
  createBackup: { method: 'POST', path: '/api/admin/backups' },
  listCommunityApplications: { method: 'GET', path: '/api/admin/community-applications' },
  approveCommunityApplication: { method: 'POST', path: '/api/admin/community-applications/:id/approval' },
  declineCommunityApplication: { method: 'POST', path: '/api/admin/community-applications/:id/decline' },
  createOrganiserSignInLink: { method: 'POST', path: '/api/admin/communities/:id/sign-in-link' },
  listCommunities: { method: 'GET', path: '/api/admin/communities' },
  suspendCommunity: { method: 'POST', path: '/api/admin/communities/:id/suspension' },
} as const satisfies Record<
  string,
  { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; path: `/api/admin/${string}` }
>;

export type AdminOperationId = keyof typeof adminPaths;

/** What each operation takes and answers; `params` are the path's `:name` segments. */
export interface AdminOperations {
  listInviteCodes: { query: InviteCodeQuery; answer: InviteCodeView[] };
  createInviteCodes: { body: CreateInviteCodes; answer: CreatedInviteCodes };
  revokeInviteCodes: { body: RevokeInviteCodes; answer: RevokedInviteCodes };
  grantMemberInvites: { params: { user_id: string }; body: GrantInvites; answer: GrantedInvites };
  getInviteTree: { answer: InviteTree };
  revokeInviteBranch: { params: { user_id: string }; body: OperatorChange; answer: BranchRevocation };
  listMembers: { query: MemberQuery; answer: MemberSummary[] };
  getMember: { params: { id: string }; answer: MemberDetail };
  exportMembers: { answer: MemberExportList };
  deleteMember: { params: { id: string }; body: OperatorChange; answer: MemberErased };
  listWaitlist: { query: WaitlistQuery; answer: WaitlistListEntry[] };
  exportWaitlist: { answer: WaitlistExport };
  inviteFromWaitlist: { body: WaitlistInvite; answer: WaitlistInvitations };
  purgeWaitlist: { body: PurgeRequest; answer: PurgeOutcome };
  purgeNominations: { body: PurgeRequest; answer: PurgeOutcome };
  listWebhookEvents: { answer: WebhookEventView[] };
  retryWebhookEvent: { params: { id: string }; answer: WebhookRetried };
  listAuditEntries: { query: AuditQuery; answer: AuditList };
  listOperators: { answer: OperatorView[] };
  createOperator: { body: AddOperator; answer: OperatorView };
  setOperatorRole: { params: { name: string }; body: ChangeOperatorRole; answer: OperatorRoleChanged };
  removeOperator: { params: { name: string }; answer: { removed: true } };
  createSignInLink: { params: { name: string }; answer: SignInLink };
  getOverview: { answer: AdminOverview };
  /** The archive's bytes (`application/gzip`), not JSON. */
  createBackup: { answer: Uint8Array };
  listCommunityApplications: { answer: CommunityApplicationList };
  approveCommunityApplication: { params: { id: string }; body: CommunityApproval; answer: OrganiserSignIn };
  declineCommunityApplication: { params: { id: string }; body: CommunityDecline; answer: CommunityDeclined };
  createOrganiserSignInLink: { params: { id: string }; answer: OrganiserSignIn };
  listCommunities: { answer: CommunityList };
  suspendCommunity: { params: { id: string }; body: CommunitySuspension; answer: CommunitySuspended };
}

type Part<Id extends AdminOperationId, Key extends string> = Key extends keyof AdminOperations[Id]
  ? AdminOperations[Id][Key]
  : undefined;

/** The parts of a call: `params` when the path has them, `query` and `body` when the route reads them. */
export type AdminRequest<Id extends AdminOperationId> = {
  [Key in 'params' | 'query' | 'body' as Key extends keyof AdminOperations[Id] ? Key : never]: Part<Id, Key>;
};
export type AdminAnswer<Id extends AdminOperationId> = AdminOperations[Id]['answer'];

/** The operations whose request has no parts at all: callable without an argument. */
export type AdminRequestOptional<Id extends AdminOperationId> = keyof AdminRequest<Id> extends never
  ? true
  : false;

/** An operation's URL: its `:name` segments filled in (encoded), and its query string when given. */
export function adminUrl(
  id: AdminOperationId,
  parts: { params?: Record<string, string>; query?: object } = {},
): string {
  const path = adminPaths[id].path.replace(/:([a-z_]+)/g, (_, name: string) => {
    const value = parts.params?.[name];
    if (value === undefined) throw new Error(`${id} needs the path parameter ${name}`);
    return encodeURIComponent(value);
  });
  const query = Object.entries(parts.query ?? {}).filter(
    ([, value]) => value !== undefined && value !== '',
  ) as [string, string][];
  return query.length ? `${path}?${new URLSearchParams(query)}` : path;
}
