import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { mayDo, refusalFor } from '../../src/domain/operatorRoles';
import type { Database } from '../db/database';
import { HttpError, noSuchEndpoint } from '../httpError';
import type { AuditHashKey } from '../admin/auditHashKey';
import { recordAudit } from '../admin/auditTrail';
import { actorOf, cliActor, CLI_ACTOR_HEADER, setActor } from '../admin/operatorActor';
import { carriesAdminToken } from '../operator/adminToken';
import { hostCheck, isFromThisMachine } from '../operator/fromThisMachine';
import { operatorFromSession } from '../operator/operatorSessions';
import { accessOf } from './adminOperation';
import { adminReferenceRoutes } from './adminReferenceRoutes';
import { auditAdminRoutes } from './auditAdminRoutes';
import { backupAdminRoutes } from './backupAdminRoutes';
import { communityAdminRoutes } from './communityAdminRoutes';
import { inviteCodeAdminRoutes } from './inviteCodeAdminRoutes';
import { memberAdminRoutes } from './memberAdminRoutes';
import { operatorAdminRoutes } from './operatorAdminRoutes';
import { overviewAdminRoutes } from './overviewAdminRoutes';
import { waitlistAdminRoutes } from './waitlistAdminRoutes';
import { webhookAdminRoutes } from './webhookAdminRoutes';

export interface AdminRouteOptions {
  database: Database;
  /** Where invitation and sign-in links point. */
  appUrl: string;
  /** The key of the audit trail's phone hashes (server/admin/auditHashKey.ts). */
  auditHashKey: AuditHashKey;
}

/**
 * The admin API: the one implementation of every operator action, for the CLI and the console alike.
 * Two doors. The command line's: the TCP peer is this machine (the raw socket address, and no proxy's
 * forwarding header), the Host names this machine or APP_URL's host (no DNS-rebinding page), and the
 * request carries the admin token (DATA_DIR/admin-token for a running server; a fresh one in memory
 * when the CLI builds the app itself); it acts as an owner. The browser's: an operator's session,
 * whose requests that change something must come from our own origin, acting with the operator's
 * role. Anyone else is told these routes do not exist.
 */
export const adminRoutes: FastifyPluginAsyncTypebox<
  AdminRouteOptions & { adminToken: string | undefined }
> = async (app, { adminToken, ...options }) => {
  const { db } = options.database;
  const hostIsOurs = hostCheck(options.appUrl);
  app.addHook('onRequest', async (request) => {
    const operatorCli =
      adminToken !== undefined &&
      isFromThisMachine(request) &&
      hostIsOurs(request) &&
      carriesAdminToken(adminToken, request.headers.authorization);
    if (operatorCli) return setActor(request, cliActor(request.headers[CLI_ACTOR_HEADER]));
    const operator = await operatorFromSession(request, { db, appUrl: options.appUrl });
    // An organiser's session (issue 50) reaches /api/partner only: here it is nobody.
    if (operator && operator.role !== 'organiser')
      return setActor(request, { name: operator.name, role: operator.role, session: operator.session });
    throw noSuchEndpoint(request);
  });

  // The one place roles are checked: each route says what it needs (adminAccess in its config), once
  // its input is read, so that a refused attempt can be recorded with its target.
  app.addHook('preHandler', async (request) => {
    const actor = actorOf(request);
    const access = accessOf(request);
    const permission =
      typeof access?.permission === 'function'
        ? access.permission(request)
        : (access?.permission ?? 'run-network');
    if (mayDo(actor.role, permission)) return;
    const refusal = refusalFor(actor.role, permission);
    if (access?.action) {
      await recordAudit(
        db,
        { actor, action: access.action, target: access.target?.(request) ?? null },
        `refused (403): the ${actor.role} role may not do this`,
      );
    }
    throw new HttpError(403, refusal);
  });

  // Registered inside this plugin so that the guard above stands in front of every one of them.
  await app.register(inviteCodeAdminRoutes, options);
  await app.register(waitlistAdminRoutes, options);
  await app.register(memberAdminRoutes, options);
  await app.register(webhookAdminRoutes, options);
  await app.register(auditAdminRoutes, options);
  await app.register(operatorAdminRoutes, options);
  await app.register(overviewAdminRoutes, options);
  await app.register(backupAdminRoutes, options);
  await app.register(communityAdminRoutes, options);
  await app.register(adminReferenceRoutes, options);
};
