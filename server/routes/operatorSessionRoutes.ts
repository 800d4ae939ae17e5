import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { organiserSuspended } from '../communities/communityAdminStore';
import type { Db } from '../db/database';
import { HttpError, noSuchEndpoint } from '../httpError';
import {
  endSession,
  PARTNER_SIGN_IN_PATH,
  SIGN_IN_PATH,
  signInLinkState,
  signInWithLink,
} from '../operator/operatorAccounts';
import {
  clearedSessionCookie,
  isSameOriginRequest,
  operatorFromSession,
  sessionCookie,
  sessionCookieOf,
  sessionTokenOf,
} from '../operator/operatorSessions';
import { OperatorSession } from '../../src/domain/contracts/adminOperators';
import { TWO_SESSION_COOKIES_DETAIL } from '../../src/domain/operatorSession';
import { crossSiteSignInPage, refusedLinkPage, signInPage, type OperatorPage } from '../web/operatorPages';
import { ErrorDetail } from '../../src/domain/contracts/errors';

/** The operator console (the web app's /admin), where a sign-in lands. */
export const ADMIN_PAGE_PATH = '/admin';
/** Where an organiser lands once signed in (issue 50). */
export const PARTNER_PAGE_PATH = '/partner';
export const SIGN_OUT_PATH = '/api/admin/session/sign-out';

const FORM = 'application/x-www-form-urlencoded';

const SESSION_SECURITY = [{ operatorSession: [] }];

function sendPage(reply: FastifyReply, page: OperatorPage) {
  return (
    reply
      .code(page.status)
      .header('content-security-policy', page.contentSecurityPolicy)
      // A page naming who is signed in, or answering a secret link, is for this browser only.
      .header('cache-control', 'no-store')
      // The site's no-referrer makes a browser send `Origin: null` with a form's POST (Fetch, "append
      // a request Origin header"), which would defeat the Origin check where Sec-Fetch-Site is
      // missing; strict-origin sends our origin, and never a path (a link's token) in a Referer.
      .header('referrer-policy', 'strict-origin')
      .type('text/html; charset=utf-8')
      .send(page.html)
  );
}

const isFormPost = (request: FastifyRequest) => request.headers['content-type']?.split(';', 1)[0] === FORM;

/**
 * How an operator gets a browser session: the one-time link's page (GET shows one button and uses
 * nothing up, so a link-preview bot cannot spend it; the button's POST to the same address does),
 * /admin, and the session API the console will use. Registered beside the admin routes, not inside
 * them: these answer a browser that is not signed in (yet).
 */
export const operatorSessionRoutes: FastifyPluginAsyncTypebox<{ db: Db; appUrl: string }> = async (
  app,
  { db, appUrl },
) => {
  const sessions = { db, appUrl };
  // The pages' forms post no fields: the body is read (a kilobyte at most) and ignored.
  app.addContentTypeParser(FORM, { parseAs: 'string', bodyLimit: 1024 }, (_request, _body, done) =>
    done(null, undefined),
  );

  const token = { params: Type.Object({ token: Type.String() }) };
  const suspendedOrganiser = async (operator: { id: string; role: string }) =>
    operator.role === 'organiser' && (await organiserSuspended(db, operator.id));
  for (const path of [SIGN_IN_PATH, PARTNER_SIGN_IN_PATH]) {
    app.get(`${path}/:token`, { schema: token }, async (request, reply) => {
      const link = await signInLinkState(db, request.params.token);
      if (link.state === 'usable' && (await suspendedOrganiser(link.operator)))
        return sendPage(reply, refusedLinkPage('suspended'));
      return sendPage(
        reply,
        link.state === 'usable' ? signInPage(link.operator.name) : refusedLinkPage(link.state),
      );
    });

    app.post(`${path}/:token`, { schema: token }, async (request, reply) => {
      // Another site's form could otherwise sign this browser in to an account of the attacker's.
      if (!isSameOriginRequest(request, appUrl)) return sendPage(reply, crossSiteSignInPage());
      // A suspension deletes the organiser's unused links; this refuses one made after it by hand.
      const before = await signInLinkState(db, request.params.token);
      if (before.state === 'usable' && (await suspendedOrganiser(before.operator)))
        return sendPage(reply, refusedLinkPage('suspended'));
      const signedIn = await signInWithLink(db, request.params.token);
      if (!signedIn) {
        const link = await signInLinkState(db, request.params.token);
        // Usable now yet refused a moment ago: another request used it in between.
        return sendPage(reply, refusedLinkPage(link.state === 'usable' ? 'used' : link.state));
      }
      return reply
        .header('set-cookie', sessionCookie(signedIn.sessionToken, appUrl))
        .header('cache-control', 'no-store')
        .redirect(signedIn.operator.role === 'organiser' ? PARTNER_PAGE_PATH : ADMIN_PAGE_PATH, 303);
    });
  }

  app.get(
    '/api/admin/session',
    {
      schema: {
        summary: 'Who is signed in',
        operationId: 'getOperatorSession',
        description:
          'The console’s first question: the operator of this browser’s session, or 401 (also when two session cookies arrive: one may have been planted by another site).',
        tags: ['admin'],
        security: SESSION_SECURITY,
        response: { 200: OperatorSession, 401: ErrorDetail, 404: ErrorDetail },
      },
    },
    async (request) => {
      if (sessionCookieOf(request, appUrl).state === 'several') {
        throw new HttpError(401, TWO_SESSION_COOKIES_DETAIL);
      }
      const operator = await operatorFromSession(request, sessions);
      // An organiser's session (issue 50) reaches /api/partner only: here it is nobody.
      if (operator?.role === 'organiser') throw new HttpError(404, 'No API endpoint GET /api/admin/session.');
      if (!operator) throw new HttpError(401, 'Not signed in.');
      return { operator: { name: operator.name, role: operator.role } };
    },
  );

  app.post(
    SIGN_OUT_PATH,
    {
      schema: {
        summary: 'Sign out',
        operationId: 'signOutOperator',
        description:
          'Ends this browser’s session (a same-origin request, as every change an operator makes). The console’s fetch gets 204, the /admin page’s form a redirect back to /admin.',
        tags: ['admin'],
        security: SESSION_SECURITY,
        response: { 204: Type.Null({ description: 'Signed out.' }), 404: ErrorDetail },
      },
    },
    async (request, reply) => {
      // A session and a same-origin request, as every change an operator makes; anything else is 404.
      const operator = await operatorFromSession(request, sessions);
      if (!operator || operator.role === 'organiser') throw noSuchEndpoint(request);
      await endSession(db, sessionTokenOf(request, appUrl)!, operator);
      void reply.header('set-cookie', clearedSessionCookie(appUrl));
      // The /admin page's form gets a page back; the console's fetch an empty answer.
      return isFormPost(request) ? reply.redirect(ADMIN_PAGE_PATH, 303) : reply.code(204).send(null);
    },
  );
};
