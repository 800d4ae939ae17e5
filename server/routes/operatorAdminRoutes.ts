import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AddOperator,
  OperatorList,
  OperatorParams,
  OperatorRemoved,
  OperatorView,
  SignInLink,
} from '../../src/domain/contracts/adminOperators';
import { errorAnswers } from '../../src/domain/contracts/errors';
import { performOperatorAction } from '../admin/auditTrail';
import { actorOf } from '../admin/operatorActor';
import { HttpError } from '../httpError';
import { addOperator, createSignInLink, listOperators, removeOperator } from '../operator/operatorAccounts';
import { adminOperation } from './adminOperation';
import type { AdminRouteOptions } from './adminRoutes';

/** `npm run operators`: who may sign in to the console. Adding, removing and links are audited. */
export const operatorAdminRoutes: FastifyPluginAsyncTypebox<AdminRouteOptions> = async (
  app,
  { database: { db }, appUrl },
) => {
  app.get(
    '/api/admin/operators',
    {
      schema: adminOperation({
        summary: 'List operators',
        operationId: 'listOperators',
        description: 'Who may sign in to the console, when each was last seen, and their live sessions.',
        response: { 200: OperatorList },
      }),
    },
    async () => listOperators(db),
  );

  app.post(
    '/api/admin/operators',
    {
      schema: adminOperation({
        summary: 'Add an operator',
        operationId: 'createOperator',
        description: 'Or reinstate a removed one; they sign in with a link from `operators sign-in-link`.',
        body: AddOperator,
        response: { 201: OperatorView, ...errorAnswers(409, 422) },
      }),
    },
    async (request, reply) => {
      const { result } = await performOperatorAction(
        db,
        { actor: actorOf(request), action: 'operators.add', target: request.body.name.toLowerCase() },
        false,
        async (tx) => {
          const added = await addOperator(tx, request.body.name);
          return { result: added, effect: `added operator ${added.name}` };
        },
      );
      return reply.code(201).send(result);
    },
  );

  app.delete(
    '/api/admin/operators/:name',
    {
      schema: adminOperation({
        summary: 'Remove an operator',
        operationId: 'removeOperator',
        description: 'Ends their sessions at once; their links stop working.',
        params: OperatorParams,
        response: { 200: OperatorRemoved, ...errorAnswers(422) },
      }),
    },
    async (request) => {
      const { name } = request.params;
      await performOperatorAction(
        db,
        { actor: actorOf(request), action: 'operators.remove', target: name.toLowerCase() },
        false,
        async (tx) => {
          if (!(await removeOperator(tx, name))) throw new HttpError(404, `No operator ${name}.`);
          return { result: true, effect: `removed operator ${name.toLowerCase()} and ended their sessions` };
        },
      );
      return { removed: true as const };
    },
  );

  app.post(
    '/api/admin/operators/:name/sign-in-links',
    {
      schema: adminOperation({
        summary: 'A one-time sign-in link',
        operationId: 'createSignInLink',
        description: 'APP_URL/admin/sign-in/<token>, valid 15 minutes, for one sign-in.',
        params: OperatorParams,
        response: { 201: SignInLink, ...errorAnswers(422) },
      }),
    },
    async (request, reply) => {
      const { name } = request.params;
      const { result } = await performOperatorAction(
        db,
        { actor: actorOf(request), action: 'operators.sign-in-link', target: name.toLowerCase() },
        false,
        async (tx) => {
          const link = await createSignInLink(tx, name, appUrl);
          return {
            result: link,
            effect: `made a sign-in link for ${link.name}, valid until ${link.expiresAt}`,
          };
        },
      );
      return reply.code(201).send(result);
    },
  );
};
