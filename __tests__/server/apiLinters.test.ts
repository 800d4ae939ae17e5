import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { openApiDocumentText } from '../../scripts/writeOpenApiDocument';
import { makeTempDir } from './realServerProcess';

/**
 * `npm run lint:api` holds both documents (`/api/openapi.json`, `/api/admin/openapi.json`) in the tools
 * integrators use: Redocly CLI (`recommended`, 0 errors) and Spectral (`spectral:oas` + OWASP, 0 errors; the rules turned off for answers, and why,
 * are in .spectral.yaml). Run here so that `npm test` holds it too.
 */

jest.setTimeout(180_000);

const run = promisify(execFile);
const root = path.join(__dirname, '../..');

interface LintRun {
  code: number;
  output: string;
}

async function lintApi(file?: string): Promise<LintRun> {
  const args = ['--import', 'tsx', path.join(root, 'scripts/lintApi.ts'), ...(file ? [file] : [])];
  try {
    const { stdout, stderr } = await run(process.execPath, args, { cwd: root, maxBuffer: 64 * 1024 * 1024 });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
}

describe('npm run lint:api', () => {
  test("the server's two documents, public and admin, pass Redocly recommended and Spectral with OWASP, 0 errors", async () => {
    const { code, output } = await lintApi();
    expect(output).toContain('lint:api /api/openapi.json: Redocly passed, Spectral passed');
    expect(output).toContain('lint:api /api/admin/openapi.json: Redocly passed, Spectral passed');
    expect(output.match(/Your API description is valid/g)).toHaveLength(2);
    expect(output.match(/No results with a severity of 'error' found!/g)).toHaveLength(2);
    expect(code).toBe(0);
  });

  test('a document that leaves an input unbounded or a public write undeclared fails, naming the rules', async () => {
    const document = JSON.parse(await openApiDocumentText()) as {
      paths: Record<string, Record<string, Record<string, unknown>>>;
    };
    const optOut = document.paths['/api/opt-out']!.post!;
    const body = optOut.requestBody as {
      content: { 'application/json': { schema: { properties: { phone: { maxLength?: number } } } } };
    };
    delete body.content['application/json'].schema.properties.phone.maxLength;
    delete document.paths['/api/waitlist/join']!.post!.security;
    const folder = makeTempDir('becca-lint-api-broken');
    const file = path.join(folder, 'openapi.json');
    fs.writeFileSync(file, JSON.stringify(document));
    const { code, output } = await lintApi(file);
    fs.rmSync(folder, { recursive: true, force: true });
    expect(code).not.toBe(0);
    expect(output).toContain(`lint:api ${file}: Redocly FAILED, Spectral FAILED`);
    expect(output).toContain('security-defined');
    expect(output).toContain('request-string-limit');
  });
});
