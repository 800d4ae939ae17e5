import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { OperatorChange } from '../../src/domain/contracts/adminAudit';
import {
  BranchRevocation,
  CreatedInviteCodes,
  CreateInviteCodes,
  GrantedInvites,
  GrantInvites,
  InviteCodeList,
  InviteCodeQuery,
  InviteTree,
  RevokedInviteCodes,
  RevokeInviteCodes,
  UserIdParams,
  type InviteCodeView,
} from '../../src/domain/contracts/adminInviteCodes';
import { errorAnswers } from '../../src/domain/contracts/errors';
import { normaliseInviteCode } from '../../src/domain/inviteCode';
import { performOperatorAction, refuseUnusableText } from './operatorAction';
import { calendarDateProblem } from '../../src/domain/calendarDate';
import { actorOf } from '../admin/operatorActor';
import type { Db } from '../db/database';
import { HttpError } from '../httpError';
import {
  createInviteCode,
  findInviteCode,
  listInviteCodes,
  revokeInviteCode,
  toInviteCodeView,
} from '../invites/inviteCodeStore';
import { grantMemberInvites, loadInviteTree, revokeBranch } from '../invites/memberInviteStore';
import { counted } from '../../src/domain/counted';
import { adminPaths } from '../../src/domain/contracts/adminPaths';
import { adminOperation } from './adminOperation';
import type { AdminRouteOptions } from './adminRoutes';

/** `expires: 2026-12-31` means the code works through that whole day (UTC). */
function expiryFromDate(date: string): Date {
  const problem = calendarDateProblem('The expiry', date);
  if (problem) throw new HttpError(422, problem);
  return new Date(`${date}T23:59:59.999Z`);
}

/** At most this many codes are named in an effect; the rest are counted. */
const CODES_NAMED = 20;

function namedCodes(codes: readonly string[]): string {
  const named = codes.slice(0, CODES_NAMED).join(', ');
  return codes.length > CODES_NAMED ? `${named} and ${codes.length - CODES_NAMED} more` : named;
}

/** Revokes the codes named (every one must exist) or every usable code of a cohort. */
async function revokeCodes(
  tx: Db,
  which: { codes: string[] } | { label: string },
): Promise<{ result: InviteCodeView[]; effect: string }> {
  const rows =
    'label' in which
      ? (await listInviteCodes(tx, which.label)).filter((row) => row.usable)
      : await Promise.all(
          which.codes.map(async (typed) => {
            const row = await findInviteCode(tx, typed);
            if (!row) throw new HttpError(404, `No invite code ${typed.trim()}.`);
            return row;
          }),
        );
  const already = rows.filter((row) => row.revokedAt !== null).length;
  const revoked = [];
  for (const row of rows) revoked.push(toInviteCodeView((await revokeInviteCode(tx, row.code))!));
  const newly = revoked.length - already;
  const cohort = 'label' in which ? ` of cohort "${which.label}"` : '';
  const named = revoked.length ? `: ${namedCodes(revoked.map((view) => view.code))}` : '';
  const unchanged = already ? ` (${counted(already, 'was', 'were')} already revoked)` : '';
  return { result: revoked, effect: `revoked ${counted(newly, 'code')}${cohort}${unchanged}${named}` };
}

/**
 * `npm run invite` and the console's invite codes: issue one code or a cohort, list and revoke them,
 * grant a member more, and the invite tree with its branches. Every change is audited (auditTrail.ts).
 */
