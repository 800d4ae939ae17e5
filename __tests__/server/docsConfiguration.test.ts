import fs from 'node:fs';
import path from 'node:path';
import { Environment } from '../../server/config';

const projectRoot = path.resolve(__dirname, '../..');

/** The rows of the table in docs/configuration.md's "## Environment variables": variable → its Default cell. */
function configurationTable(): Map<string, string> {
  const page = fs.readFileSync(path.join(projectRoot, 'docs/configuration.md'), 'utf8');
  const section = /^## Environment variables\n([\s\S]*?)(?=^## |(?![\s\S]))/m.exec(page)?.[1] ?? '';
  const rows = section.matchAll(/^\|\s*`([A-Z][A-Z0-9_]*)`\s*\|([^|]*)\|/gm);
  return new Map([...rows].map((row) => [row[1]!, row[2]!.trim()]));
}

const documented = configurationTable();
const declared = Object.entries(Environment.properties) as [string, { default?: unknown }][];

test('docs/configuration.md has a configuration table to check against', () => {
  expect(documented.size).toBeGreaterThan(10);
  expect(declared.length).toBeGreaterThan(10);
});

test('every variable of the settings schema is a row of the configuration table', () => {
  expect(declared.map(([name]) => name).filter((name) => !documented.has(name))).toEqual([]);
});

test('every row of the table is a variable of the settings schema', () => {
  const names = new Set(declared.map(([name]) => name));
  expect([...documented.keys()].filter((name) => !names.has(name))).toEqual([]);
});

test('a variable with a default shows that default in the table', () => {
  const withDefaults = declared.filter(([, schema]) => schema.default !== undefined);
  expect(withDefaults.length).toBeGreaterThan(10);
  for (const [name, schema] of withDefaults) {
    expect({ name, cell: documented.get(name)?.split(' ')[0] }).toEqual({
      name,
      cell: `\`${schema.default}\``,
    });
  }
});

test('nothing under server/ reads the environment but the settings', () => {
  const readers = fs
    .readdirSync(path.join(projectRoot, 'server'), { recursive: true })
    .map(String)
    .filter((file) => file.endsWith('.ts') && file !== 'config.ts')
    .filter((file) =>
      /\bprocess\.env\b/.test(fs.readFileSync(path.join(projectRoot, 'server', file), 'utf8')),
    );
  expect(readers).toEqual([]);
});
