import { PGlite, types } from '@electric-sql/pglite';
import { eq, sql } from 'drizzle-orm';
import { openEmbeddedDatabase, type Database } from '../../server/db/database';
import { inviteCodes } from '../../server/db/schema';

jest.setTimeout(120_000);

type QueryCall = [string, unknown[] | undefined, { parsers?: object; rowMode?: string } | undefined];

// Drizzle sends PGlite the same nine parsers with every query, and PGlite merges a query's parsers
// into its ~300 on every query that has some (server/db/database.ts): the embedded engine holds
// them once instead. What drizzle reads must not change.
describe('query parsers on the embedded database', () => {
  let database: Database;
  let queries: jest.SpyInstance;
  let transactions: jest.SpyInstance;
  /** What the transactions' own query() was given (PGlite's Transaction is not a PGlite). */
  const transactionQueries: QueryCall[] = [];

  beforeAll(async () => {
    database = await openEmbeddedDatabase(undefined);
    await database.migrate();
  });

  beforeEach(() => {
    queries = jest.spyOn(PGlite.prototype, 'query');
    const transaction = PGlite.prototype.transaction;
    transactions = jest.spyOn(PGlite.prototype, 'transaction').mockImplementation(function (
      this: PGlite,
      callback,
    ) {
      return transaction.call(this, (tx) => {
        const query = tx.query.bind(tx);
        tx.query = ((...call: QueryCall) => {
          transactionQueries.push(call);
          return query(...(call as Parameters<typeof query>));
        }) as typeof tx.query;
        return callback(tx);
      });
    });
  });

  afterEach(() => {
    queries.mockRestore();
    transactions.mockRestore();
    transactionQueries.length = 0;
  });

  afterAll(async () => {
    await database.close();
  });

  const sentParsers = () =>
    [...(queries.mock.calls as QueryCall[]), ...transactionQueries].map(([, , options]) => options?.parsers);

  test('drizzle queries, in and out of a transaction, reach PGlite without parsers of their own', async () => {
    const expiresAt = new Date('2031-02-03T04:05:06.789Z');
    await database.db.insert(inviteCodes).values({ code: 'PARSERS1', maxUses: 1, expiresAt });
    const inTransaction = await database.db.transaction(async (tx) => {
      const [row] = await tx.select().from(inviteCodes).where(eq(inviteCodes.code, 'PARSERS1'));
      return row;
    });
    const [outside] = await database.db.select().from(inviteCodes).where(eq(inviteCodes.code, 'PARSERS1'));

    expect(queries.mock.calls.length).toBeGreaterThanOrEqual(2);
    expect(transactionQueries.length).toBeGreaterThanOrEqual(1);
    expect(sentParsers().every((parsers) => parsers === undefined)).toBe(true);
    // Timestamps still reach drizzle as PostgreSQL's text, which it maps to the same Date.
    for (const row of [inTransaction, outside]) {
      expect(row!.expiresAt).toEqual(expiresAt);
      expect(row!.createdAt).toBeInstanceOf(Date);
    }
    const { rows } = (await database.db.execute(
      sql`select now() - interval '1 day' as day_before, interval '90 minutes' as span`,
    )) as unknown as { rows: { day_before: unknown; span: unknown }[] };
    expect(typeof rows[0]!.day_before).toBe('string');
    expect(rows[0]!.span).toBe('01:30:00');
  });

  test('a query with a parser of its own still gets it', async () => {
    const { rows } = await (database.db as unknown as { $client: PGlite }).$client.query<{ n: unknown }>(
      'select 41 as n',
      [],
      { parsers: { [types.INT4]: (value: string) => Number(value) + 1 } },
    );
    expect(rows[0]!.n).toBe(42);
    expect(sentParsers()[0]).toBeDefined();
  });
});
