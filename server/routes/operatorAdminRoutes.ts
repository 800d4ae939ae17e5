import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import {
  AddOperator,
  ChangeOperatorRole,
  OperatorList,
  OperatorParams,
  OperatorRemoved,
  OperatorRoleChanged,
  OperatorView,
  SignInLink,
} from '../../src/domain/contracts/adminOperators';
import { errorAnswers } from '../../src/domain/contracts/errors';
import { operatorName, OPERATOR_NAME_RULE } from '../../src/domain/operatorName';
import { isAssignableRole, ORGANISER_ROLE_REFUSAL, type OperatorRole } from '../../src/domain/operatorRoles';
import { performOperatorAction } from './operatorAction';
import { actorOf } from '../admin/operatorActor';
import { HttpError } from '../httpError';
import {
  addOperator,
  createSignInLink,
  listOperators,
  removeOperator,
  setOperatorRole,
} from '../operator/operatorAccounts';
import { adminPaths } from '../../src/domain/contracts/adminPaths';
import { adminAccess, adminOperation } from './adminOperation';
import type { AdminRouteOptions } from './adminRoutes';

const namedInPath = (request: FastifyRequest) => (request.params as { name: string }).name.toLowerCase();
const namedInBody = (request: FastifyRequest) => (request.body as { name: string }).name.toLowerCase();

/** The name as stored, or 422 with the rule it breaks. */
function validName(typed: string): string {
  const name = operatorName(typed);
  if (!name) throw new HttpError(422, OPERATOR_NAME_RULE);
  return name;
}

/** An organiser's account is made by approving a community, never by naming the role: 422. */
function refuseOrganiserRole(role: OperatorRole | undefined): void {
  if (role && !isAssignableRole(role)) throw new HttpError(422, ORGANISER_ROLE_REFUSAL);
}

/**
 * `npm run operators`: who may sign in to the console, and with which role. Adding, removing,
 * changing a role and links are audited, and only an owner (or the command line) may do them for
 * someone else; anyone signed in may make a link for themself.
 */
export const operatorAdminRoutes: FastifyPluginAsyncTypebox<AdminRouteOptions> = async (
  app,
  { database: { db }, appUrl },
) => {
  app.get(
    adminPaths.listOperators.path,
    {
      schema: adminOperation({
        summary: 'List operators',
        operationId: 'listOperators',
        description:
          'Who may sign in to the console, their role, when each was last seen, and their live sessions.',
        response: { 200: OperatorList },
      }),
    },
    async () => listOperators(db),
  );

  app.post(
    adminPaths.createOperator.path,
    {
      schema: adminOperation({
        summary: 'Add an operator',
        operationId: 'createOperator',
        description:
          'Or reinstate a removed one; they sign in with a link from `operators sign-in-link`. Owners only.',
        body: AddOperator,
        response: { 201: OperatorView, ...errorAnswers(409, 422) },
      }),
      config: adminAccess({ permission: 'manage-operators', action: 'operators.add', target: namedInBody }),
    },
    async (request, reply) => {
      const name = validName(request.body.name);
      refuseOrganiserRole(request.body.role);
      const { result } = await performOperatorAction(
        db,
        { actor: actorOf(request), action: 'operators.add', target: request.body.name.toLowerCase() },
        false,
        async (tx) => {
          const added = await addOperator(tx, name, request.body.role);
          if (!added) throw new HttpError(409, `There is already an operator ${name}.`);
          return { result: added, effect: `added operator ${added.name} (${added.role})` };
        },
      );
      return reply.code(201).send(result);
    },
  );

  app.put(
    adminPaths.setOperatorRole.path,
    {
      schema: adminOperation({
        summary: 'Change an operator’s role',
        operationId: 'setOperatorRole',
        description: 'Make an operator an owner, or an owner an operator. Owners only.',
        params: OperatorParams,
        body: ChangeOperatorRole,
        response: { 200: OperatorRoleChanged, ...errorAnswers(422) },
      }),
      config: adminAccess({ permission: 'manage-operators', action: 'operators.role', target: namedInPath }),
    },
    async (request) => {
      const name = validName(request.params.name);
      const { role } = request.body;
      refuseOrganiserRole(role);
      const { effect } = await performOperatorAction(
        db,
        { actor: actorOf(request), action: 'operators.role', target: name },
        false,
        async (tx) => {
          const change = await setOperatorRole(tx, name, role);
          if (change.outcome === 'unknown') throw new HttpError(404, `No operator ${name}.`);
          if (change.outcome === 'organiser') throw new HttpError(422, ORGANISER_ROLE_REFUSAL);
          return {
            result: change.before,
            effect: `made ${name} ${role === 'owner' ? 'an owner' : 'an operator'} (was ${change.before})`,
          };
        },
      );
      return { name, role, effect };
    },
  );

  app.delete(
    adminPaths.removeOperator.path,
    {
      schema: adminOperation({
        summary: 'Remove an operator',
        operationId: 'removeOperator',
        description: 'Ends their sessions at once; their links stop working. Owners only.',
        params: OperatorParams,
        response: { 200: OperatorRemoved, ...errorAnswers(422) },
      }),
      config: adminAccess({
        permission: 'manage-operators',
        action: 'operators.remove',
        target: namedInPath,
      }),
    },
    async (request) => {
      const { name } = request.params;
      const stored = validName(name);
      await performOperatorAction(
        db,
        { actor: actorOf(request), action: 'operators.remove', target: stored },
        false,
        async (tx) => {
          if (!(await removeOperator(tx, stored))) throw new HttpError(404, `No operator ${name}.`);
          return { result: true, effect: `removed operator ${stored} and ended their sessions` };
        },
      );
      return { removed: true as const };
    },
  );

  app.post(
    adminPaths.createSignInLink.path,
    {
      schema: adminOperation({
        summary: 'A one-time sign-in link',
        operationId: 'createSignInLink',
        description:
          'APP_URL/admin/sign-in/<token>, valid 15 minutes, for one sign-in. An operator may make one for themself; only an owner for someone else.',
        params: OperatorParams,
        response: { 201: SignInLink, ...errorAnswers(422) },
      }),
      config: adminAccess({
        permission: (request) =>
          namedInPath(request) === actorOf(request).name ? 'run-network' : 'sign-in-links-for-others',
        action: 'operators.sign-in-link',
        target: namedInPath,
      }),
    },
    async (request, reply) => {
      const name = validName(request.params.name);
      const actor = actorOf(request);
      const { result } = await performOperatorAction(
        db,
        { actor, action: 'operators.sign-in-link', target: name },
        false,
        async (tx) => {
          const link = await createSignInLink(tx, name, appUrl, actor);
          if (!link) throw new HttpError(404, `No operator ${name}.`);
          return {
            result: link,
            effect: `made a sign-in link for ${link.name}, valid until ${link.expires_at}`,
          };
        },
      );
      return reply.code(201).send(result);
    },
  );
};
