import type { FastifyRequest, FastifySchema } from 'fastify';
import { errorAnswers } from '../../src/domain/contracts/errors';
import type { OperatorPermission } from '../../src/domain/operatorRoles';

const ADMIN_SECURITY: { [scheme: string]: string[] }[] = [{ adminToken: [] }, { operatorSession: [] }];

/**
 * The parts every admin route's schema shares: its tag, the two ways in (the CLI's admin token, a
 * console session), and the 404 that anyone else gets (the guard answers as if the route did not
 * exist). `response` lists the route's own answers; 400 (a body its schema refuses) and 403 (a role
 * that may not) are added too.
 */
export function adminOperation<Schema extends FastifySchema & { response: object }>(schema: Schema) {
  return {
    ...schema,
    tags: ['admin'],
    security: ADMIN_SECURITY,
    response: { ...errorAnswers(400, 403, 404), ...schema.response },
  };
}

/**
 * What a route needs of the actor's role, read by the admin guard (adminRoutes.ts), the one place
 * roles are checked. Without it a route needs `run-network`. A refused attempt is itself recorded,
 * under `action` and `target`, when the route names them.
 */
export interface AdminAccess {
  permission: OperatorPermission | ((request: FastifyRequest) => OperatorPermission);
  action?: string;
  target?: (request: FastifyRequest) => string | null;
}

/** A route's `config` naming what it needs: `{ config: adminAccess({...}) }`. */
export const adminAccess = (access: AdminAccess) => ({ adminAccess: access });

export function accessOf(request: FastifyRequest): AdminAccess | undefined {
  return (request.routeOptions.config as { adminAccess?: AdminAccess }).adminAccess;
}
