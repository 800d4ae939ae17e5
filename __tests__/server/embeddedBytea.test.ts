import { sql } from 'drizzle-orm';
import { openEmbeddedDatabase, type Database } from '../../server/db/database';

jest.setTimeout(120_000);

// Photos reach PGlite as binary parameters (server/db/database.ts), not as hex text: every byte
// value must come back as it went in, the ones text would have to escape included.
describe('bytea on the embedded database', () => {
  let database: Database;

  beforeAll(async () => {
    database = await openEmbeddedDatabase(undefined);
  });

  afterAll(async () => {
    await database.close();
  });

  test('every byte value, NUL and backslash included, comes back unchanged', async () => {
    const bytes = Buffer.from(Array.from({ length: 4 * 256 }, (_, index) => index % 256));
    const { rows } = (await database.db.execute(
      sql`select ${bytes}::bytea = decode(${bytes.toString('hex')}, 'hex') as same, length(${bytes}::bytea) as length`,
    )) as unknown as { rows: { same: boolean; length: number }[] };
    expect(rows[0]).toEqual({ same: true, length: bytes.length });
  });

  test('a view into a larger buffer sends only its own bytes', async () => {
    const whole = Buffer.from('xx\\x00photo-bytes\0yy');
    const view = whole.subarray(2, whole.length - 2);
    const { rows } = (await database.db.execute(
      sql`select encode(${view}::bytea, 'hex') as hex`,
    )) as unknown as {
      rows: { hex: string }[];
    };
    expect(rows[0]!.hex).toBe(view.toString('hex'));
  });
});
