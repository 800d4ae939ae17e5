import type { FastifyRequest } from 'fastify';

/**
 * Who is acting on an admin request, for the audit trail: the operator's name for a console session,
 * `cli:<os user>@<host>` for the command line. The CLI says who runs it in this header; only a request
 * that carries the loopback admin token is believed, and only a plain `user@host` is taken.
 */
export const CLI_ACTOR_HEADER = 'becca-actor';

const USER_AT_HOST = /^[A-Za-z0-9._-]{1,64}@[A-Za-z0-9._-]{1,253}$/;

export function cliActor(header: string | string[] | undefined): string {
  return typeof header === 'string' && USER_AT_HOST.test(header) ? `cli:${header}` : 'cli:unknown';
}

const actors = new WeakMap<FastifyRequest, string>();

export function setActor(request: FastifyRequest, actor: string): void {
  actors.set(request, actor);
}

/** Set by the admin routes' guard before any handler runs. */
export function actorOf(request: FastifyRequest): string {
  const actor = actors.get(request);
  if (!actor) throw new Error('An admin route ran without its guard');
  return actor;
}
