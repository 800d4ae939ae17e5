import type { Database, Db } from '../db/database';
import { eraseMember } from '../members/memberErasure';
import { purgeNominations, purgeWaitlist, type PurgeOptions, type PurgeResult } from '../privacy/retention';

/** The operator's privacy commands: retention purges and erasing a member on request. */
export interface PrivacyOperatorCommands {
  purgeWaitlist(options: PurgeOptions): Promise<PurgeResult>;
  purgeNominations(options: PurgeOptions): Promise<PurgeResult>;
  deleteMember(id: string): Promise<{ deleted: boolean }>;
}

export function databasePrivacyCommands(
  db: Db,
  forgetDeletedRows?: Database['forgetDeletedRows'],
): PrivacyOperatorCommands {
  return {
    purgeWaitlist: (options) => purgeWaitlist(db, options),
    purgeNominations: (options) => purgeNominations(db, options),
    deleteMember: async (id) => ({ deleted: await eraseMember(db, id, forgetDeletedRows) }),
  };
}

type AdminRequest = <T>(method: string, path: string, body?: unknown) => Promise<T>;

/** The same commands through a running server's loopback admin routes (see privacyAdminRoutes). */
export function serverPrivacyCommands(request: AdminRequest): PrivacyOperatorCommands {
  return {
    purgeWaitlist: (options) => request('POST', '/api/admin/waitlist/purge', options),
    purgeNominations: (options) => request('POST', '/api/admin/nominations/purge', options),
    deleteMember: (id) => request('DELETE', `/api/admin/members/${encodeURIComponent(id)}`),
  };
}
