/**
 * What an operator may do is decided by their role, and by this table alone: the admin API's guard
 * (server/routes/adminRoutes.ts) asks `mayDo` for the permission each route declares, the console
 * asks it to know which buttons to offer. A new role (a community's organiser, say) is one more row.
 */

export const operatorRoles = ['owner', 'operator', 'organiser'] as const;
export type OperatorRole = (typeof operatorRoles)[number];

/** What a route may need; most of the console's work is `run-network`. */
export type OperatorPermission =
  /** Invite codes, the waitlist, members, webhooks, the audit log, the overview. */
  | 'run-network'
  /** Add and remove operators, and change their roles. */
  | 'manage-operators'
  /** Make a sign-in link for another operator (anyone may make their own). */
  | 'sign-in-links-for-others';

export const rolePermissions: Readonly<Record<OperatorRole, readonly OperatorPermission[]>> = {
  owner: ['run-network', 'manage-operators', 'sign-in-links-for-others'],
  operator: ['run-network'],
  /** A community's organiser (issue 50): only their own community under /api/partner; every admin route is 404 to them. */
  organiser: [],
};

/**
 * The roles an operator account can be given by name (`operators add --role`, `operators role`): an
 * organiser is made by approving a community application, bound to that community.
 */
export const isAssignableRole = (role: OperatorRole): boolean => role !== 'organiser';
export const assignableRoles = operatorRoles.filter(isAssignableRole);
export const ORGANISER_ROLE_REFUSAL =
  'An organiser account is made by approving a community application: npm run communities -- approve ID.';

/** What each role is for, in the words the console and `operators list` use. */
export const roleDescriptions: Readonly<Record<OperatorRole, string>> = {
  owner: 'manages operators: adds, removes and promotes them, and makes sign-in links for them',
  operator: 'runs the network: codes, waitlist, members, webhooks and the audit log',
  organiser: 'runs one community partner’s event links in /partner, and sees its counts only',
};

export function mayDo(role: OperatorRole, permission: OperatorPermission): boolean {
  return rolePermissions[role].includes(permission);
}

export function isOperatorRole(value: unknown): value is OperatorRole {
  return (operatorRoles as readonly unknown[]).includes(value);
}

/** The sentence a refusal carries (403). */
export function refusalFor(role: OperatorRole, permission: OperatorPermission): string {
  const what: Record<OperatorPermission, string> = {
    'run-network': 'use the operator console',
    'manage-operators': 'add, remove or promote operators',
    'sign-in-links-for-others': 'make sign-in links for other operators',
  };
  return `An operator with the ${role} role may not ${what[permission]}; ask an owner.`;
}
