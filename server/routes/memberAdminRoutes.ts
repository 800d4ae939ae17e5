import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { OperatorChange } from '../../src/domain/contracts/adminAudit';
import {
  MemberDetail,
  MemberErased,
  MemberExportList,
  MemberIdParams,
  MemberList,
  MemberQuery,
  MemberSummary,
} from '../../src/domain/contracts/adminMembers';
import { recordAudit } from '../admin/auditTrail';
import { actorOf } from '../admin/operatorActor';
import { HttpError } from '../httpError';
import { eraseMemberRows, forgetErasedRows } from '../members/memberErasure';
import {
  findMemberRecord,
  findMemberRecords,
  toMemberDetail,
  toMemberSummary,
  toMemberView,
} from '../members/memberQueries';
import { counted } from '../../src/domain/counted';
import { adminPaths } from '../../src/domain/contracts/adminPaths';
import { adminOperation } from './adminOperation';
import type { AdminRouteOptions } from './adminRoutes';
import { performOperatorAction } from './operatorAction';

/** A search matches a whole member id, or part of a first or last name, whatever the case. */
function matches(member: MemberSummary, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  return member.id === needle || `${member.first_name} ${member.last_name}`.toLowerCase().includes(needle);
}

/**
 * `npm run members` and the console's members: list and search, one member, export (recorded), and
 * erasure on request with its dry run.
 */
export const memberAdminRoutes: FastifyPluginAsyncTypebox<AdminRouteOptions> = async (app, { database }) => {
  const { db } = database;
  const noMember = (id: string) => new HttpError(404, `No member ${id}.`);

  app.get(
    adminPaths.listMembers.path,
    {
      schema: adminOperation({
        summary: 'List members',
        operationId: 'listMembers',
        description:
          'Every member, oldest first, as a list needs them (names, status, dates; phones masked); `search` narrows to a name or an id. Not recorded: it holds no more than a list needs.',
        querystring: MemberQuery,
        response: { 200: MemberList },
      }),
    },
    async (request) => {
      const members = (await findMemberRecords(db)).map(toMemberSummary);
      const { search } = request.query;
      return search === undefined ? members : members.filter((member) => matches(member, search));
    },
  );

  app.get(
    adminPaths.getMember.path,
    {
      schema: adminOperation({
        summary: 'One member',
        operationId: 'getMember',
        description:
          'Everything stored about a member but the photo bytes, with who invited them and the codes of their quota. Each read is recorded in the audit trail (`members.show`).',
        params: MemberIdParams,
        response: { 200: MemberDetail },
      }),
    },
    async (request) => {
      const record = await findMemberRecord(db, request.params.id);
      if (!record) throw noMember(request.params.id);
      const detail = await toMemberDetail(db, record);
      await recordAudit(
        db,
        { actor: actorOf(request), action: 'members.show', target: record.id },
        'read the member’s record',
      );
      return detail;
    },
  );

  app.post(
    adminPaths.exportMembers.path,
    {
      schema: adminOperation({
        summary: 'Export members',
        operationId: 'exportMembers',
        description: 'Every member, for `members export`’s CSV. Recorded in the audit trail.',
        response: { 200: MemberExportList },
      }),
    },
    async (request) => {
      const { result, effect } = await performOperatorAction(
        db,
        { actor: actorOf(request), action: 'members.export', target: null },
        false,
        async (tx) => {
          const members = (await findMemberRecords(tx)).map(toMemberView);
          return { result: members, effect: `exported ${counted(members.length, 'member')}` };
        },
      );
      return { members: result, effect };
    },
  );

  app.delete(
    adminPaths.deleteMember.path,
    {
      schema: adminOperation({
        summary: 'Erase a member',
        operationId: 'deleteMember',
        description:
          'A member’s erasure on request: profile, photos, network, nominations (theirs and of their number), unused codes, waitlist entry and sign-ins, in one transaction; the audit row keeps their random id and counts, nothing personal. `dry_run` answers what would go.',
        params: MemberIdParams,
        body: OperatorChange,
        response: { 200: MemberErased },
      }),
    },
    async (request) => {
      const { id } = request.params;
      const { reason, dry_run: dryRun = false } = request.body ?? {};
      const outcome = await performOperatorAction(
        db,
        { actor: actorOf(request), action: 'members.delete', target: id, reason },
        dryRun,
        async (tx) => {
          const erased = await eraseMemberRows(tx, id);
          if (!erased) throw noMember(id);
          const effect = [
            counted(erased.photos, 'photo'),
            counted(erased.networkEntries, 'network entry', 'network entries'),
            counted(erased.nominations, 'nomination'),
            counted(erased.unusedInviteCodes, 'unused invite code'),
          ].join(', ');
          return { result: true, effect: `erased a member: ${effect}` };
        },
      );
      if (!outcome.dryRun) await forgetErasedRows(database.forgetDeletedRows);
      return { erased: outcome.result, effect: outcome.effect, dry_run: outcome.dryRun };
    },
  );
};
