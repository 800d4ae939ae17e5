import fs from 'node:fs';
import {
  countOutputLines,
  killLeftoverProcesses,
  makeTempDir,
  runProjectScript,
  startServerProcess,
  waitFor,
  type ServerProcess,
} from './realServerProcess';

// Every command is a real process (tsx start-up), against a real server on the embedded engine.
jest.setTimeout(120_000);

const APP_URL = 'https://becca.test';
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

let dataDir: string;
let server: ServerProcess;
const env = () => ({ DATA_DIR: dataDir, APP_URL });
const communities = (args: string[]) => runProjectScript('server/cli/communitiesCommand.ts', args, env());

beforeAll(async () => {
  dataDir = makeTempDir('becca-communities-cli');
  server = await startServerProcess({ dataDir, env: env() });
  await waitFor('the start-up message', () => countOutputLines(server, 'Becca is running') === 1);
});
afterAll(async () => {
  await server?.stop();
  killLeftoverProcesses();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** npm run communities -- list-communities | suspend (issue 50), through the running server. */
test('list-communities shows each community’s figures; suspend stops it, once', async () => {
  expect(await communities(['list-communities'])).toMatchObject({
    code: 0,
    stdout: 'No community yet: approve an application first.\n',
  });
  const applied = await fetch(`${server.url}/api/community-applications`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      organiser_name: 'Ada Lovelace',
      community_name: 'Hackney Founders Breakfast',
      about: 'A monthly breakfast for people building companies in east London.',
      city: 'London',
      expected_size: 40,
      contact_phone: '07911 160010',
    }),
  });
  expect(applied.status).toBe(202);
  const listed = await communities(['list']);
  const id = /^(\d+)\s+\S+ \S+\s+pending\s+Hackney Founders Breakfast/m.exec(listed.stdout)![1]!;
  const approved = await communities(['approve', id, '--quota', '5']);
  expect(approved.code).toBe(0);
  const community = new RegExp(`^Community (${UUID}), organiser ada-lovelace-${id}\\.`).exec(
    approved.stderr,
  )![1]!;

  const rows = await communities(['list-communities']);
  expect(rows.code).toBe(0);
  expect(rows.stdout).toMatch(
    /^COMMUNITY ID\s+MADE\s+STATUS\s+COMMUNITY\s+ORGANISER\s+QUOTA\s+LEFT\s+LIVE LINKS\s+CHECKED\s+REGISTERED\s+LINKED\s+ONBOARDED\n/,
  );
  expect(rows.stdout).toMatch(
    new RegExp(
      `^${community}\\s+\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d\\s+active\\s+Hackney Founders Breakfast\\s+ada-lovelace-${id}\\s+5\\s+5\\s+0\\s+0\\s+0\\s+0\\s+0$`,
      'm',
    ),
  );
  expect(rows.stdout).not.toContain('160010');

  const noReason = await communities(['suspend', community]);
  expect(noReason.code).toBe(1);
  expect(noReason.stderr).toMatch(/^suspend needs --reason TEXT\.\nUsage:/);
  const noId = await communities(['suspend', '--reason', 'Spam']);
  expect(noId.stderr).toMatch(/^suspend needs one COMMUNITY_ID\.\nUsage:/);
  expect((await communities(['list-communities', 'extra'])).code).toBe(1);

  expect(
    await communities(['suspend', community, '--reason', 'Links shared on a public forum']),
  ).toMatchObject({
    code: 0,
    stdout: 'Suspended community Hackney Founders Breakfast: 0 live links stopped, 0 sessions ended.\n',
    stderr: '',
  });
  const again = await communities(['suspend', community, '--reason', 'Again']);
  expect(again.code).toBe(1);
  expect(again.stderr).toMatch(/^Community Hackney Founders Breakfast was suspended already, on \d{4}-/);
  expect((await communities(['list-communities'])).stdout).toMatch(
    new RegExp(`^${community}\\s+\\S+ \\S+\\s+suspended \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d\\s+Hackney`, 'm'),
  );
  const unknown = await communities(['suspend', '0b8c7f5e-3f0e-4d55-9d55-1f6c2d1b7a10', '--reason', 'x']);
  expect(unknown).toMatchObject({ code: 1, stderr: 'No community 0b8c7f5e-3f0e-4d55-9d55-1f6c2d1b7a10.\n' });
});
