import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import {
  ApplicationParams,
  CommunityApplicationList,
  CommunityApproval,
  CommunityDecline,
  CommunityDeclined,
  CommunityList,
  CommunityParams,
  CommunitySuspended,
  CommunitySuspension,
  OrganiserSignIn,
} from '../../src/domain/contracts/adminCommunities';
import { adminPaths } from '../../src/domain/contracts/adminPaths';
import { errorAnswers } from '../../src/domain/contracts/errors';
import { limits } from '../../src/domain/limits';
import { performOperatorAction } from './operatorAction';
import { actorOf } from '../admin/operatorActor';
import { listCommunities, suspendCommunity } from '../communities/communityAdminStore';
import { listCommunityApplications } from '../communities/communityApplicationStore';
import {
  approveApplication,
  declineApplication,
  organiserSignInLink,
  toCommunityApplicationView,
  type DecisionRefusal,
} from '../communities/communityStore';
import { HttpError } from '../httpError';
import { adminAccess, adminOperation } from './adminOperation';
import type { AdminRouteOptions } from './adminRoutes';

const applicationTarget = (request: FastifyRequest) =>
  `community-application:${(request.params as { id: string }).id}`;
const communityTarget = (request: FastifyRequest) => `community:${(request.params as { id: string }).id}`;

/** A decision that changed nothing: 404 for no such application, 409 when it cannot be made now. */
function refusedDecision(id: number, refusal: DecisionRefusal): HttpError {
  switch (refusal.refused) {
    case 'unknown':
      return new HttpError(404, `No community application ${id}.`);
    case 'decided':
      return new HttpError(409, `Community application ${id} was ${refusal.status} already.`);
    case 'account-taken':
      return new HttpError(409, `There is already an operator account ${refusal.name}.`);
  }
}

/**
 * `npm run communities` (issue 50): the applications of /communities, their approval (a community,
 * its organiser's account and a 72-hour sign-in link) or decline, and a new link for an organiser.
 */
