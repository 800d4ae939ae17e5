import {
  adminPaths,
  adminUrl,
  type AdminAnswer,
  type AdminOperationId,
  type AdminOperations,
  type AdminRequest,
} from '../../domain/contracts/adminPaths';
import { consoleApi, recheckSessionWhenRefused } from './operatorConsoleApi';

/**
 * The console's sections on the admin API (types only from the contracts: no TypeBox in this chunk).
 * Every change invalidates the lists it touches and the audit trail, so what is on screen follows;
 * a dry run changes nothing, so it invalidates nothing.
 */
const TAGS = [
  'InviteCodes',
  'Waitlist',
  'Members',
  'CommunityApplications',
  'Communities',
  'WebhookEvents',
  'AuditTrail',
] as const;
type Tag = (typeof TAGS)[number];

const sectionsApi = consoleApi.enhanceEndpoints({ addTagTypes: TAGS });

/** What a change invalidates: nothing for a dry run, else `tags` and the audit trail. */
const afterChange =
  (...tags: Tag[]) =>
  (_result: unknown, error: unknown, argument: { dry_run?: boolean } | unknown) =>
    error || (argument as { dry_run?: boolean } | undefined)?.dry_run ? [] : [...tags, 'AuditTrail' as const];

/**
 * One admin operation as RTK Query fetches it: method and path from `adminPaths`, the parts typed by
 * the operation (a body of another operation, or a missing path parameter, does not compile). The
 * query string leaves out the filters that are not set.
 */
function adminCall<Id extends AdminOperationId>(id: Id, request: AdminRequest<Id>) {
  const parts = request as { params?: Record<string, string>; query?: object; body?: unknown };
  return { url: adminUrl(id, parts), method: adminPaths[id].method, body: parts.body };
}

type Query<Id extends AdminOperationId> = AdminOperations[Id] extends { query: infer Q } ? Q : never;
type Body<Id extends AdminOperationId> = AdminOperations[Id] extends { body: infer B } ? B : never;

