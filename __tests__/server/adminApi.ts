import { randomBytes } from 'node:crypto';
import type { AuditQuery } from '../../src/domain/contracts/adminAudit';
import type { WaitlistInvite } from '../../src/domain/contracts/adminWaitlist';
import { AdminRefusal, injectClient, whoRunsThis } from '../../server/admin/adminClient';
import { CLI_ACTOR_HEADER } from '../../server/admin/operatorActor';
import type { TestServer } from './testServer';

/** A fresh admin token for a test server (startTestServer's `adminToken`). */
export const newAdminToken = () => randomBytes(32).toString('base64url');

/**
 * The admin API of a test server, called as the CLI calls it in process (injectClient, its methods
 * named by operationId): every operator action in these tests goes through the one implementation,
 * the routes. `call` is the tests' own raw request, for inputs no typed client would send; it throws
 * AdminRefusal for anything but 2xx, as the client does.
 */
export function adminApi(server: TestServer, adminToken: string) {
  const client = injectClient(server.app, adminToken);
  const call = async <T = unknown>(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    body?: unknown,
  ): Promise<T> => {
    const response = await server.app.inject({
      method,
      url,
      headers: {
        authorization: `Bearer ${adminToken}`,
        host: 'localhost',
        [CLI_ACTOR_HEADER]: whoRunsThis(),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      payload: body === undefined ? undefined : JSON.stringify(body),
    });
    if (response.statusCode >= 300) {
      throw new AdminRefusal(response.statusCode, response.json<{ detail: string }>().detail);
    }
    return response.json<T>();
  };
  return {
    client,
    call,
    revokeCodes: (codes: string[], change: { reason?: string; dry_run?: boolean } = {}) =>
      client.revokeInviteCodes({ body: { codes, ...change } }),
    grant: (userId: string, count: number) =>
      client.grantMemberInvites({ params: { user_id: userId }, body: { count } }),
    tree: () => client.getInviteTree(),
    revokeBranch: (userId: string, change: { reason?: string; dry_run?: boolean } = {}) =>
      client.revokeInviteBranch({ params: { user_id: userId }, body: change }),
    waitlist: () => client.listWaitlist({ query: {} }),
    inviteFromWaitlist: async (target: WaitlistInvite) =>
      (await client.inviteFromWaitlist({ body: target })).invitations,
    audit: (query: AuditQuery = {}) => client.listAuditEntries({ query }),
  };
}
export type AdminApi = ReturnType<typeof adminApi>;
