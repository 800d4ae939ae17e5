import { createHash } from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { errorAnswers } from '../../src/domain/contracts/errors';
import { ETagHeader, RevalidateCacheControlHeader, withHeaders } from '../../src/domain/contracts/headers';
import {
  EventLink,
  EventLinkList,
  EventLinkParams,
  EventLinkRequest,
  PartnerCommunity,
} from '../../src/domain/contracts/partner';
import { eventLinkProblem } from '../../src/domain/eventLink';
import { normaliseInviteCode } from '../../src/domain/inviteCode';
import { performOperatorAction } from './operatorAction';
import type { Actor } from '../admin/operatorActor';
import {
  communityOfOrganiser,
  createEventLink,
  listEventLinks,
  readPartnerCommunity,
  revokeEventLink,
  toEventLink,
  type OrganiserCommunity,
} from '../communities/partnerStore';
import { lockLiveCommunity } from '../communities/communityAdminStore';
import type { Db } from '../db/database';
import { HttpError } from '../httpError';
import { endSession } from '../operator/operatorAccounts';
import { clearedSessionCookie, operatorFromSession, sessionTokenOf } from '../operator/operatorSessions';

const SECURITY = [{ organiserSession: [] }];
const REVALIDATE = 'private, no-cache';

/** A weak ETag of an answer: the SHA-256 of its JSON, so equal answers (whoever asks) share it. */
const weakETagOf = (answer: unknown) =>
  `W/"${createHash('sha256').update(JSON.stringify(answer)).digest('base64url').slice(0, 27)}"`;

/** Whether If-None-Match names this ETag (weak comparison, RFC 9110 13.1.2), or is `*`. */
function ifNoneMatchHas(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag));
}
const NOT_SIGNED_IN = 'Sign in with the link we sent you on WhatsApp.';

interface Organiser {
  actor: Actor;
  operatorId: string;
  community: OrganiserCommunity;
}

const organisers = new WeakMap<FastifyRequest, Organiser>();
const organiserOf = (request: FastifyRequest): Organiser => organisers.get(request)!;

/**
 * The organiser's area (issue 50): only an organiser's session, and only their own community. A
 * session of any other role, a removed organiser or a suspended community is not signed in here (401);
 * a code of another community is as unknown as none (404). Changes are audited as `organiser:<name>`.
 */
