import fs from 'node:fs';
import path from 'node:path';

const projectRoot = path.resolve(__dirname, '../..');

/** Source files under a folder of the project, recursively. */
function sourceFiles(folder: string): string[] {
  return fs
    .readdirSync(path.join(projectRoot, folder), { recursive: true })
    .map(String)
    .filter((file) => /\.(ts|tsx|js|cjs|mjs)$/.test(file))
    .map((file) => path.join(projectRoot, folder, file));
}

/**
 * Every environment variable the code names: `process.env.X`, `env.X` and `env['X']` (settings are
 * read from an `env` parameter), and helpers called as `someSetting(env, 'X', …)`.
 */
function variablesReadIn(files: string[]): Set<string> {
  const patterns = [
    /\benv\.([A-Z][A-Z0-9_]*)\b/g,
    /\benv\[\s*['"`]([A-Z][A-Z0-9_]*)['"`]\s*\]/g,
    /\(\s*env\s*,\s*['"`]([A-Z][A-Z0-9_]*)['"`]/g,
  ];
  const names = new Set<string>();
  for (const file of files) {
    const source = fs.readFileSync(file, 'utf8');
    for (const pattern of patterns) for (const match of source.matchAll(pattern)) names.add(match[1]!);
  }
  return names;
}

/** The backticked names in the first column of the tables in the README's "## Configuration" section. */
function configurationTable(): Set<string> {
  const readme = fs.readFileSync(path.join(projectRoot, 'README.md'), 'utf8');
  const section = /^## Configuration\n([\s\S]*?)(?=^## )/m.exec(readme)?.[1] ?? '';
  const names = [...section.matchAll(/^\|\s*`([A-Z][A-Z0-9_]*)`\s*\|/gm)].map((match) => match[1]!);
  return new Set(names);
}

const serverReads = variablesReadIn(sourceFiles('server'));
const documented = configurationTable();

test('the README has a configuration table to check against', () => {
  expect(documented.size).toBeGreaterThan(10);
  expect(serverReads.size).toBeGreaterThan(10);
});

test('every environment variable the server reads is in the README configuration table', () => {
  expect([...serverReads].filter((name) => !documented.has(name)).sort()).toEqual([]);
});

test('every variable in the configuration table is read by the server or its start-up scripts', () => {
  const read = new Set([...serverReads, ...variablesReadIn(sourceFiles('scripts'))]);
  expect([...documented].filter((name) => !read.has(name)).sort()).toEqual([]);
});
