import fs from 'node:fs';
import { parse } from 'csv-parse/sync';
import { csv, csvCell, fields, table, text, visible } from '../../server/cli/operatorOutput';
import { openEmbeddedDatabase, openPostgresDatabase, type Database } from '../../server/db/database';
import { inviteCodes, networkEntries, users, waitlist } from '../../server/db/schema';
import {
  createFreshPostgresDatabase,
  killLeftoverProcesses,
  makeTempDir,
  runCli,
  type CliResult,
} from './realServerProcess';

// Every command is a real process (tsx start-up, and on the embedded engine a database start).
jest.setTimeout(180_000);

/** What must never reach the operator's terminal raw: controls, separators, bidi controls. */
const RAW_CONTROL = /[\p{Cc}\p{Zl}\p{Zp}\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u;

describe('visible', () => {
  test.each([
    ['a line feed', 'Spy\nstatus  onboarded', 'Spy\\nstatus  onboarded'],
    ['a carriage return and a tab', 'a\r\tb', 'a\\r\\tb'],
    ['an ESC sequence', 'x\x1b[2Jy', 'x\\x1b[2Jy'],
    ['a C1 control (CSI) and DEL', 'x\x9b2J\x7f', 'x\\x9b2J\\x7f'],
    ['line and paragraph separators', 'a\u2028b\u2029c', 'a\\u2028b\\u2029c'],
    [
      'bidi overrides, isolates and marks',
      '\u202Eevil\u2066x\u2069\u200F',
      '\\u202eevil\\u2066x\\u2069\\u200f',
    ],
    ['a backslash, so that typed "\\n" cannot pass for an escape', 'a\\nb', 'a\\\\nb'],
    ['a lone surrogate', 'a\ud800b', 'a\\ud800b'],
  ])('shows %s as a visible escape', (_what, raw, shown) => {
    expect(visible(raw)).toBe(shown);
    expect(visible(raw)).not.toMatch(RAW_CONTROL);
  });

  test('leaves letters, accents, emoji (joiners included) and other scripts as they are', () => {
    const text = 'Zoë Ørsted 👩‍👩‍👧 Иван محمد 山田';
    expect(visible(text)).toBe(text);
  });
});

describe('the printers escape every value they are given', () => {
  test('a text template escapes its values but not its own literal', () => {
    expect(text`Revoked ${'A\nB'}\nnext line`.text).toBe('Revoked A\\nB\nnext line');
  });

  test('a table keeps one line a row, whatever a cell holds', () => {
    const out = table(
      ['ID', 'NAME'],
      [
        ['1', 'Eve\u2028ID  Forged'],
        ['2', null],
      ],
    ).text;
    expect(out.split('\n')).toEqual(['ID  NAME', '1   Eve\\u2028ID  Forged', '2']);
  });

  test('fields keep one line a label', () => {
    const out = fields([
      ['occupation', 'Spy\nstatus  onboarded'],
      ['status', 'registered'],
    ]).text;
    expect(out.split('\n').filter((line) => line.startsWith('status'))).toEqual(['status      registered']);
  });
});

describe('CSV cells (RFC 4180 and formula-safe)', () => {
  test.each([
    ['plain text', 'Ada', 'Ada'],
    ['a comma', 'Ada, Countess', '"Ada, Countess"'],
    ['a semicolon', 'Smith; Jones', '"Smith; Jones"'],
    ['a quote, doubled', 'The "Analyst"', '"The ""Analyst"""'],
    ['a formula', '=HYPERLINK("http://x")', '"\'=HYPERLINK(""http://x"")"'],
    ['a plus, minus or at', '-2+3', "'-2+3"],
    ['an at sign', '@SUM(A1)', "'@SUM(A1)"],
    ['a formula after a semicolon', "Smith;=cmd|' /C calc'!A0", "\"Smith;'=cmd|' /C calc'!A0\""],
    ['a formula after a comma and a space', 'Ada, @x', '"Ada, \'@x"'],
    ['a phone number', '+447911123456', '+447911123456'],
    ['a line feed, escaped', 'a\nb', 'a\\nb'],
    ['a tab at the start, escaped', '\t=1', '\\t=1'],
    ['a number', 42, '42'],
    ['nothing', null, ''],
  ])('%s', (_what, value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  test('a CSV document parses back to the same cells with a strict RFC 4180 parser', () => {
    const rows = [
      ['Ada, Countess', 'The "Analyst"', 'Smith; Jones'],
      ['x', '', 'y'],
    ];
    expect(parse(csv(['a', 'b', 'c'], rows).text)).toEqual([['a', 'b', 'c'], ...rows]);
  });
});

/**
 * Rows as another tool (or an older server, before input was checked) might have stored them: every
 * field a person typed holds something that, printed raw, would forge a line, split a row, rewrite
 * the terminal or reverse the text.
 */
const FORGED = {
  label: 'Org\x1b]0;pwned\x07',
  firstName: 'Eve\u2028ID  Forged',
  lastName: '\u202Eevil\u202C',
  occupation: 'Spy\nstatus           onboarded',
  location: 'Lon\x1b[2Jdon',
  network: 'Club\x9b2J',
  waitlistName: 'Mallory\r\n2026-01-01 00:00  joined   +440000000000',
  formulaName: "Smith;=cmd|' /C calc'!A0",
};

async function storeForgedRows(database: Database): Promise<string> {
  await database.migrate();
  const { db } = database;
  await db.insert(inviteCodes).values({ code: 'FORGEDCODE', label: FORGED.label, maxUses: 5, uses: 1 });
  const [member] = await db
    .insert(users)
    .values({
      firstName: FORGED.firstName,
      lastName: FORGED.lastName,
      age: 30,
      location: FORGED.location,
      phone: '+447911100001',
      occupation: FORGED.occupation,
      interests: ['=1+1', 'Chess'],
      inviteCode: 'FORGEDCODE',
      linkingCode: 'FORGEDLINK',
    })
    .returning({ id: users.id });
  await db.insert(networkEntries).values({
    userId: member!.id,
    kind: 'group',
    name: FORGED.network,
    location: 'Leeds',
    x: 0,
    y: 0,
    position: 0,
  });
  await db.insert(waitlist).values([
    { phone: '+447911100002', name: FORGED.waitlistName },
    { phone: '+447911100003', name: FORGED.formulaName },
  ]);
  await database.close();
  return member!.id;
}

function expectNothingRaw(result: CliResult) {
  expect(result).toMatchObject({ code: 0, stderr: '' });
  for (const line of result.stdout.split('\n')) expect(line).not.toMatch(RAW_CONTROL);
}

const engines = [
  {
    name: 'the embedded database',
    async prepare() {
      const dataDir = makeTempDir('becca-output');
      const userId = await storeForgedRows(await openEmbeddedDatabase(dataDir));
      return {
        env: { DATA_DIR: dataDir },
        userId,
        cleanup: () => fs.rmSync(dataDir, { recursive: true, force: true }),
      };
    },
  },
  ...(process.env.TEST_DATABASE_URL
    ? [
        {
          name: 'PostgreSQL',
          async prepare() {
            const fresh = await createFreshPostgresDatabase(process.env.TEST_DATABASE_URL!);
            const userId = await storeForgedRows(await openPostgresDatabase(fresh.url));
            const dataDir = makeTempDir('becca-output');
            return {
              env: { DATA_DIR: dataDir, DATABASE_URL: fresh.url },
              userId,
              cleanup: async () => {
                fs.rmSync(dataDir, { recursive: true, force: true });
                await fresh.drop();
              },
            };
          },
        },
      ]
    : []),
];

afterAll(() => killLeftoverProcesses());

describe.each(engines)('forged stored text in every command on $name', ({ prepare }) => {
  let env: NodeJS.ProcessEnv;
  let userId: string;
  let cleanup: () => Promise<void> | void;
  beforeAll(async () => {
    ({ env, userId, cleanup } = await prepare());
  });
  afterAll(async () => {
    await cleanup();
  });

  test('members show: a line feed in the occupation forges no status line', async () => {
    const shown = await runCli('members', ['show', userId], env);
    expectNothingRaw(shown);
    const lines = shown.stdout.trimEnd().split('\n');
    expect(lines.filter((line) => /^status\b/.test(line))).toEqual([
      expect.stringMatching(/^status\s+registered$/),
    ]);
    expect(lines).toContainEqual(expect.stringMatching(/^occupation\s+Spy\\nstatus {11}onboarded$/));
    expect(lines).toContainEqual(expect.stringMatching(/^name\s+Eve\\u2028ID {2}Forged \\u202eevil\\u202c$/));
    expect(lines).toContainEqual(expect.stringMatching(/^location\s+Lon\\x1b\[2Jdon$/));
    expect(lines).toContainEqual(expect.stringMatching(/^who I know\s+Club\\x9b2J \(group, Leeds\)$/));
  });

  test('members list: U+2028 in a name splits no row', async () => {
    const listed = await runCli('members', ['list'], env);
    expectNothingRaw(listed);
    const [header, ...rows] = listed.stdout.trimEnd().split('\n');
    expect(header).toMatch(/^ID\s+NAME\s+PHONE\s+STATUS/);
    expect(rows).toEqual([
      expect.stringMatching(new RegExp(`^${userId}\\s+Eve\\\\u2028ID  Forged \\\\u202eevil`)),
    ]);
  });

  test('invite tree and invite list: a label with an OSC sequence and a member name stay on their lines', async () => {
    const tree = await runCli('invite', ['tree'], env);
    expectNothingRaw(tree);
    expect(tree.stdout.trimEnd().split('\n')).toEqual([
      'FORGEDCODE  Org\\x1b]0;pwned\\x07  1/5 uses',
      expect.stringMatching(
        new RegExp(`^└─ Eve\\\\u2028ID  Forged \\(${userId}\\) registered \\d{4}-\\d\\d-\\d\\d$`),
      ),
    ]);
    const listed = await runCli('invite', ['list'], env);
    expectNothingRaw(listed);
    expect(listed.stdout.trimEnd().split('\n')).toEqual([
      expect.stringMatching(/^CODE\s+LABEL/),
      expect.stringMatching(/^FORGEDCODE\s+Org\\x1b\]0;pwned\\x07\s+1\/5\s+never\s+valid$/),
    ]);
  });

  test('waitlist list: CR LF in a name forges no entry', async () => {
    const listed = await runCli('waitlist', ['list'], env);
    expectNothingRaw(listed);
    expect(listed.stdout.trimEnd().split('\n')).toEqual([
      expect.stringMatching(
        / {2}\+44 7911 ••• 002 {2}Mallory\\r\\n2026-01-01 00:00 {2}joined {3}\+440000000000$/,
      ),
      expect.stringMatching(/ {2}\+44 7911 ••• 003 {2}Smith;=cmd\|' \/C calc'!A0$/),
    ]);
  });

  test('members export and waitlist export: one row a record, no formula cell with , or ; as separator', async () => {
    const members = await runCli('members', ['export'], env);
    const waiting = await runCli('waitlist', ['export'], env);
    for (const exported of [members, waiting]) {
      expectNothingRaw(exported);
      // A spreadsheet in a locale whose list separator is `;` splits there and honours no mid-line quote.
      for (const delimiter of [',', ';']) {
        const cells = (
          parse(exported.stdout, { delimiter, relax_quotes: true, relax_column_count: true }) as string[][]
        ).flat();
        // A phone number is data; split at `;`, a line may start with one followed by its `,` cells.
        for (const cell of cells) expect(cell).not.toMatch(/^(?!\+\d+(,|$))[=+\-@\t\r]/);
      }
    }
    const [memberHeader, ...memberRows] = parse(members.stdout) as string[][];
    expect(memberRows).toHaveLength(1);
    const member = Object.fromEntries(memberHeader!.map((column, i) => [column, memberRows[0]![i]]));
    expect(member).toMatchObject({
      first_name: 'Eve\\u2028ID  Forged',
      occupation: 'Spy\\nstatus           onboarded',
      interests: "'=1+1; Chess",
      who_i_know: 'Club\\x9b2J (group, Leeds)',
    });
    expect(parse(waiting.stdout)).toEqual([
      ['phone', 'email', 'name', 'joined_at'],
      ['+447911100002', '', 'Mallory\\r\\n2026-01-01 00:00  joined   +440000000000', expect.any(String)],
      ['+447911100003', '', "Smith;'=cmd|' /C calc'!A0", expect.any(String)],
    ]);
  });
});
