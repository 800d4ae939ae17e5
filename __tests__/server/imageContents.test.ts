import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { RUN_FROM_NODE_MODULES } from '../../scripts/buildServer.cjs';
import { chmod } from './fileModes';
import { compiledServerEntry, createFreshPostgresDatabase, freePort, makeTempDir } from './realServerProcess';
import { makeWebRoot } from './testServer';

/**
 * No container engine runs here, so the Dockerfile is not built: this test builds what its final
 * stage would hold, following its COPY lines, and runs its CMD, ENV and HEALTHCHECK as a user who
 * owns nothing but DATA_DIR. One `npm ci --omit=dev` per run, the slow part (half a minute to minutes).
 */
jest.setTimeout(600_000);

const projectRoot = path.resolve(__dirname, '../..');
const dockerfile = fs.readFileSync(path.join(projectRoot, 'Dockerfile'), 'utf8').replace(/\\\n\s*/g, '');
const finalStage = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));
const instructions = (name: string) =>
  finalStage
    .split('\n')
    .filter((line) => line.startsWith(`${name} `))
    .map((line) => line.slice(name.length + 1).trim());

/** `ENV A=1 B=2` lines of the final stage. */
const imageEnv = Object.fromEntries(
  instructions('ENV').flatMap((line) =>
    line.split(/\s+/).map((pair) => pair.split('=', 2) as [string, string]),
  ),
);
const imageCommand = JSON.parse(instructions('CMD')[0]!) as string[];
const healthCommand = JSON.parse(/CMD (\[.*\])$/.exec(instructions('HEALTHCHECK')[0]!)![1]!) as string[];

// The image's user: not root, owns nothing of the image. Here `nobody` when the tests run as root.
const runAsNobody = process.getuid?.() === 0;
const user = runAsNobody ? { uid: 65534, gid: 65534 } : {};

/** A folder of our run that the image's user must be able to enter (mkdtemp makes them 0700). */
function letOthersEnter(folder: string): void {
  const runFolder = os.tmpdir();
  for (let dir = folder; dir.startsWith(runFolder); dir = path.dirname(dir)) {
    chmod('go+x', dir);
    if (dir === runFolder) break;
  }
}

/**
 * The modes an image build gives what it copies: the build stages run as root with umask 022, and
 * a checkout's files are 0644 or 0755. (This process may have a stricter umask, and mkdtemp's
 * folders are 0700.) Then no write bit for anyone: the image's user owns none of it anyway.
 * `a=rX`: folders and executables 0555, other files 0444; links are left alone.
 */
function imageModes(target: string): void {
  chmod('-R', 'a=rX', target);
}

/** Writable again by its owner, so that the run's temporary folder can be deleted. */
function makeWritable(target: string): void {
  chmod('-R', 'u+w', target);
}

/** What the Dockerfile's final stage copies, made here: one COPY line at a time. */
function buildImageFolder(image: string, productionPackages: string): void {
  const builtOutput = (relative: string): string => {
    if (relative === 'build/server') return path.join(projectRoot, path.dirname(compiledServerEntry()));
    // The web build is the end-to-end tier's; here, a stand-in page in its place.
    if (relative === 'dist') return makeWebRoot();
    throw new Error(`The Dockerfile copies ${relative} from its build stage: teach this test how to make it`);
  };
  for (const line of instructions('COPY')) {
    const parts = line.split(/\s+/);
    const from = parts[0]!.startsWith('--from=') ? parts.shift()!.slice('--from='.length) : undefined;
    const destination = parts.pop()!;
    for (const source of parts) {
      const target = destination.endsWith('/')
        ? path.join(image, destination, path.basename(source))
        : path.join(image, destination);
      const origin =
        from === 'production-packages'
          ? path.join(productionPackages, path.relative('/app', source))
          : from === 'build'
            ? builtOutput(path.relative('/src', source))
            : path.join(projectRoot, source);
      if (from && !['production-packages', 'build'].includes(from)) throw new Error(`Unknown stage ${from}`);
      fs.cpSync(origin, target, { recursive: true, verbatimSymlinks: true });
    }
  }
}

interface Running {
  url: string;
  port: number;
  child: ChildProcess;
  output(): string;
  stop(): Promise<number | null>;
}