export const partnerRoutes: FastifyPluginAsyncTypebox<{ db: Db; appUrl: string }> = async (
  app,
  { db, appUrl },
) => {
  // After the body is read (a body too large is 413 whoever sends it), before its schema is checked.
  app.addHook('preValidation', async (request) => {
    const operator = await operatorFromSession(request, { db, appUrl });
    const community =
      operator?.role === 'organiser' ? await communityOfOrganiser(db, operator.id) : undefined;
    if (!operator || !community) throw new HttpError(401, NOT_SIGNED_IN);
    organisers.set(request, {
      actor: { name: `organiser:${operator.name}`, role: 'organiser', session: operator.session },
      operatorId: operator.id,
      community,
    });
  });

  app.get(
    '/api/partner/community',
    {
      schema: {
        summary: 'The organiser’s community',
        operationId: 'getPartnerCommunity',
        description: 'Its quota, the places not yet given to a link, and its counts across every link.',
        tags: ['partner'],
        security: SECURITY,
        response: { 200: PartnerCommunity, ...errorAnswers(401) },
      },
    },
    async (request) => readPartnerCommunity(db, organiserOf(request).community),
  );

  app.get(
    '/api/partner/event-links',
    {
      schema: {
        summary: 'The community’s event links',
        operationId: 'listEventLinks',
        description:
          'Newest first, each with its counts: never who registered. Answered with a weak `ETag` and `Cache-Control: private, no-cache`; a request whose `If-None-Match` names the current one is 304 with no body (the door poster polls this).',
        tags: ['partner'],
        security: SECURITY,
        response: {
          200: withHeaders(EventLinkList, {
            ETag: ETagHeader,
            'Cache-Control': RevalidateCacheControlHeader,
          }),
          304: withHeaders(
            Type.Null({ description: 'Unchanged since the `ETag` sent in `If-None-Match`.' }),
            {
              ETag: ETagHeader,
              'Cache-Control': RevalidateCacheControlHeader,
            },
          ),
          ...errorAnswers(401),
        },
      },
    },
    async (request, reply) => {
      const answer = { event_links: await listEventLinks(db, organiserOf(request).community.id, appUrl) };
      // The door poster asks every few seconds: an unchanged list is 304 with no body. The answer is
      // private (a cookie's) and `no-cache`, so the browser keeps it and revalidates each time with
      // If-None-Match by itself; fetch() then hands RTK Query the kept body as a 200.
      const etag = weakETagOf(answer);
      void reply.header('etag', etag).header('cache-control', REVALIDATE);
      if (ifNoneMatchHas(request.headers['if-none-match'], etag)) return reply.code(304).send(null);
      return answer;
    },
  );

  app.post(
    '/api/partner/event-links',
    {
      schema: {
        summary: 'Make an event link',
        operationId: 'createEventLink',
        description:
          'An invite link for one event with a cap and a last day; the caps of live links never add up past the community’s quota (422 with a sentence). Audited.',
        tags: ['partner'],
        security: SECURITY,
        body: EventLinkRequest,
        response: { 201: EventLink, ...errorAnswers(400, 401, 422) },
      },
    },
    async (request, reply) => {
      const { actor, community } = organiserOf(request);
      const problem = eventLinkProblem(request.body, new Date().toISOString().slice(0, 10));
      if (problem) throw new HttpError(422, problem);
      const label = request.body.label.trim();
      const { result } = await performOperatorAction(
        db,
        { actor, action: 'partner.event-link', target: `community:${community.id}` },
        false,
        async (tx) => {
          // Suspended since this request's session was read: no link escapes the suspension.
          if (!(await lockLiveCommunity(tx, community.id))) throw new HttpError(401, NOT_SIGNED_IN);
          const row = await createEventLink(tx, community, {
            label,
            maxUses: request.body.max_uses,
            expiresAt: new Date(`${request.body.expires_on}T23:59:59.999Z`),
          });
          if ('refused' in row) throw new HttpError(422, row.refused);
          return {
            result: toEventLink(row, appUrl),
            effect: `made event link ${row.code} for ${row.maxUses} through ${request.body.expires_on}`,
          };
        },
      );
      return reply.code(201).send(result);
    },
  );

  app.post(
    '/api/partner/event-links/:code/revocation',
    {
      schema: {
        summary: 'Revoke an event link',
        operationId: 'revokeEventLink',
        description:
          'It admits nobody more; the places it did not use return to the quota. Revoking twice is harmless. Audited.',
        tags: ['partner'],
        security: SECURITY,
        params: EventLinkParams,
        response: { 200: EventLink, ...errorAnswers(401, 404) },
      },
    },
    async (request) => {
      const { actor, community } = organiserOf(request);
      const { result } = await performOperatorAction(
        db,
        { actor, action: 'partner.revoke', target: `community:${community.id}` },
        false,
        async (tx) => {
          const row = await revokeEventLink(tx, community.id, request.params.code);
          if (!row) throw new HttpError(404, `No event link ${normaliseInviteCode(request.params.code)}.`);
          return { result: toEventLink(row, appUrl), effect: `revoked event link ${row.code}` };
        },
      );
      return result;
    },
  );

  app.post(
    '/api/partner/session/sign-out',
    {
      schema: {
        summary: 'Sign the organiser out',
        operationId: 'signOutOrganiser',
        description: 'Ends this browser’s session.',
        tags: ['partner'],
        security: SECURITY,
        response: { 204: Type.Null({ description: 'Signed out.' }), ...errorAnswers(401) },
      },
    },
    async (request, reply) => {
      const { operatorId, actor } = organiserOf(request);
      const operator = {
        id: operatorId,
        name: actor.name.replace(/^organiser:/, ''),
        role: 'organiser' as const,
      };
      await endSession(db, sessionTokenOf(request, appUrl)!, { ...operator, session: actor.session! });
      return reply.header('set-cookie', clearedSessionCookie(appUrl)).code(204).send(null);
    },
  );
};