export const communityAdminRoutes: FastifyPluginAsyncTypebox<AdminRouteOptions> = async (
  app,
  { database: { db }, appUrl },
) => {
  app.get(
    adminPaths.listCommunityApplications.path,
    {
      schema: adminOperation({
        summary: 'List community applications',
        operationId: 'listCommunityApplications',
        description: 'Every application from /communities, oldest first, with its state; phones masked.',
        response: { 200: CommunityApplicationList },
      }),
      config: adminAccess({ permission: 'run-network' }),
    },
    async () => ({
      community_applications: (await listCommunityApplications(db)).map(toCommunityApplicationView),
    }),
  );

  app.post(
    adminPaths.approveCommunityApplication.path,
    {
      schema: adminOperation({
        summary: 'Approve a community application',
        operationId: 'approveCommunityApplication',
        description:
          'Makes the community (with its quota of places), its organiser’s account (role `organiser`, bound to it) and a one-use sign-in link valid 72 hours; the answer’s wa.me link sends it to the organiser. Audited.',
        params: ApplicationParams,
        body: CommunityApproval,
        response: { 201: OrganiserSignIn, ...errorAnswers(409, 422) },
      }),
      config: adminAccess({
        permission: 'run-network',
        action: 'communities.approve',
        target: applicationTarget,
      }),
    },
    async (request, reply) => {
      const id = Number(request.params.id);
      const quota = request.body.quota ?? limits.community.defaultQuota;
      const actor = actorOf(request);
      const { result } = await performOperatorAction(
        db,
        {
          actor,
          action: 'communities.approve',
          target: `community-application:${id}`,
          reason: request.body.reason,
        },
        false,
        async (tx) => {
          const approved = await approveApplication(
            tx,
            id,
            quota,
            request.body.reason ?? null,
            appUrl,
            actor,
          );
          if ('refused' in approved) throw refusedDecision(id, approved);
          return {
            result: approved,
            effect: `approved: community ${approved.community_id} with a quota of ${quota}, organiser ${approved.organiser} with a sign-in link valid ${limits.community.signInLinkHours} hours`,
          };
        },
      );
      return reply.code(201).send(result);
    },
  );

  app.post(
    adminPaths.declineCommunityApplication.path,
    {
      schema: adminOperation({
        summary: 'Decline a community application',
        operationId: 'declineCommunityApplication',
        description: 'Declines an application, with the reason (kept in the audit trail). Audited.',
        params: ApplicationParams,
        body: CommunityDecline,
        response: { 200: CommunityDeclined, ...errorAnswers(409, 422) },
      }),
      config: adminAccess({
        permission: 'run-network',
        action: 'communities.decline',
        target: applicationTarget,
      }),
    },
    async (request) => {
      const id = Number(request.params.id);
      const { effect } = await performOperatorAction(
        db,
        {
          actor: actorOf(request),
          action: 'communities.decline',
          target: `community-application:${id}`,
          reason: request.body.reason,
        },
        false,
        async (tx) => {
          const declined = await declineApplication(tx, id, request.body.reason.trim());
          if ('refused' in declined) throw refusedDecision(id, declined);
          return { result: null, effect: `declined community application ${id}` };
        },
      );
      return { id, status: 'declined' as const, effect };
    },
  );

  app.post(
    adminPaths.createOrganiserSignInLink.path,
    {
      schema: adminOperation({
        summary: 'A new sign-in link for a community’s organiser',
        operationId: 'createOrganiserSignInLink',
        description: 'One-use, valid 72 hours, with the wa.me link that sends it to the organiser. Audited.',
        params: CommunityParams,
        response: { 201: OrganiserSignIn },
      }),
      config: adminAccess({
        permission: 'run-network',
        action: 'communities.sign-in-link',
        target: communityTarget,
      }),
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const { result } = await performOperatorAction(
        db,
        { actor, action: 'communities.sign-in-link', target: `community:${request.params.id}` },
        false,
        async (tx) => {
          const link = await organiserSignInLink(tx, request.params.id, appUrl, actor);
          if (!link) throw new HttpError(404, `No community ${request.params.id} with an organiser.`);
          return { result: link, effect: `made a sign-in link for organiser ${link.organiser}` };
        },
      );
      return reply.code(201).send(result);
    },
  );

  app.get(
    adminPaths.listCommunities.path,
    {
      schema: adminOperation({
        summary: 'List communities',
        operationId: 'listCommunities',
        description:
          'Every community, newest first: its organiser, status, quota, places not yet given to a live link, live links and funnel (counts only, as its organiser sees them; no phone).',
        response: { 200: CommunityList },
      }),
      config: adminAccess({ permission: 'run-network' }),
    },
    async () => ({ communities: await listCommunities(db) }),
  );

  app.post(
    adminPaths.suspendCommunity.path,
    {
      schema: adminOperation({
        summary: 'Suspend a community',
        operationId: 'suspendCommunity',
        description:
          'Its live event links are revoked (a visitor with one reads what a revoked code answers, and registration through it is refused), its organiser’s sessions end and their unused sign-in links go; a new sign-in is refused. 409 when it is suspended already. Audited, with the reason.',
        params: CommunityParams,
        body: CommunitySuspension,
        response: { 200: CommunitySuspended, ...errorAnswers(409, 422) },
      }),
      config: adminAccess({
        permission: 'run-network',
        action: 'communities.suspend',
        target: communityTarget,
      }),
    },
    async (request) => {
      const communityId = request.params.id;
      const { result, effect } = await performOperatorAction(
        db,
        {
          actor: actorOf(request),
          action: 'communities.suspend',
          target: `community:${communityId}`,
          reason: request.body.reason,
        },
        false,
        async (tx) => {
          const done = await suspendCommunity(tx, communityId);
          // Thrown inside the transaction: nothing is changed or recorded.
          if (done.outcome === 'unknown') throw new HttpError(404, `No community ${communityId}.`);
          if (done.outcome === 'already')
            throw new HttpError(
              409,
              `Community ${done.name} was suspended already, on ${done.suspendedAt.toISOString()}.`,
            );
          const links = done.linksStopped === 1 ? '1 live link' : `${done.linksStopped} live links`;
          const sessions = done.sessionsEnded === 1 ? '1 session' : `${done.sessionsEnded} sessions`;
          return {
            result: done,
            effect: `suspended community ${done.name}: ${links} stopped, ${sessions} ended`,
          };
        },
      );
      return {
        community_id: communityId,
        status: 'suspended' as const,
        suspended_at: result.suspendedAt.toISOString(),
        effect,
      };
    },
  );
};
