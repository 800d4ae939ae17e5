import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { expect, test } from '@playwright/test';
import { makePhoto } from './registrationDriver';
import { everyRoute, walkJoinStates } from './joinStates';
import { untilAtRest } from './pageAtRest';
import { openApp, startRealServer, type RunningServer } from './realServer';

/** The Nu Html Checker (vnu-jar from npm), run by the Java on the machine (.ci/run installs one if missing). */
const vnuJar = createRequire(__filename)('vnu-jar') as string;

interface VnuMessage {
  type: 'error' | 'info' | 'non-document-error';
  subType?: string;
  url?: string;
  message: string;
  extract?: string;
  lastLine?: number;
}

/** Checks HTML files in one run of the checker; its JSON report comes on stderr. */
function runVnu(files: string[]): Promise<VnuMessage[]> {
  return new Promise((resolve, reject) => {
    execFile(
      'java',
      ['-jar', vnuJar, '--format', 'json', '--exit-zero-always', ...files],
      { maxBuffer: 64 * 1024 * 1024 },
      (error, _stdout, stderr) => {
        if (error) reject(new Error(`vnu did not run: ${error.message}\n${stderr}`));
        else resolve((JSON.parse(stderr) as { messages: VnuMessage[] }).messages);
      },
    );
  });
}

let server: RunningServer;
let photoPath: string;
let pagesDir: string;
test.beforeAll(async () => {
  server = await startRealServer();
  photoPath = await makePhoto();
  pagesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'becca-vnu-'));
});
test.afterAll(async () => {
  await server.stopAndDelete();
  fs.rmSync(path.dirname(photoPath), { recursive: true, force: true });
  fs.rmSync(pagesDir, { recursive: true, force: true });
});

test('the Nu Html Checker finds no error in the built pages, as sent and after JavaScript', async ({
  page,
}, testInfo) => {
  test.setTimeout(300_000);
  // As sent: the prerendered pages and the shell of the app-only routes, straight from dist/.
  const webRoot = path.resolve('dist');
  const files = [
    path.join(webRoot, 'index.html'),
    ...fs
      .readdirSync(path.join(webRoot, 'prerendered'))
      .filter((name) => name.endsWith('.html'))
      .map((name) => path.join(webRoot, 'prerendered', name)),
  ];
  const names = new Map(files.map((file) => [file, `dist/${path.relative(webRoot, file)}`]));

  // After JavaScript: the document as the browser holds it, on every route and in every state of /join.
  const saveDom = async (name: string) => {
    // At rest: mid-animation frames write numbers such as `opacity: 4.5e-7`, which the checker's
    // CSS parser does not read (CSS allows them), and which no one sees for longer than a frame.
    await untilAtRest(page);
    const file = path.join(pagesDir, `${testInfo.project.name}-${names.size}.html`);
    fs.writeFileSync(file, await page.content());
    files.push(file);
    names.set(file, name);
  };
  for (const route of everyRoute) {
    await openApp(page, `${server.url}${route}`);
    await saveDom(route);
  }
  await walkJoinStates(page, server, {
    projectName: testInfo.project.name,
    photoPath,
    visit: (state) => saveDom(`/join: ${state}`),
  });

  const errors = (await runVnu(files))
    .filter((message) => message.type !== 'info')
    .map((message) => {
      const file = message.url ? decodeURIComponent(new URL(message.url).pathname) : '';
      return `${names.get(file) ?? file}:${message.lastLine ?? '?'}: ${message.message}`;
    });
  testInfo.annotations.push({ type: 'vnu errors', description: String(errors.length) });
  console.log(`vnu (${testInfo.project.name}): ${errors.length} errors in ${files.length} documents`);
  expect(errors).toEqual([]);
});
