import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { codeFromWhatsAppUrl, jpegPhoto, uniquePhone, webFormData } from './fixtures';
import {
  killLeftoverProcesses,
  lastLine,
  makeTempDir,
  runProjectScript,
  startServerProcess,
  type ServerProcess,
} from './realServerProcess';

/**
 * The integrator's way in, against a real listening server: docs/api.md's registration curl as
 * printed, and the quick start (examples/quickStart.ts) on types openapi-typescript generates from
 * the served document, type-checked by tsc and run with openapi-fetch.
 */

jest.setTimeout(180_000);

const run = promisify(execFile);
const root = path.join(__dirname, '../..');
const bin = (name: string) => path.join(root, 'node_modules', '.bin', name);
const API_PAGE = fs.readFileSync(path.join(root, 'docs/api.md'), 'utf8');
const API_KEY = 'a-key-the-assistant-was-given-for-the-quick-start';

/** docs/api.md's registration command, continuation lines joined. */
function documentedRegistrationCommand(): string {
  const blocks = [...API_PAGE.matchAll(/```sh\n([\s\S]*?)```/g)].map((match) => match[1]!);
  const commands = blocks.flatMap((block) => block.replace(/\\\n\s*/g, '').split('\n'));
  const command = commands.find((line) => line.startsWith('curl ') && line.includes('/api/auth/register'));
  if (!command) throw new Error('docs/api.md prints no registration curl command');
  return command;
}

afterAll(() => killLeftoverProcesses());

describe("an integrator's tools against a real server", () => {
  const dataDir = makeTempDir('becca-quick-start');
  let server: ServerProcess;
  let photo: Buffer;
  const newInviteCode = async () =>
    lastLine(
      (await runProjectScript('server/cli/inviteCommand.ts', ['create'], { DATA_DIR: dataDir })).stdout,
    );
  beforeAll(async () => {
    server = await startServerProcess({ dataDir, env: { ASSISTANT_API_KEY: API_KEY } });
    photo = await jpegPhoto(120, 90);
  });
  afterAll(async () => {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  test("docs/api.md's registration curl registers as printed, form_data typed application/json", async () => {
    const command = documentedRegistrationCommand();
    expect(command).toContain("form_data=<registration.json;type=application/json'");
    const cwd = makeTempDir('becca-docs-register');
    fs.writeFileSync(path.join(cwd, 'registration.json'), JSON.stringify(webFormData(await newInviteCode())));
    fs.writeFileSync(path.join(cwd, 'photo.jpg'), photo);
    const { stdout } = await run('bash', ['-c', command.replaceAll('http://localhost:3000', server.url)], {
      cwd,
    });
    fs.rmSync(cwd, { recursive: true, force: true });
    const registered = JSON.parse(stdout) as { success: boolean; access_token: string };
    expect(registered.success).toBe(true);
    const me = await fetch(`${server.url}/api/me`, {
      headers: { authorization: `Bearer ${registered.access_token}` },
    });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ first_name: 'Ada', last_name: 'Lovelace' });
  });

  test('openapi-typescript generates types from the served document, and the quick start type-checks on them', async () => {
    const generated = path.join(root, 'examples/becca-api.d.ts');
    fs.rmSync(generated, { force: true });
    await run(bin('openapi-typescript'), [`${server.url}/api/openapi.json`, '-o', generated], { cwd: root });
    const types = fs.readFileSync(generated, 'utf8');
    expect(types).toContain('"/api/auth/register"');
    expect(types).toContain('registerMember');
    await run(bin('tsc'), ['-p', path.join(root, 'examples/tsconfig.json')], { cwd: root });
  });

  test('the quick start runs: code checked, waitlist joined, registered with a photo, /api/me read, linked, invites read', async () => {
    const folder = makeTempDir('becca-quick-start-photo');
    const photoFile = path.join(folder, 'me.jpg');
    fs.writeFileSync(photoFile, photo);
    const phone = uniquePhone();
    const { stdout } = await run(
      process.execPath,
      ['--import', 'tsx', path.join(root, 'examples/quickStart.ts')],
      {
        cwd: root,
        env: {
          ...process.env,
          BECCA_URL: server.url,
          INVITE_CODE: await newInviteCode(),
          PHOTO: photoFile,
          PHONE: phone,
          ASSISTANT_API_KEY: API_KEY,
        },
      },
    );
    fs.rmSync(folder, { recursive: true, force: true });
    const result = JSON.parse(stdout) as {
      check: { valid: boolean };
      waitlist: { success: boolean };
      registered: { user_id: string; whatsapp_url: string };
      me: { first_name: string; phone: string };
      linked: { status: string; member: { user_id: string } };
      invites: { codes: unknown[] } | unknown[];
    };
    expect(result.check.valid).toBe(true);
    expect(result.waitlist.success).toBe(true);
    expect(result.me).toMatchObject({ first_name: 'Ada', phone });
    expect(result.linked).toMatchObject({ status: 'linked', member: { user_id: result.registered.user_id } });
    expect(codeFromWhatsAppUrl(result.registered.whatsapp_url)).toMatch(/^[A-Z0-9]+$/);
    expect(JSON.stringify(result.invites)).toMatch(/"code"/);
    // Stored, as the assistant reads the member back.
    const member = await fetch(`${server.url}/api/assistant/members/${result.registered.user_id}`, {
      headers: { authorization: `Bearer ${API_KEY}` },
    });
    expect(await member.json()).toMatchObject({ user_id: result.registered.user_id, status: 'linked' });
  });
});
