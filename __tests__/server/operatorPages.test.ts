import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { crossSiteSignInPage, refusedLinkPage, signInPage } from '../../server/web/operatorPages';

jest.setTimeout(120_000);

/** The Nu Html Checker (vnu-jar from npm), run by the Java on the machine (.ci/run installs one if missing). */
const vnuJar = createRequire(__filename)('vnu-jar') as string;

interface VnuMessage {
  type: string;
  url?: string;
  message: string;
}

function runVnu(files: string[]): Promise<VnuMessage[]> {
  return new Promise((resolve, reject) => {
    execFile(
      'java',
      ['-jar', vnuJar, '--format', 'json', '--exit-zero-always', ...files],
      { maxBuffer: 16 * 1024 * 1024 },
      (error, _stdout, stderr) => {
        if (error) reject(new Error(`vnu did not run: ${error.message}\n${stderr}`));
        else resolve((JSON.parse(stderr) as { messages: VnuMessage[] }).messages);
      },
    );
  });
}

test('every operator page is valid HTML (Nu Html Checker), runs no script, and escapes what it names', async () => {
  const pages = {
    'sign-in': signInPage('alice'),
    used: refusedLinkPage('used'),
    expired: refusedLinkPage('expired'),
    unknown: refusedLinkPage('unknown'),
    'cross-site': crossSiteSignInPage(),
  };
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'becca-operator-pages-'));
  try {
    const files = Object.entries(pages).map(([name, page]) => {
      expect(page.html).not.toMatch(/<script/i);
      expect(page.contentSecurityPolicy).toContain("script-src 'self';");
      const file = path.join(dir, `${name}.html`);
      fs.writeFileSync(file, page.html);
      return file;
    });
    const errors = (await runVnu(files)).filter((message) => message.type !== 'info');
    expect(errors).toEqual([]);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  // Names follow a rule with nothing to escape; the pages escape anyway.
  expect(signInPage('<img src=x>').html).toContain('Sign in as &lt;img src=x&gt;');
});
