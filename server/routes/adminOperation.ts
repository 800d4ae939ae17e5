import type { FastifySchema } from 'fastify';
import { errorAnswers } from '../../src/domain/contracts/errors';

const ADMIN_SECURITY: { [scheme: string]: string[] }[] = [{ adminToken: [] }, { operatorSession: [] }];

/**
 * The parts every admin route's schema shares: its tag, the two ways in (the CLI's admin token, a
 * console session), and the 404 that anyone else gets (the guard answers as if the route did not
 * exist). `response` lists the route's own answers; 400 (a body its schema refuses) is added too.
 */
export function adminOperation<Schema extends FastifySchema & { response: object }>(schema: Schema) {
  return {
    ...schema,
    tags: ['admin'],
    security: ADMIN_SECURITY,
    response: { ...errorAnswers(400, 404), ...schema.response },
  };
}