async function runImage(image: string, env: Record<string, string>): Promise<Running> {
  const port = await freePort();
  const [program, ...args] = imageCommand;
  expect(program).toBe('node');
  let output = '';
  const child = spawn(process.execPath, args, {
    cwd: image,
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      ...imageEnv,
      PORT: String(port),
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    ...user,
  });
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  for (let attempt = 0; ; attempt += 1) {
    if (child.exitCode !== null)
      throw new Error(`The image's command exited (${child.exitCode}):\n${output}`);
    if (
      await fetch(`${url}/health`).then(
        (answer) => answer.ok,
        () => false,
      )
    )
      break;
    if (attempt > 600) {
      child.kill('SIGKILL');
      throw new Error(`The image's command never answered /health:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    port,
    child,
    output: () => output,
    stop: () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}

function healthcheck(image: string, port: number): number | null {
  const [program, ...args] = healthCommand;
  expect(program).toBe('node');
  return spawnSync(process.execPath, args, { cwd: image, env: { ...imageEnv, PORT: String(port) }, ...user })
    .status;
}

function uidOf(pid: number): number {
  const line = fs
    .readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((one) => one.startsWith('Uid:'));
  return Number(line!.split(/\s+/)[1]);
}

/** A folder the image's user owns, as a volume or tmpfs is. */
function ownedByImageUser(prefix: string): string {
  const folder = makeTempDir(prefix);
  letOthersEnter(folder);
  if (runAsNobody) fs.chownSync(folder, 65534, 65534);
  chmod('700', folder);
  return folder;
}

const databases = [
  { name: 'the embedded database', open: async () => ({ env: {}, drop: async () => {} }) },
  ...(process.env.TEST_DATABASE_URL
    ? [
        {
          name: 'PostgreSQL',
          open: async () => {
            const database = await createFreshPostgresDatabase(process.env.TEST_DATABASE_URL!);
            return { env: { DATABASE_URL: database.url }, drop: database.drop };
          },
        },
      ]
    : []),
];

describe('the container image’s contents, built as the Dockerfile says, run as its non-root user', () => {
  const image = makeTempDir('becca-image');
  const running: Running[] = [];

  beforeAll(() => {
    const productionPackages = makeTempDir('becca-image-packages');
    for (const file of ['package.json', 'package-lock.json']) {
      fs.copyFileSync(path.join(projectRoot, file), path.join(productionPackages, file));
    }
    execFileSync(
      'npm',
      ['ci', '--omit=dev', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error'],
      {
        cwd: productionPackages,
        stdio: 'ignore',
      },
    );
    buildImageFolder(image, productionPackages);
    imageModes(image);
    letOthersEnter(image);
  });

  afterAll(async () => {
    await Promise.all(running.map((one) => one.stop()));
    makeWritable(image);
  });

  test('holds production packages only, and every package the compiled server requires at run time', () => {
    const lock = JSON.parse(fs.readFileSync(path.join(projectRoot, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, { dev?: boolean }>;
    };
    const devOnly = Object.entries(lock.packages)
      .filter(([where, entry]) => where && entry.dev)
      .map(([where]) => where);
    expect(devOnly.length).toBeGreaterThan(100);
    expect(devOnly.filter((where) => fs.existsSync(path.join(image, where)))).toEqual([]);
    const locked = RUN_FROM_NODE_MODULES.filter((name) => lock.packages[`node_modules/${name}`]);
    expect(locked).toEqual(expect.arrayContaining(['@electric-sql/pglite', 'sharp', 'pg', 'ioredis']));
    for (const name of locked) {
      expect(require.resolve(name, { paths: [path.join(image, 'build/server')] })).toContain(image);
    }
    expect(fs.existsSync(path.join(image, 'build/server/main.js'))).toBe(true);
    // Links (node_modules/.bin) point inside the image, as they do in a container.
    const links = fs
      .readdirSync(image, { recursive: true })
      .map((entry) => path.join(image, String(entry)))
      .filter((entry) => fs.lstatSync(entry).isSymbolicLink());
    expect(links.length).toBeGreaterThan(0);
    expect(links.filter((link) => !fs.realpathSync(link).startsWith(image))).toEqual([]);
    expect(fs.existsSync(path.join(image, 'build/server/migrations/meta/_journal.json'))).toBe(true);
  });

  test.each(databases)(
    'on $name: serves /health and pages, the operator’s commands work, stops cleanly',
    async (database) => {
      const { env, drop } = await database.open();
      const dataDir = ownedByImageUser('becca-image-data');
      const tmp = ownedByImageUser('becca-image-tmp');
      try {
        const server = await runImage(image, { ...env, DATA_DIR: dataDir, TMPDIR: tmp });
        running.push(server);
        expect(uidOf(server.child.pid!)).not.toBe(0);
        expect(imageEnv).toMatchObject({ MALLOC_ARENA_MAX: '1', NODE_ENV: 'production', HOST: '0.0.0.0' });

        expect(await (await fetch(`${server.url}/health`)).json()).toMatchObject({ status: 'ok' });
        const page = await fetch(`${server.url}/`);
        expect(page.status).toBe(200);
        expect(await page.text()).toContain('Becca introduces you to the right people.');
        // The API reference is served from swagger-ui-dist in node_modules.
        expect((await fetch(`${server.url}/api/docs`)).status).toBe(200);
        expect((await fetch(`${server.url}/api/docs/swagger-ui-bundle.js`)).status).toBe(200);
        expect(healthcheck(image, server.port)).toBe(0);

        // `npm run invite -- list` in the container: tsx from the production packages.
        const list = spawnSync(
          path.join(image, 'node_modules/.bin/tsx'),
          ['server/cli/inviteCommand.ts', 'list'],
          {
            cwd: image,
            env: { PATH: process.env.PATH, ...imageEnv, ...env, DATA_DIR: dataDir, TMPDIR: tmp },
            encoding: 'utf8',
            ...user,
          },
        );
        expect({ error: list.error, status: list.status, stderr: list.stderr }).toEqual({
          error: undefined,
          status: 0,
          stderr: '',
        });
        expect(list.stdout).toContain('first start');

        expect(await server.stop()).toBe(0);
        expect(healthcheck(image, server.port)).not.toBe(0);
        // What it wrote is in DATA_DIR, its own (nothing at all on PostgreSQL).
        expect(fs.existsSync(path.join(dataDir, 'PG_VERSION'))).toBe(
          database.name === 'the embedded database',
        );
        expect(fs.statSync(dataDir).mode & 0o777).toBe(0o700);
      } finally {
        await drop();
      }
    },
  );
});
