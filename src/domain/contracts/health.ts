import { Type, type Static } from '@sinclair/typebox';

/** `GET /health` and `GET /health/live`: what a load balancer or an orchestrator's probe reads. */
export const HealthOk = Type.Object({ status: Type.Literal('ok') }, { examples: [{ status: 'ok' }] });
export type HealthOk = Static<typeof HealthOk>;

/** Not ready (the database, the migrations, a drain): the answer says why, with `Retry-After`. */
export const HealthDown = Type.Object(
  { status: Type.Literal('error'), detail: Type.String() },
  { examples: [{ status: 'error', detail: 'The database is not answering.' }] },
);
export type HealthDown = Static<typeof HealthDown>;

export type HealthAnswer = HealthOk | HealthDown;