export const inviteCodeAdminRoutes: FastifyPluginAsyncTypebox<AdminRouteOptions> = async (
  app,
  { database: { db } },
) => {
  app.post(
    adminPaths.createInviteCodes.path,
    {
      schema: adminOperation({
        summary: 'Issue invite codes',
        operationId: 'createInviteCodes',
        description:
          'One code, or a cohort of `count` codes that share a label (the funnel counts each label apart). Answers the codes, as `invite create` prints them.',
        body: CreateInviteCodes,
        response: { 201: CreatedInviteCodes, ...errorAnswers(422) },
      }),
    },
    async (request, reply) => {
      const { count = 1, uses = 1, label, expires } = request.body;
      const expiresAt = expires === undefined ? undefined : expiryFromDate(expires);
      refuseUnusableText('The label', label);
      const { result, effect } = await performOperatorAction(
        db,
        { actor: actorOf(request), action: 'invite.create', target: label ?? null },
        false,
        async (tx) => {
          const codes: InviteCodeView[] = [];
          for (let i = 0; i < count; i += 1) {
            codes.push(toInviteCodeView(await createInviteCode(tx, { maxUses: uses, expiresAt, label })));
          }
          // A cohort shares its creation time, so every listing orders it by code: so does this answer.
          codes.sort((a, b) => a.code.localeCompare(b.code));
          const details = [
            `for ${counted(uses, 'use')} each`,
            ...(label === undefined ? [] : [`label "${label}"`]),
            ...(expires === undefined ? [] : [`expires ${expires}`]),
          ].join(', ');
          return {
            result: codes,
            effect: `created ${counted(count, 'code')} ${details}: ${namedCodes(codes.map((view) => view.code))}`,
          };
        },
      );
      return reply.code(201).send({ codes: result, effect });
    },
  );

  app.get(
    adminPaths.listInviteCodes.path,
    {
      schema: adminOperation({
        summary: 'List invite codes',
        operationId: 'listInviteCodes',
        description: 'Every code, oldest first, with its uses and state; filter by label (cohort) or state.',
        querystring: InviteCodeQuery,
        response: { 200: InviteCodeList },
      }),
    },
    async (request) => {
      const { label, status } = request.query;
      const views = (await listInviteCodes(db, label)).map(toInviteCodeView);
      return status === undefined ? views : views.filter((view) => view.status === status);
    },
  );

  app.post(
    adminPaths.revokeInviteCodes.path,
    {
      schema: adminOperation({
        summary: 'Revoke invite codes',
        operationId: 'revokeInviteCodes',
        description:
          'The codes named, or every code of a cohort that still admits someone. Nobody registers with a revoked code again; members who already did stay. `dry_run` answers what would be revoked.',
        body: RevokeInviteCodes,
        response: { 200: RevokedInviteCodes, ...errorAnswers(422) },
      }),
    },
    async (request) => {
      const { codes, label, reason, dry_run: dryRun = false } = request.body;
      if ((codes === undefined) === (label === undefined)) {
        throw new HttpError(422, 'Name the codes to revoke, or a label, not both.');
      }
      refuseUnusableText('The label', label);
      const target =
        label !== undefined ? label : codes!.length === 1 ? normaliseInviteCode(codes![0]!) : null;
      const {
        result,
        effect,
        dryRun: dry,
      } = await performOperatorAction(
        db,
        { actor: actorOf(request), action: 'invite.revoke', target, reason },
        dryRun,
        (tx) => revokeCodes(tx, label !== undefined ? { label } : { codes: codes! }),
      );
      return { codes: result, effect, dry_run: dry };
    },
  );

  app.post(
    adminPaths.grantMemberInvites.path,
    {
      schema: adminOperation({
        summary: 'Grant a member more invite codes',
        operationId: 'grantMemberInvites',
        description: 'N more one-use codes in the member’s quota, linked or not.',
        params: UserIdParams,
        body: GrantInvites,
        response: { 200: GrantedInvites, ...errorAnswers(422) },
      }),
    },
    async (request) => {
      const { user_id: userId } = request.params;
      const { count, reason } = request.body;
      const { result, effect } = await performOperatorAction(
        db,
        { actor: actorOf(request), action: 'invite.grant', target: userId, reason },
        false,
        async (tx) => {
          const unused = await grantMemberInvites(tx, userId, count);
          if (unused === undefined) throw new HttpError(404, `No member ${userId}.`);
          return { result: unused, effect: `granted ${counted(count, 'code')} (${unused} unused now)` };
        },
      );
      return { unused: result, effect };
    },
  );

  app.get(
    adminPaths.getInviteTree.path,
    {
      schema: adminOperation({
        summary: 'Who invited whom',
        operationId: 'getInviteTree',
        description: 'Every code and every member with the code they used (`invite tree`).',
        response: { 200: InviteTree },
      }),
    },
    async () => loadInviteTree(db),
  );

  app.post(
    adminPaths.revokeInviteBranch.path,
    {
      schema: adminOperation({
        summary: 'Revoke a branch of the invite tree',
        operationId: 'revokeInviteBranch',
        description:
          'That member and everyone who joined through them, their invitees and so on, lose every code nobody has used yet. Members stay. `dry_run` answers what would be revoked.',
        params: UserIdParams,
        body: OperatorChange,
        response: { 200: BranchRevocation },
      }),
    },
    async (request) => {
      const { user_id: userId } = request.params;
      const { reason, dry_run: dryRun = false } = request.body ?? {};
      const outcome = await performOperatorAction(
        db,
        { actor: actorOf(request), action: 'invite.revoke-branch', target: userId, reason },
        dryRun,
        async (tx) => {
          const branch = await revokeBranch(tx, userId);
          if (!branch) throw new HttpError(404, `No member ${userId}.`);
          return {
            result: branch,
            effect: `revoked ${counted(branch.revokedCodes, 'code')} across ${counted(branch.members, 'member')}`,
          };
        },
      );
      return {
        members: outcome.result.members,
        revoked_codes: outcome.result.revokedCodes,
        effect: outcome.effect,
        dry_run: outcome.dryRun,
      };
    },
  );
};
