import { adminPaths, adminUrl, type AdminOperationId } from '../../src/domain/contracts/adminPaths';
import type { AdminClient } from '../../server/admin/adminClient';
import { fetchAdminDocument, type OpenApiDocument } from './openApiContract';
import { engines, startTestServer, type TestServer } from './testServer';

/**
 * `adminPaths` is where each admin path is written: the routes register at it, the CLI's client and
 * the console call it. This holds the table to what the server serves, and a wrong call to the compiler.
 */
const ADMIN_TOKEN = 'an-admin-token-for-the-admin-paths-test';
const pglite = engines.find((engine) => engine.name === 'pglite')!;

/**
 * Operations of the admin document that no client of ours calls through the table: the document
 * itself, the console's own session, and the organiser's area under /api/partner (its own page).
 */
const NOT_IN_TABLE = new Set(['getAdminOpenApiDocument', 'getOperatorSession', 'signOutOperator']);

describe('adminPaths', () => {
  let server: TestServer;
  let document: OpenApiDocument;
  beforeAll(async () => {
    server = await startTestServer(pglite, {}, { adminToken: ADMIN_TOKEN });
    document = await fetchAdminDocument(server.app, ADMIN_TOKEN);
  });
  afterAll(() => server.close());

  test('the document holds the organiser’s routes beside the admin ones, and nothing else', () => {
    const prefixes = new Set(
      Object.keys(document.paths).map((path) => path.split('/').slice(0, 3).join('/')),
    );
    expect([...prefixes].sort()).toEqual(['/api/admin', '/api/partner']);
  });

  test('every admin operation the server serves is in the table, at its method and path, and nothing else is', () => {
    const served: Record<string, { method: string; path: string }> = {};
    for (const [path, item] of Object.entries(document.paths)) {
      if (!path.startsWith('/api/admin/')) continue;
      for (const [method, operation] of Object.entries(item as Record<string, { operationId?: string }>)) {
        const id = operation.operationId;
        if (id && !NOT_IN_TABLE.has(id))
          served[id] = { method: method.toUpperCase(), path: path.replace(/\{(\w+)\}/g, ':$1') };
      }
    }
    expect(served).toEqual(
      Object.fromEntries(Object.entries(adminPaths).map(([id, { method, path }]) => [id, { method, path }])),
    );
  });

  test('adminUrl fills and encodes the path parameters and leaves out the filters that are not set', () => {
    expect(adminUrl('grantMemberInvites', { params: { user_id: 'a/b c' } })).toBe(
      '/api/admin/members/a%2Fb%20c/invite-grants',
    );
    expect(adminUrl('listInviteCodes', { query: { label: 'London meetup', status: undefined } })).toBe(
      '/api/admin/invite-codes?label=London+meetup',
    );
    expect(adminUrl('listInviteCodes', { query: { label: '' } })).toBe('/api/admin/invite-codes');
    expect(() => adminUrl('getMember', {})).toThrow('getMember needs the path parameter id');
  });

  test('a wrong call does not type-check (tsc checks the lines below)', () => {
    const unused = (client: AdminClient) => [
      // @ts-expect-error a path parameter is missing
      client.grantMemberInvites({ body: { count: 1 } }),
      // @ts-expect-error the body of another operation
      client.createInviteCodes({ body: { older_than_days: 30 } }),
      // @ts-expect-error the old camelCase name
      client.purgeWaitlist({ body: { olderThanDays: 30 } }),
      // @ts-expect-error no such operation
      client.listInviteCode({ query: {} }),
    ];
    const ids: AdminOperationId[] = ['listInviteCodes', 'getMember'];
    expect(typeof unused).toBe('function');
    expect(ids.every((id) => id in adminPaths)).toBe(true);
  });
});
