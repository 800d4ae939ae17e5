import fs from 'node:fs';
import path from 'node:path';

/**
 * The README is a short guide and docs/ holds the rest: every page is reachable from the README and
 * leads back to it, every link between them lands on a file and a heading that exist, and the lists
 * the README and docs/operators.md give (npm scripts, operator commands) are the code's.
 */

const root = path.resolve(__dirname, '../..');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');

/** Every Markdown page of docs/, as a path from the repository root. */
const docsPages = fs
  .readdirSync(path.join(root, 'docs'), { recursive: true })
  .map(String)
  .filter((file) => file.endsWith('.md'))
  .map((file) => path.posix.join('docs', file.split(path.sep).join('/')))
  .sort();
const topLevelPages = docsPages.filter((file) => path.posix.dirname(file) === 'docs');

/** A page's text outside fenced code blocks, where links and headings are Markdown. */
function prose(markdown: string): string {
  return markdown.replace(/^```[\s\S]*?^```/gm, '');
}

/** Relative link targets of a page (`[text](target)`), web addresses and mail links left out. */
function relativeLinks(markdown: string): string[] {
  return [...prose(markdown).matchAll(/\]\(([^)\s]+)\)/g)]
    .map((match) => match[1]!)
    .filter((target) => !/^[a-z]+:/i.test(target));
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function anchors(markdown: string): Set<string> {
  return new Set([...prose(markdown).matchAll(/^#{1,6} (.+)$/gm)].map((match) => slug(match[1]!)));
}

test('there are topic pages to check', () => {
  expect(topLevelPages).toEqual(
    expect.arrayContaining(['docs/api.md', 'docs/configuration.md', 'docs/operators.md', 'docs/product.md']),
  );
});

/** The pages a page links to, as paths from the repository root. */
function linkedPages(page: string): Set<string> {
  return new Set(
    relativeLinks(read(page)).map((target) =>
      path.posix.normalize(path.posix.join(path.posix.dirname(page), target.split('#')[0]!)),
    ),
  );
}

test('the README links every topic page and the decision records, which link each record', () => {
  const fromReadme = linkedPages('README.md');
  expect([...topLevelPages, 'docs/decisions/README.md'].filter((page) => !fromReadme.has(page))).toEqual([]);
  const fromIndex = linkedPages('docs/decisions/README.md');
  const records = docsPages.filter(
    (page) => page.startsWith('docs/decisions/') && !page.endsWith('README.md'),
  );
  expect(records.length).toBeGreaterThan(0);
  expect(records.filter((page) => !fromIndex.has(page))).toEqual([]);
});

test('every topic page links back to the README', () => {
  const withoutWayBack = topLevelPages.filter(
    (page) => !relativeLinks(read(page)).some((target) => target.split('#')[0] === '../README.md'),
  );
  expect(withoutWayBack).toEqual([]);
});

test('every relative link of the README and docs/ lands on a file, and on a heading of it', () => {
  const broken: string[] = [];
  for (const page of ['README.md', ...docsPages]) {
    for (const target of relativeLinks(read(page))) {
      const [file, anchor] = target.split('#') as [string, string | undefined];
      const destination =
        file === '' ? page : path.posix.normalize(path.posix.join(path.posix.dirname(page), file));
      if (!fs.existsSync(path.join(root, destination))) broken.push(`${page}: ${target} (no such file)`);
      else if (anchor !== undefined && destination.endsWith('.md') && !anchors(read(destination)).has(anchor))
        broken.push(`${page}: ${target} (no such heading)`);
    }
  }
  expect(broken).toEqual([]);
});

test('the README stays a guide: at most 150 lines', () => {
  expect(read('README.md').split('\n').length).toBeLessThanOrEqual(150);
});

test("the README's npm scripts table lists exactly package.json's scripts", () => {
  const section = /^## npm scripts\n([\s\S]*?)(?=^## )/m.exec(read('README.md'))?.[1] ?? '';
  const documented = [...section.matchAll(/^\|\s*`([^`]+)`\s*\|/gm)].map((row) => row[1]!);
  const scripts = Object.keys((JSON.parse(read('package.json')) as { scripts: object }).scripts);
  expect(documented.length).toBeGreaterThan(10);
  expect([...documented].sort()).toEqual([...scripts].sort());
});

/** `script subcommand` for each `npm run [--silent] script -- subcommand` of a text. */
function commandsNamed(text: string, scripts: readonly string[]): Set<string> {
  const named = [...text.matchAll(/npm run (?:--silent )?([a-z:-]+) -- ([a-z][a-z-]*)/g)];
  return new Set(named.filter((m) => scripts.includes(m[1]!)).map((m) => `${m[1]} ${m[2]}`));
}

test("docs/operators.md's commands are the operator commands' own, as their usage prints them", () => {
  const packageScripts = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts;
  const operatorScripts = Object.entries(packageScripts)
    .map(([name, command]) => [name, /^tsx (server\/cli\/\w+Command\.ts)$/.exec(command)?.[1]] as const)
    .filter(([name, source]) => source !== undefined && name !== 'db');
  expect(operatorScripts.map(([name]) => name).sort()).toEqual(
    ['audit', 'communities', 'invite', 'members', 'nominations', 'operators', 'waitlist', 'webhooks'].sort(),
  );
  const names = operatorScripts.map(([name]) => name);
  const usage = new Set(operatorScripts.flatMap(([, source]) => [...commandsNamed(read(source!), names)]));

  const section = /^## The commands\n([\s\S]*?)(?=^## )/m.exec(read('docs/operators.md'))?.[1] ?? '';
  const block = /```sh\n([\s\S]*?)```/.exec(section)?.[1] ?? '';
  const documented = commandsNamed(block, names);
  expect(usage.size).toBeGreaterThan(15);
  expect([...documented].sort()).toEqual([...usage].sort());
});
