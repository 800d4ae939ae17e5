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
const README = fs.readFileSync(path.join(__dirname, '../../README.md'), 'utf8');
const API_KEY = 'a-key-the-assistant-was-given-for-this-test-0123456789';

/** Every `curl …` command of the README's sh blocks, continuation lines joined, comments dropped. */
function readmeCurlCommands(): string[] {
  const blocks = [...README.matchAll(/```sh\n([\s\S]*?)```/g)].map((match) => match[1]!);
  return blocks
    .flatMap((block) => block.replace(/\\\n\s*/g, '').split('\n'))
    .filter((line) => line.startsWith('curl '))
    .map((line) => line.replace(/\s+#.*$/, ''));
}

/** Runs a README command as printed, against the test server instead of localhost:3000. */
async function runAsPrinted(command: string, server: ServerProcess, cwd: string): Promise<string> {
  const { stdout } = await run('bash', ['-c', command.replaceAll('http://localhost:3000', server.url)], {
    cwd,
    env: { ...process.env, ASSISTANT_API_KEY: API_KEY },
  });
  return stdout;
}

afterAll(() => killLeftoverProcesses());

describe("the README's curl examples work as printed", () => {
  const dataDir = makeTempDir('becca-readme-curl');
  let server: ServerProcess;
  beforeAll(async () => {
    server = await startServerProcess({ dataDir, env: { ASSISTANT_API_KEY: API_KEY } });
  });
  afterAll(async () => {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  test('there are the two the README shows: the API document and the assistant’s link', () => {
    const commands = readmeCurlCommands();
    expect(commands.some((command) => command.includes('/api/openapi.json'))).toBe(true);
    expect(commands.some((command) => command.includes('/api/assistant/link'))).toBe(true);
  });

  test('the API document downloads as printed', async () => {
    const command = readmeCurlCommands().find((line) => line.includes('/api/openapi.json'))!;
    const cwd = makeTempDir('becca-readme-curl-out');
    await runAsPrinted(command, server, cwd);
    const document = JSON.parse(fs.readFileSync(path.join(cwd, 'openapi.json'), 'utf8')) as {
      openapi: string;
    };
    expect(document.openapi).toBe('3.1.0');
    fs.rmSync(cwd, { recursive: true, force: true });
  });

  test("the assistant's link call links the member who registered with the README's number", async () => {
    const command = readmeCurlCommands().find((line) => line.includes('/api/assistant/link'))!;
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
