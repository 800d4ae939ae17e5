import { eq, sql } from 'drizzle-orm';
import { openEmbeddedDatabase, type Database } from '../../server/db/database';
import { inviteCodes } from '../../server/db/schema';

jest.setTimeout(120_000);

// Drizzle maps dates, times and intervals itself from PostgreSQL's text, and hands PGlite the parsers
// that keep them as text with every query: what the embedded engine reads must be what PostgreSQL's
// driver reads, in and out of a transaction.
describe('dates and intervals on the embedded database', () => {
  let database: Database;

  beforeAll(async () => {
    database = await openEmbeddedDatabase(undefined);
    await database.migrate();
  });

  afterAll(async () => {
    await database.close();
  });

  test('timestamps come back as the same Date, in and out of a transaction; raw SQL keeps the text', async () => {
    const expiresAt = new Date('2031-02-03T04:05:06.789Z');
    await database.db.insert(inviteCodes).values({ code: 'PARSERS1', maxUses: 1, expiresAt });
    const inTransaction = await database.db.transaction(async (tx) => {
      const [row] = await tx.select().from(inviteCodes).where(eq(inviteCodes.code, 'PARSERS1'));
      return row;
    });
    const [outside] = await database.db.select().from(inviteCodes).where(eq(inviteCodes.code, 'PARSERS1'));

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
});
