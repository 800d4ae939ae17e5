import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { codeFromWhatsAppUrl, webFormData } from './fixtures';
import {
  killLeftoverProcesses,
  makeTempDir,
  runProjectScript,
  startServerProcess,
  type ServerProcess,
} from './realServerProcess';

jest.setTimeout(120_000);

const run = promisify(execFile);
const API_PAGE = fs.readFileSync(path.join(__dirname, '../../docs/api.md'), 'utf8');
const API_KEY = 'a-key-the-assistant-was-given-for-this-test-0123456789';

/** Every `curl …` command of docs/api.md's sh blocks, continuation lines joined, comments dropped. */
function curlCommands(): string[] {
  const blocks = [...API_PAGE.matchAll(/```sh\n([\s\S]*?)```/g)].map((match) => match[1]!);
  return blocks
    .flatMap((block) => block.replace(/\\\n\s*/g, '').split('\n'))
    .filter((line) => line.startsWith('curl '))
    .map((line) => line.replace(/\s+#.*$/, ''));
}

/** Runs a documented command as printed, against the test server instead of localhost:3000. */
async function runAsPrinted(command: string, server: ServerProcess, cwd: string): Promise<string> {
  const { stdout } = await run('bash', ['-c', command.replaceAll('http://localhost:3000', server.url)], {
    cwd,
    env: { ...process.env, ASSISTANT_API_KEY: API_KEY },
  });
  return stdout;
}

afterAll(() => killLeftoverProcesses());

describe("docs/api.md's curl examples work as printed", () => {
  const dataDir = makeTempDir('becca-docs-curl');
  let server: ServerProcess;
  beforeAll(async () => {
    server = await startServerProcess({ dataDir, env: { ASSISTANT_API_KEY: API_KEY } });
  });
  afterAll(async () => {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  test('there are the ones docs/api.md shows: the API document, the registration and the assistant’s link', () => {
    // Each is run as printed: these two here, the registration in integratorQuickStart.test.ts. A new
    // curl example fails this line until a test runs it too.
    const paths = curlCommands().map((command) => /http:\/\/localhost:3000(\/[^\s'"]*)/.exec(command)?.[1]);
    expect(paths.sort()).toEqual(['/api/assistant/link', '/api/auth/register', '/api/openapi.json']);
  });

  test('the API document downloads as printed', async () => {
    const command = curlCommands().find((line) => line.includes('/api/openapi.json'))!;
    const cwd = makeTempDir('becca-docs-curl-out');
    await runAsPrinted(command, server, cwd);
    const document = JSON.parse(fs.readFileSync(path.join(cwd, 'openapi.json'), 'utf8')) as {
      openapi: string;
    };
    expect(document.openapi).toBe('3.1.0');
    fs.rmSync(cwd, { recursive: true, force: true });
  });

  test("the assistant's link call links the member who registered with the documented number", async () => {
    const command = curlCommands().find((line) => line.includes('/api/assistant/link'))!;
    const printed = /"linking_code": "([A-Z0-9]+)", "whatsapp_number": "(\+\d+)"/.exec(command);
    expect(printed).not.toBeNull();
    const [, printedCode, printedNumber] = printed!;

    const invite = await runProjectScript('server/cli/inviteCommand.ts', ['create'], { DATA_DIR: dataDir });
    const code = invite.stdout.trim().split('\n').pop()!;
    const form = new FormData();
    form.append('form_data', JSON.stringify(webFormData(code, { phone: printedNumber })));
    const photo = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#888' } })
      .jpeg()
      .toBuffer();
    form.append('photos', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'me.jpg');
    const registered = await fetch(`${server.url}/api/auth/register`, { method: 'POST', body: form });
    expect(registered.status).toBe(201);
    const { user_id: userId, whatsapp_url: whatsappUrl } = (await registered.json()) as {
      user_id: string;
      whatsapp_url: string;
    };
    // The one thing a reader changes: the linking code is their member's own.
    const answer = await runAsPrinted(
      command.replace(printedCode!, codeFromWhatsAppUrl(whatsappUrl)),
      server,
      dataDir,
    );
    expect(JSON.parse(answer)).toMatchObject({ status: 'linked', member: { user_id: userId } });
  });
});
