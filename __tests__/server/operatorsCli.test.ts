import fs from 'node:fs';
import { operatorSessionCookieName } from '../../server/operator/operatorSessionCookie';
import { OPERATOR_NAME_RULE } from '../../src/domain/operatorName';
import {
  countOutputLines,
  createFreshPostgresDatabase,
  killLeftoverProcesses,
  makeTempDir,
  runProjectScript,
  startServerProcess,
  waitFor,
  type ServerProcess,
} from './realServerProcess';

// Every command is a real process (tsx start-up, and on the embedded engine a database start).
jest.setTimeout(120_000);

const APP_URL = 'https://becca.test';
const LINK = /^https:\/\/becca\.test\/admin\/sign-in\/([A-Za-z0-9_-]{43})\n$/;

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  killLeftoverProcesses();
  for (const cleanup of cleanups.reverse()) await cleanup();
});

function newDataDir(): string {
  const dataDir = makeTempDir('becca-operators');
  cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  return dataDir;
}

const operators = (args: string[], env: NodeJS.ProcessEnv) =>
  runProjectScript('server/cli/operatorsCommand.ts', args, { APP_URL, ...env });

/** Opens a link on the server and presses its button, as the operator's browser does. */
async function signInThrough(server: ServerProcess, token: string): Promise<string> {
  const url = `${server.url}/admin/sign-in/${token}`;
  const page = await fetch(url);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('Sign in as alice');
  const pressed = await fetch(url, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
    body: '',
  });
  expect(pressed.status).toBe(303);
  const cookie = new RegExp(`^${operatorSessionCookieName(APP_URL)}=([A-Za-z0-9_-]{43});`).exec(
    pressed.headers.get('set-cookie') ?? '',
  );
  expect(cookie).not.toBeNull();
  return cookie![1]!;
}

const withSession = (server: ServerProcess, path: string, session: string) =>
  fetch(`${server.url}${path}`, { headers: { cookie: `${operatorSessionCookieName(APP_URL)}=${session}` } });

interface Setting {
  name: string;
  /** The commands' environment, and the server's when there is one. */
  env: () => Promise<NodeJS.ProcessEnv>;
  withServer: boolean;
}

const settings: Setting[] = [
  {
    name: 'an embedded DATA_DIR with no server running',
    env: async () => ({ DATA_DIR: newDataDir() }),
    withServer: false,
  },
  {
    name: 'a running server that owns the embedded DATA_DIR',
    env: async () => ({ DATA_DIR: newDataDir() }),
    withServer: true,
  },
  ...(process.env.TEST_DATABASE_URL
    ? [
        {
          name: 'PostgreSQL (DATABASE_URL), a server running on it',
          env: async () => {
            const database = await createFreshPostgresDatabase(process.env.TEST_DATABASE_URL!);
            cleanups.push(() => database.drop());
            return { DATA_DIR: newDataDir(), DATABASE_URL: database.url };
          },
          withServer: true,
        },
      ]
    : []),
];

