import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isServerBuildStale, isWebBuildStale } from '../../scripts/buildIfStale.cjs';

let project: string;
const webRoot = () => path.join(project, 'dist');
const write = (relative: string, when: Date) => {
  const file = path.join(project, relative);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, relative);
  // A folder's own time counts too (a deleted source changes it): date the new folders alike.
  for (let entry = file; entry !== project; entry = path.dirname(entry)) fs.utimesSync(entry, when, when);
};

beforeEach(() => {
  project = fs.mkdtempSync(path.join(os.tmpdir(), 'becca-webbuild-'));
});
afterEach(() => fs.rmSync(project, { recursive: true, force: true }));

const earlier = new Date('2026-01-01T10:00:00Z');
const later = new Date('2026-01-01T11:00:00Z');

test('with no build yet, the web app must be built', () => {
  write('src/main.tsx', earlier);
  expect(isWebBuildStale(project, webRoot())).toBe(true);
});

test('a build newer than every source is kept', () => {
  write('src/pages/HomePage.tsx', earlier);
  write('static/fonts/inter.woff2', earlier);
  write('dist/index.html', later);
  expect(isWebBuildStale(project, webRoot())).toBe(false);
});

test.each([
  'src/features/demo/PhoneDemo.tsx',
  'static/videos/intro.mp4',
  'webpack.config.ts',
  'scripts/prerender.tsx',
])('a change to %s after the build means building again', (source) => {
  write('dist/index.html', earlier);
  write(source, later);
  expect(isWebBuildStale(project, webRoot())).toBe(true);
});

test('a compiled server newer than every server source is kept', () => {
  write('server/main.ts', earlier);
  write('src/domain/limits.ts', earlier);
  write('build/server/main.js', later);
  expect(isServerBuildStale(project)).toBe(false);
});

test.each(['server/routes/healthRoutes.ts', 'src/domain/limits.ts', 'scripts/buildServer.cjs'])(
  'a change to %s after compiling means compiling the server again',
  (source) => {
    write('build/server/main.js', earlier);
    write(source, later);
    expect(isServerBuildStale(project)).toBe(true);
  },
);

test('with no compiled server yet, the server must be compiled', () => {
  write('server/main.ts', earlier);
  expect(isServerBuildStale(project)).toBe(true);
});
