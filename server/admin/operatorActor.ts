import type { FastifyRequest } from 'fastify';
import type { OperatorRole } from '../../src/domain/operatorRoles';

/**
 * Who is acting on an admin request, for the audit trail and the role check: the operator's name,
 * role and session for a console session; `cli:<os user>@<host>` for the command line, which acts as
 * an owner (it holds the machine's admin token). The CLI says who runs it in this header; only a
 * request that carries the loopback admin token is believed, and only a plain `user@host` is taken.
 */
export const CLI_ACTOR_HEADER = 'becca-actor';

const USER_AT_HOST = /^[A-Za-z0-9._-]{1,64}@[A-Za-z0-9._-]{1,253}$/;

export interface Actor {
  /** The operator's name, or `cli:<user>@<host>`. */
  name: string;
  role: OperatorRole;
  /** The console session's short id (sessionIdOf), null for the command line. */
  session: string | null;
}

export function cliActor(header: string | string[] | undefined): Actor {
  const name = typeof header === 'string' && USER_AT_HOST.test(header) ? `cli:${header}` : 'cli:unknown';
  return { name, role: 'owner', session: null };
}

const actors = new WeakMap<FastifyRequest, Actor>();

export function setActor(request: FastifyRequest, actor: Actor): void {
  actors.set(request, actor);
}

/** Set by the admin routes' guard before any handler runs. */
export function actorOf(request: FastifyRequest): Actor {
  const actor = actors.get(request);
  if (!actor) throw new Error('An admin route ran without its guard');
  return actor;
}
