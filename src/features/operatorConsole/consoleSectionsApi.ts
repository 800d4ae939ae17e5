import type { AuditEntry, AuditQuery, OperatorChange } from '../../domain/contracts/adminAudit';
import type {
  BranchRevocation,
  CreatedInviteCodes,
  CreateInviteCodes,
  GrantedInvites,
  GrantInvites,
  InviteCodeQuery,
  InviteCodeView,
  RevokedInviteCodes,
  RevokeInviteCodes,
} from '../../domain/contracts/adminInviteCodes';
import type { MemberDetail, MemberErased, MemberSummary } from '../../domain/contracts/adminMembers';
import type {
  PurgeOutcome,
  PurgeRequest,
  WaitlistListEntry,
  WaitlistInvitations,
  WaitlistInvite,
  WaitlistQuery,
} from '../../domain/contracts/adminWaitlist';
import type { WebhookEventView, WebhookRetried } from '../../domain/contracts/adminWebhooks';
import { consoleApi, recheckSessionWhenRefused } from './operatorConsoleApi';

/**
 * The console's sections on the admin API (types only from the contracts: no TypeBox in this chunk).
 * Every change invalidates the lists it touches and the audit trail, so what is on screen follows;
 * a dry run changes nothing, so it invalidates nothing.
 */
const TAGS = ['InviteCodes', 'Waitlist', 'Members', 'WebhookEvents', 'AuditTrail'] as const;
type Tag = (typeof TAGS)[number];

const sectionsApi = consoleApi.enhanceEndpoints({ addTagTypes: TAGS });

/** What a change invalidates: nothing for a dry run, else `tags` and the audit trail. */
const afterChange =
  (...tags: Tag[]) =>
  (_result: unknown, error: unknown, argument: { dry_run?: boolean } | unknown) =>
    error || (argument as { dry_run?: boolean } | undefined)?.dry_run ? [] : [...tags, 'AuditTrail' as const];

/** Only the filters that are set go into the query string. */
function withoutEmpty(params: object): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(params).filter(([, value]) => value !== undefined && value !== ''),
  );
}

const member = (id: string) => `/api/admin/members/${encodeURIComponent(id)}`;

const consoleSectionsApi = sectionsApi.injectEndpoints({
  endpoints: (build) => ({
    inviteCodes: build.query<InviteCodeView[], InviteCodeQuery>({
      query: (filters) => ({ url: '/api/admin/invite-codes', params: withoutEmpty(filters) }),
      providesTags: ['InviteCodes'],
      onQueryStarted: recheckSessionWhenRefused,
    }),
    createInviteCodes: build.mutation<CreatedInviteCodes, CreateInviteCodes>({
      query: (body) => ({ url: '/api/admin/invite-codes', method: 'POST', body }),
      invalidatesTags: afterChange('InviteCodes'),
    }),
    revokeInviteCodes: build.mutation<RevokedInviteCodes, RevokeInviteCodes>({
      query: (body) => ({ url: '/api/admin/invite-codes/revocations', method: 'POST', body }),
      invalidatesTags: afterChange('InviteCodes', 'Members'),
    }),
    waitlist: build.query<WaitlistListEntry[], WaitlistQuery>({
      query: (filters) => ({ url: '/api/admin/waitlist', params: withoutEmpty(filters) }),
      providesTags: ['Waitlist'],
      onQueryStarted: recheckSessionWhenRefused,
    }),
    inviteFromWaitlist: build.mutation<WaitlistInvitations, WaitlistInvite>({
      query: (body) => ({ url: '/api/admin/waitlist/invitations', method: 'POST', body }),
      invalidatesTags: afterChange('Waitlist', 'InviteCodes'),
    }),
    purgeWaitlist: build.mutation<PurgeOutcome, PurgeRequest>({
      query: (body) => ({ url: '/api/admin/waitlist/purge', method: 'POST', body }),
      invalidatesTags: afterChange('Waitlist'),
    }),
    members: build.query<MemberSummary[], string>({
      query: (search) => ({ url: '/api/admin/members', params: withoutEmpty({ search }) }),
      providesTags: ['Members'],
      onQueryStarted: recheckSessionWhenRefused,
    }),
    member: build.query<MemberDetail, string>({
      query: (id) => member(id),
      providesTags: ['Members'],
      onQueryStarted: recheckSessionWhenRefused,
    }),
    grantInvites: build.mutation<GrantedInvites, GrantInvites & { userId: string }>({
      query: ({ userId, ...body }) => ({ url: `${member(userId)}/invite-grants`, method: 'POST', body }),
      invalidatesTags: afterChange('Members', 'InviteCodes'),
    }),
    revokeBranch: build.mutation<BranchRevocation, OperatorChange & { userId: string }>({
      query: ({ userId, ...body }) => ({ url: `${member(userId)}/branch-revocation`, method: 'POST', body }),
      invalidatesTags: afterChange('Members', 'InviteCodes'),
    }),
    eraseMember: build.mutation<MemberErased, OperatorChange & { userId: string }>({
      query: ({ userId, ...body }) => ({ url: member(userId), method: 'DELETE', body }),
      invalidatesTags: afterChange('Members', 'InviteCodes', 'Waitlist'),
    }),
    webhookEvents: build.query<WebhookEventView[], void>({
      query: () => '/api/admin/webhook-events',
      providesTags: ['WebhookEvents'],
      onQueryStarted: recheckSessionWhenRefused,
    }),
    retryWebhookEvent: build.mutation<WebhookRetried, string>({
      query: (id) => ({
        url: `/api/admin/webhook-events/${encodeURIComponent(id)}/retry`,
        method: 'POST',
      }),
      invalidatesTags: afterChange('WebhookEvents'),
    }),
    auditTrail: build.query<AuditEntry[], AuditQuery>({
      query: (filters) => ({ url: '/api/admin/audit', params: withoutEmpty(filters) }),
      providesTags: ['AuditTrail'],
      onQueryStarted: recheckSessionWhenRefused,
    }),
  }),
});

export const {
  useInviteCodesQuery,
  useCreateInviteCodesMutation,
  useRevokeInviteCodesMutation,
  useWaitlistQuery,
  useInviteFromWaitlistMutation,
  usePurgeWaitlistMutation,
  useMembersQuery,
  useMemberQuery,
  useGrantInvitesMutation,
  useRevokeBranchMutation,
  useEraseMemberMutation,
  useWebhookEventsQuery,
  useRetryWebhookEventMutation,
  useAuditTrailQuery,
} = consoleSectionsApi;
