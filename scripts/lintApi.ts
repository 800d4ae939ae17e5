/**
 * `npm run lint:api`: the API documents as integrators' tools read them. Writes the two documents the
 * server serves (every optional route on): the public one (`/api/openapi.json`) and the admin API's
 * (`/api/admin/openapi.json`), to temporary files, then runs Redocly CLI (`recommended`, redocly.yaml)
 * and Spectral (`spectral:oas` + the OWASP API Security ruleset, .spectral.yaml) on each, with the same
 * rules. Fails when either reports an error on either document; warnings are printed as counts.
 *
 *   tsx scripts/lintApi.ts [document.json]   (a file given is linted as it is, nothing is built)
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openApiDocumentText, type ApiDocument } from './writeOpenApiDocument';

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

/** Both linters on one document; true when both passed. */
function lint(name: string, file: string): boolean {
  const redocly = run(`${name}: Redocly CLI, recommended (redocly.yaml)`, bin('redocly'), [
    'lint',
    '--config',
    path.join(root, 'redocly.yaml'),
    '--format',
    'summary',
    file,
  ]);
  const spectral = run(`${name}: Spectral, spectral:oas + OWASP (.spectral.yaml)`, bin('spectral'), [
    'lint',
    '--ruleset',
    path.join(root, '.spectral.yaml'),
    '--fail-severity',
    'error',
    '--display-only-failures',
    file,
  ]);
  console.log(
    `\nlint:api ${name}: Redocly ${redocly ? 'passed' : 'FAILED'}, Spectral ${spectral ? 'passed' : 'FAILED'}`,
  );
  return redocly && spectral;
}

const DOCUMENTS: Record<ApiDocument, string> = {
  public: '/api/openapi.json',
  admin: '/api/admin/openapi.json',
};

async function main(): Promise<number> {
  const given = process.argv[2];
  if (given) return lint(given, given) ? 0 : 1;
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'becca-lint-api-'));
  try {
    let passed = true;
    for (const [which, name] of Object.entries(DOCUMENTS) as [ApiDocument, string][]) {
      const file = path.join(folder, `${which}.json`);
      fs.writeFileSync(file, await openApiDocumentText(which));
      // Each is linted even when the first failed, so one run shows everything to fix.
      passed = lint(name, file) && passed;
    }
    return passed ? 0 : 1;
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