describe.each(settings)('npm run operators on $name', ({ env: makeEnv, withServer }) => {
  let env: NodeJS.ProcessEnv;
  let server: ServerProcess | undefined;
  let linkToken: string;
  beforeAll(async () => {
    env = await makeEnv();
    if (withServer) {
      // At info level the server logs each request's path: the log must not show a link's token.
      server = await startServerProcess({
        dataDir: env.DATA_DIR!,
        env: { ...env, APP_URL, LOG_LEVEL: 'info' },
      });
      await waitFor('the start-up message', () => countOutputLines(server!, 'Becca is running') === 1);
    }
  });
  afterAll(async () => {
    await server?.stop();
  });

  test('add prints the name as stored; a second add of it, or a bad name, is refused with exit code 1', async () => {
    const added = await operators(['add', 'Alice'], env);
    expect(added).toMatchObject({ code: 0, stderr: '' });
    expect(added.stdout).toMatch(/^Added operator alice \(owner\)\. /);
    const again = await operators(['add', 'alice'], env);
    expect(again).toMatchObject({ code: 1, stdout: '', stderr: 'There is already an operator alice.\n' });
    const bad = await operators(['add', 'cli:root@host'], env);
    expect(bad).toMatchObject({ code: 1, stdout: '', stderr: `${OPERATOR_NAME_RULE}\n` });
    expect((await operators(['add'], env)).stderr).toMatch(/^add needs one operator name\.\nUsage:/);
  });

  test('sign-in-link prints the one-time link alone on stdout', async () => {
    const minted = await operators(['sign-in-link', 'alice'], env);
    expect(minted.code).toBe(0);
    expect(minted.stdout).toMatch(LINK);
    expect(minted.stderr).toMatch(
      /^A one-time sign-in link for alice, valid until \d{4}-\d\d-\d\d \d\d:\d\d UTC/,
    );
    linkToken = LINK.exec(minted.stdout)![1]!;
    const unknown = await operators(['sign-in-link', 'nobody'], env);
    expect(unknown).toMatchObject({ code: 1, stdout: '', stderr: 'No operator nobody.\n' });
  });

  test('list shows the operators in columns', async () => {
    const listed = await operators(['list'], env);
    expect(listed.code).toBe(0);
    expect(listed.stdout).toMatch(
      /^NAME\s+ROLE\s+ADDED\s+LAST SEEN\s+SESSIONS\nalice\s+owner\s+\d{4}-\d\d-\d\d \d\d:\d\d\s+-\s+0\n$/,
    );
  });

  if (withServer) {
    test('the link signs a browser in on the server; the session reaches the admin API; the log shows no token', async () => {
      const session = await signInThrough(server!, linkToken);
      expect((await withSession(server!, '/api/admin/session', session)).status).toBe(200);
      expect((await withSession(server!, '/api/admin/waitlist', session)).status).toBe(200);
      const listed = await operators(['list'], env);
      expect(listed.stdout).toMatch(/^alice\s+owner\s+\S+ \S+\s+\d{4}-\d\d-\d\d \d\d:\d\d\s+1$/m);

      await waitFor('the sign-in request in the log', () =>
        server!.stdout().includes('"path":"/admin/sign-in/:token"'),
      );
      expect(server!.output()).not.toContain(linkToken);
      expect(server!.output()).not.toContain(session);

      // remove ends the session on the running server at once.
      expect((await operators(['remove', 'alice'], env)).code).toBe(0);
      expect((await withSession(server!, '/api/admin/session', session)).status).toBe(401);
      expect((await withSession(server!, '/api/admin/waitlist', session)).status).toBe(404);
      expect((await operators(['add', 'alice'], env)).code).toBe(0);
    });
  }

  test('add --role and role set an operator’s role; a role that is not one is refused', async () => {
    const added = await operators(['add', 'bob', '--role', 'owner'], env);
    expect(added).toMatchObject({ code: 0, stderr: '' });
    expect(added.stdout).toMatch(/^Added operator bob \(owner\)\. /);
    expect(await operators(['role', 'bob', 'operator'], env)).toMatchObject({
      code: 0,
      stdout: 'Made bob an operator (was owner).\n',
    });
    const bad = await operators(['role', 'bob', 'boss'], env);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/^A role is owner or operator, got "boss"\.\nUsage:/);
    expect((await operators(['list'], env)).stdout).toMatch(/^bob\s+operator\s/m);
    expect((await operators(['remove', 'bob'], env)).code).toBe(0);
  });

  test('remove takes the operator away; removing an unknown one is refused', async () => {
    const removed = await operators(['remove', 'ALICE'], env);
    expect(removed).toMatchObject({ code: 0, stderr: '' });
    expect(removed.stdout).toMatch(/^Removed operator alice: /);
    expect(await operators(['remove', 'alice'], env)).toMatchObject({
      code: 1,
      stderr: 'No operator alice.\n',
    });
    expect((await operators(['list'], env)).stdout).toBe(
      'No operators yet. Add one with: npm run operators -- add NAME\n',
    );
  });
});

test('list, remove and sign-in-link create no database where there is none; an unknown command is refused', async () => {
  const dataDir = makeTempDir('becca-operators-none');
  fs.rmSync(dataDir, { recursive: true });
  const env = { DATA_DIR: dataDir };
  expect(await operators(['list'], env)).toMatchObject({ code: 0, stdout: '' });
  expect((await operators(['sign-in-link', 'alice'], env)).code).toBe(1);
  expect(fs.existsSync(dataDir)).toBe(false);
  const unknown = await operators(['promote', 'alice'], env);
  expect(unknown.code).toBe(1);
  expect(unknown.stderr).toMatch(/^Unknown command "promote"\.\nUsage:/);
});