/** The endpoints are named after the operations' operationIds (listInviteCodes, grantMemberInvites, …). */
const consoleSectionsApi = sectionsApi.injectEndpoints({
  endpoints: (build) => ({
    listInviteCodes: build.query<AdminAnswer<'listInviteCodes'>, Query<'listInviteCodes'>>({
      query: (query) => adminCall('listInviteCodes', { query }),
      providesTags: ['InviteCodes'],
      onQueryStarted: recheckSessionWhenRefused,
    }),
    createInviteCodes: build.mutation<AdminAnswer<'createInviteCodes'>, Body<'createInviteCodes'>>({
      query: (body) => adminCall('createInviteCodes', { body }),
      invalidatesTags: afterChange('InviteCodes'),
    }),
    revokeInviteCodes: build.mutation<AdminAnswer<'revokeInviteCodes'>, Body<'revokeInviteCodes'>>({
      query: (body) => adminCall('revokeInviteCodes', { body }),
      invalidatesTags: afterChange('InviteCodes', 'Members'),
    }),
    listWaitlist: build.query<AdminAnswer<'listWaitlist'>, Query<'listWaitlist'>>({
      query: (query) => adminCall('listWaitlist', { query }),
      providesTags: ['Waitlist'],
      onQueryStarted: recheckSessionWhenRefused,
    }),
    inviteFromWaitlist: build.mutation<AdminAnswer<'inviteFromWaitlist'>, Body<'inviteFromWaitlist'>>({
      query: (body) => adminCall('inviteFromWaitlist', { body }),
      invalidatesTags: afterChange('Waitlist', 'InviteCodes'),
    }),
    purgeWaitlist: build.mutation<AdminAnswer<'purgeWaitlist'>, Body<'purgeWaitlist'>>({
      query: (body) => adminCall('purgeWaitlist', { body }),
      invalidatesTags: afterChange('Waitlist'),
    }),
    listMembers: build.query<AdminAnswer<'listMembers'>, string>({
      query: (search) => adminCall('listMembers', { query: { search } }),
      providesTags: ['Members'],
      onQueryStarted: recheckSessionWhenRefused,
    }),
    getMember: build.query<AdminAnswer<'getMember'>, string>({
      query: (id) => adminCall('getMember', { params: { id } }),
      providesTags: ['Members'],
      onQueryStarted: recheckSessionWhenRefused,
    }),
    grantMemberInvites: build.mutation<
      AdminAnswer<'grantMemberInvites'>,
      Body<'grantMemberInvites'> & { user_id: string }
    >({
      query: ({ user_id, ...body }) => adminCall('grantMemberInvites', { params: { user_id }, body }),
      invalidatesTags: afterChange('Members', 'InviteCodes'),
    }),
    revokeInviteBranch: build.mutation<
      AdminAnswer<'revokeInviteBranch'>,
      Body<'revokeInviteBranch'> & { user_id: string }
    >({
      query: ({ user_id, ...body }) => adminCall('revokeInviteBranch', { params: { user_id }, body }),
      invalidatesTags: afterChange('Members', 'InviteCodes'),
    }),
    deleteMember: build.mutation<AdminAnswer<'deleteMember'>, Body<'deleteMember'> & { id: string }>({
      query: ({ id, ...body }) => adminCall('deleteMember', { params: { id }, body }),
      invalidatesTags: afterChange('Members', 'InviteCodes', 'Waitlist'),
    }),
    listCommunityApplications: build.query<AdminAnswer<'listCommunityApplications'>, void>({
      query: () => adminCall('listCommunityApplications', {}),
      providesTags: ['CommunityApplications'],
      onQueryStarted: recheckSessionWhenRefused,
    }),
    /** An approval makes a community: both lists change. */
    approveCommunityApplication: build.mutation<
      AdminAnswer<'approveCommunityApplication'>,
      Body<'approveCommunityApplication'> & { id: string }
    >({
      query: ({ id, ...body }) => adminCall('approveCommunityApplication', { params: { id }, body }),
      invalidatesTags: afterChange('CommunityApplications', 'Communities'),
    }),
    declineCommunityApplication: build.mutation<
      AdminAnswer<'declineCommunityApplication'>,
      Body<'declineCommunityApplication'> & { id: string }
    >({
      query: ({ id, ...body }) => adminCall('declineCommunityApplication', { params: { id }, body }),
      invalidatesTags: afterChange('CommunityApplications'),
    }),
    listCommunities: build.query<AdminAnswer<'listCommunities'>, void>({
      query: () => adminCall('listCommunities', {}),
      providesTags: ['Communities'],
      onQueryStarted: recheckSessionWhenRefused,
    }),
    /** A new link changes no list, only the audit trail. */
    createOrganiserSignInLink: build.mutation<AdminAnswer<'createOrganiserSignInLink'>, string>({
      query: (id) => adminCall('createOrganiserSignInLink', { params: { id } }),
      invalidatesTags: afterChange(),
    }),
    suspendCommunity: build.mutation<
      AdminAnswer<'suspendCommunity'>,
      Body<'suspendCommunity'> & { id: string }
    >({
      query: ({ id, ...body }) => adminCall('suspendCommunity', { params: { id }, body }),
      invalidatesTags: afterChange('Communities'),
    }),
    listWebhookEvents: build.query<AdminAnswer<'listWebhookEvents'>, void>({
      query: () => adminCall('listWebhookEvents', {}),
      providesTags: ['WebhookEvents'],
      onQueryStarted: recheckSessionWhenRefused,
    }),
    retryWebhookEvent: build.mutation<AdminAnswer<'retryWebhookEvent'>, string>({
      query: (id) => adminCall('retryWebhookEvent', { params: { id } }),
      invalidatesTags: afterChange('WebhookEvents'),
    }),
    listAuditEntries: build.query<AdminAnswer<'listAuditEntries'>, Query<'listAuditEntries'>>({
      query: (query) => adminCall('listAuditEntries', { query }),
      providesTags: ['AuditTrail'],
      onQueryStarted: recheckSessionWhenRefused,
    }),
  }),
});

export const {
  useListInviteCodesQuery,
  useCreateInviteCodesMutation,
  useRevokeInviteCodesMutation,
  useListWaitlistQuery,
  useInviteFromWaitlistMutation,
  usePurgeWaitlistMutation,
  useListMembersQuery,
  useGetMemberQuery,
  useGrantMemberInvitesMutation,
  useRevokeInviteBranchMutation,
  useDeleteMemberMutation,
  useListCommunityApplicationsQuery,
  useApproveCommunityApplicationMutation,
  useDeclineCommunityApplicationMutation,
  useListCommunitiesQuery,
  useCreateOrganiserSignInLinkMutation,
  useSuspendCommunityMutation,
  useListWebhookEventsQuery,
  useRetryWebhookEventMutation,
  useListAuditEntriesQuery,
} = consoleSectionsApi;
