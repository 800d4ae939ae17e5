/**
 * `npm run lint:api`: the API document as integrators' tools read it. Writes the document the server
 * serves (every optional route on) to a temporary file, then runs Redocly CLI (`recommended`,
 * redocly.yaml) and Spectral (`spectral:oas` + the OWASP API Security ruleset, .spectral.yaml) on it.
 * Fails when either reports an error; warnings are printed as counts.
 *
 *   tsx scripts/lintApi.ts [document.json]   (a file given is linted as it is, nothing is built)
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openApiDocumentText } from './writeOpenApiDocument';

const root = path.join(__dirname, '..');
const bin = (name: string) => path.join(root, 'node_modules', '.bin', name);

/** Runs a linter with its output shown; true when it passed. */
function run(title: string, command: string, args: string[]): boolean {
  console.log(`\n== ${title}`);
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: 'inherit',
    // No telemetry, no update checks: the linters run offline and say nothing about this project.
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
  });
  return result.status === 0;
}

async function main(): Promise<number> {
  const given = process.argv[2];
  const folder = given ? undefined : fs.mkdtempSync(path.join(os.tmpdir(), 'becca-lint-api-'));
  const file = given ?? path.join(folder!, 'openapi.json');
  try {
    if (!given) fs.writeFileSync(file, await openApiDocumentText());
    const redocly = run('Redocly CLI, recommended (redocly.yaml)', bin('redocly'), [
      'lint',
      '--config',
      path.join(root, 'redocly.yaml'),
      '--format',
      'summary',
      file,
    ]);
    const spectral = run('Spectral, spectral:oas + OWASP (.spectral.yaml)', bin('spectral'), [
      'lint',
      '--ruleset',
      path.join(root, '.spectral.yaml'),
      '--fail-severity',
      'error',
      '--display-only-failures',
      file,
    ]);
    console.log(
      `\nlint:api: Redocly ${redocly ? 'passed' : 'FAILED'}, Spectral ${spectral ? 'passed' : 'FAILED'}`,
    );
    return redocly && spectral ? 0 : 1;
  } finally {
    if (folder) fs.rmSync(folder, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
