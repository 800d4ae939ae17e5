import type { Db } from '../db/database';
import { HttpError } from '../httpError';
import {
  addOperator,
  createSignInLink,
  listOperators,
  removeOperator,
  type OperatorView,
  type SignInLink,
} from './operatorAccounts';

/** The commands behind `npm run operators`: who may sign in to the admin API from a browser. */
export interface OperatorAccountCommands {
  addOperator(name: string): Promise<OperatorView>;
  listOperators(): Promise<OperatorView[]>;
  /** Ends every session of theirs at once; a refusal (404) when there is no such operator. */
  removeOperator(name: string): Promise<{ removed: true }>;
  /** A one-time link to APP_URL/admin/sign-in/<token>, valid 15 minutes. */
  createSignInLink(name: string): Promise<SignInLink>;
}

/** `appUrl` is where sign-in links point (the server's APP_URL). */
export function databaseOperatorAccountCommands(db: Db, appUrl: string): OperatorAccountCommands {
  return {
    addOperator: (name) => addOperator(db, name),
    listOperators: () => listOperators(db),
    removeOperator: async (name) => {
      if (!(await removeOperator(db, name))) throw new HttpError(404, `No operator ${name}.`);
      return { removed: true };
    },
    createSignInLink: (name) => createSignInLink(db, name, appUrl),
  };
}

type AdminRequest = <T>(method: string, path: string, body?: unknown) => Promise<T>;

const operatorPath = (name: string) => `/api/admin/operators/${encodeURIComponent(name)}`;

/** The same commands through a running server's admin routes (see operatorAdminRoutes). */
export function serverOperatorAccountCommands(request: AdminRequest): OperatorAccountCommands {
  return {
    addOperator: (name) => request('POST', '/api/admin/operators', { name }),
    listOperators: () => request('GET', '/api/admin/operators'),
    removeOperator: (name) => request('DELETE', operatorPath(name)),
    createSignInLink: (name) => request('POST', `${operatorPath(name)}/sign-in-links`, {}),
  };
}
