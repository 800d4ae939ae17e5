import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { readSettings } from '../../server/config';
import { chooseLogFormat, framedBlock } from '../../server/logging/logOutput';
import { formatLogLine } from '../../server/logging/prettyLogLine';
import { engines, startTestServer, type TestServer } from './testServer';
import {
  killLeftoverProcesses,
  makeTempDir,
  startServerProcess,
  waitFor,
  type ServerProcess,
} from './realServerProcess';

// Two real servers; on a busy machine one can take a minute to start.
jest.setTimeout(240_000);

interface Record {
  level: number;
  msg: string;
  req?: { method: string; path: string };
  res?: { statusCode: number };
  responseTime?: number;
  [field: string]: unknown;
}

const CLOCK = '\\d\\d:\\d\\d:\\d\\d\\.\\d{3}';
/** A route that logs every request at info level (successful /health checks are not logged). */
const VALIDATE_URL = '/api/auth/validate-code/NOPE2345';
const VALIDATE_PATH = '/api/auth/validate-code/:code';

describe('the request log, in process', () => {
  const lines: string[] = [];
  let server: TestServer;
  let app: FastifyInstance;

  beforeAll(async () => {
    server = await startTestServer(engines[0]!, { logLevel: 'info' }, { logLines: lines });
    app = server.app;
  });
  afterAll(() => server.close());
  beforeEach(() => {
    lines.length = 0;
    app.log.level = 'info';
  });

  const records = () => lines.map((line) => JSON.parse(line) as Record);

  test('a request is one line: method, path without the code or query, status and time taken', async () => {
    const response = await app.inject({
      url: '/api/auth/validate-code/SECRETCODE9?utm_source=leaky',
      headers: { authorization: 'Bearer token-that-must-not-leak', cookie: 'session=also-secret' },
    });
    expect(response.statusCode).toBe(200);
    expect(records()).toEqual([
      expect.objectContaining({
        level: 30,
        msg: 'request completed',
        req: { method: 'GET', path: '/api/auth/validate-code/:code' },
        res: { statusCode: 200 },
        responseTime: expect.any(Number),
      }),
    ]);
    const written = lines.join('');
    for (const secret of ['SECRETCODE9', 'leaky', 'token-that-must-not-leak', 'also-secret']) {
      expect(written).not.toContain(secret);
    }
  });

  test('an unknown route is one line too, without Fastify\'s "not found" line and its query string', async () => {
    expect((await app.inject({ url: '/api/nothing-here?token=abc123' })).statusCode).toBe(404);
    expect(records()).toEqual([
      expect.objectContaining({
        req: { method: 'GET', path: '/api/nothing-here' },
        res: { statusCode: 404 },
      }),
    ]);
    expect(lines.join('')).not.toContain('abc123');
  });

  test('at warn level a request writes nothing; at info its one line carries its request id', async () => {
    app.log.level = 'warn';
    for (const url of ['/', '/health', '/api/auth/validate-code/NOPE2345', '/api/nothing-here']) {
      expect((await app.inject({ url })).statusCode).toBeLessThan(500);
    }
    expect(lines).toEqual([]);

    app.log.level = 'info';
    const response = await app.inject({ url: '/api/auth/validate-code/NOPE2345' });
    expect(response.statusCode).toBe(200);
    const [record] = records();
    expect(record).toMatchObject({ msg: 'request completed', reqId: expect.stringMatching(/^req-/) });
  });

  test('at debug level the start of each request is logged as well', async () => {
    app.log.level = 'debug';
    await app.inject({ url: VALIDATE_URL });
    expect(records().map((record) => [record.level, record.msg, record.req?.path])).toEqual([
      [20, 'incoming request', VALIDATE_PATH],
      [30, 'request completed', VALIDATE_PATH],
    ]);
  });

  test('a terminal shows the same record as one short line, coloured only when asked', async () => {
    await app.inject({ url: VALIDATE_URL });
    const [line] = lines;
    expect(formatLogLine(line!, false)).toMatch(
      new RegExp(`^${CLOCK} INFO  GET /api/auth/validate-code/:code 200 \\d+\\.\\d ms  reqId=req-\\w+\\n$`),
    );
    const coloured = formatLogLine(line!, true);
    expect(coloured).toContain('\u001b[32m200\u001b[0m');
    expect(stripVTControlCharacters(coloured)).toBe(formatLogLine(line!, false));
  });

  test('an error shows its message and stack under its line', () => {
    app.log.error({ err: new Error('the disk is full'), attempt: 2 }, 'photo not stored');
    const [line] = lines;
    expect(formatLogLine(line!, false)).toMatch(
      new RegExp(`^${CLOCK} ERROR photo not stored  attempt=2\\n    Error: the disk is full\\n        at `),
    );
  });

  test('text that is not a record passes through unchanged', () => {
    expect(formatLogLine('plain words\n', false)).toBe('plain words\n');
  });
});

describe('choosing the log format', () => {
  test.each([
    [undefined, true, 'pretty'],
    [undefined, false, 'json'],
    ['json', true, 'json'],
    ['pretty', false, 'pretty'],
  ] as const)('LOG_FORMAT=%s with a terminal: %s gives %s', (setting, terminal, format) => {
    expect(chooseLogFormat(setting, terminal)).toBe(format);
  });

  test('LOG_FORMAT takes json or pretty, nothing else', () => {
    expect(readSettings({ LOG_FORMAT: 'json' }).logFormat).toBe('json');
    expect(readSettings({ LOG_FORMAT: '' }).logFormat).toBeUndefined();
    expect(() => readSettings({ LOG_FORMAT: 'xml' })).toThrow(
      'LOG_FORMAT must be json or pretty (or unset), got "xml"',
    );
  });

  test('a framed block puts every line inside one box', () => {
    expect(framedBlock(['short', 'a longer line'])).toBe(
      [
        '',
        '┌─────────────────┐',
        '│  short          │',
        '│  a longer line  │',
        '└─────────────────┘',
        '',
        '',
      ].join('\n'),
    );
  });
});

describe('the real server', () => {
  const dataDirs: string[] = [];
  let server: ServerProcess | undefined;
  afterEach(async () => {
    await server?.stop();
    server = undefined;
  });
  afterAll(() => {
    killLeftoverProcesses();
    for (const dataDir of dataDirs) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  async function start(env: NodeJS.ProcessEnv): Promise<ServerProcess> {
    const dataDir = makeTempDir('becca-logs');
    dataDirs.push(dataDir);
    server = await startServerProcess({
      dataDir,
      env: { LOG_LEVEL: 'info', ...env },
      startTimeoutMs: 180_000,
    });
    await waitFor('the start-up message', () => server!.output().includes('Becca is running'));
    return server;
  }

  function framedCode(text: string): string | undefined {
    return /^│ {2}Your first invite code \(10 uses\): (\S+) +│$/m.exec(text)?.[1];
  }

  test('piped, stdout is JSON records only; the first invite code is framed on stderr and never logged', async () => {
    const running = await start({});
    await fetch(`${running.url}${VALIDATE_URL}`);
    await waitFor('the request line', () => running.stdout().includes(`"path":"${VALIDATE_PATH}"`));

    const code = framedCode(running.stderr());
    expect(code).toMatch(/^[A-Z2-9]{8,}$/);
    expect(running.stderr()).toMatch(/┌─+┐\n│ {2}Your first invite code/);
    const stdoutLines = running.stdout().trimEnd().split('\n');
    const records = stdoutLines.map((line) => JSON.parse(line) as Record);
    expect(records.filter((record) => record.req?.path === VALIDATE_PATH)).toHaveLength(1);
    expect(running.stdout()).not.toContain(code!);
  });

  test('LOG_FORMAT=pretty prints readable lines and the framed code in order on stdout', async () => {
    const running = await start({ LOG_FORMAT: 'pretty' });
    await fetch(`${running.url}${VALIDATE_URL}`);
    const requestLine = new RegExp(`^${CLOCK} INFO  GET /api/auth/validate-code/:code 200 [\\d.]+ ms`, 'm');
    await waitFor('the request line', () => requestLine.test(running.stdout()));

    const stdout = running.stdout();
    expect(framedCode(stdout)).toMatch(/^[A-Z2-9]{8,}$/);
    expect(stdout.indexOf('Becca is running')).toBeLessThan(stdout.indexOf('Your first invite code'));
    expect(stdout).not.toContain('{"level"');
    // Not a terminal, so no colour codes even in the readable format.
    expect(stdout).not.toContain('\u001b[');
  });
});

describe('log lines still pending in the asynchronous destination', () => {
  // A process of its own per case: the output registers an exit hook, and the exit is the point.
  const scriptFor = (ending: string) => `
    import { openLogOutput } from ${JSON.stringify(path.resolve('server/logging/logOutput.ts'))};
    const output = openLogOutput({ format: 'json', stdout: { fd: 1, isTTY: false } });
    for (let line = 1; line <= 3; line += 1) output.stream.write(JSON.stringify({ line }) + '\\n');
    ${ending}
  `;
  const folder = makeTempDir('becca-log-exit');
  afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));
  const run = (ending: string) => {
    const script = path.join(folder, `exit-${Math.random().toString(36).slice(2)}.mts`);
    fs.writeFileSync(script, scriptFor(ending));
    return spawnSync(process.execPath, ['--import', 'tsx', script], { encoding: 'utf8', timeout: 60_000 });
  };

  test.each([
    ['process.exit', 'process.exit(3);', 3],
    ['an uncaught exception', "throw new Error('boom');", 1],
    ['the end of the program', '', 0],
  ])('are all written when the process ends by %s', (_how, ending, status) => {
    const ran = run(ending);
    expect(ran.status).toBe(status);
    // Every line, whole. On an abrupt exit pino writes what is pending synchronously while its last
    // asynchronous write may still be on its way, so only a normal end keeps the order for certain.
    const lines = ran.stdout.split('\n');
    expect(lines.pop()).toBe('');
    if (status === 0) expect(lines).toEqual(['{"line":1}', '{"line":2}', '{"line":3}']);
    else expect([...lines].sort()).toEqual(['{"line":1}', '{"line":2}', '{"line":3}']);
  });
});

describe('the real server as npm start runs it, its log in a file', () => {
  const REQUESTS = 300;
  let dataDir: string | undefined;
  afterAll(() => {
    killLeftoverProcesses();
    if (dataDir) {
      fs.rmSync(dataDir, { recursive: true, force: true });
      fs.rmSync(`${dataDir}.log`, { force: true });
    }
  });

  test(`${REQUESTS} requests, then SIGTERM at once: ${REQUESTS} request lines in the file`, async () => {
    dataDir = makeTempDir('becca-log-delivery');
    const logFile = `${dataDir}.log`;
    // npm start's environment, node flags and log level (LOG_LEVEL unset: info); stdout a file, as
    // under a supervisor. Lines are written asynchronously (server/logging/logOutput.ts).
    const server = await startServerProcess({
      dataDir,
      env: { LOG_LEVEL: undefined },
      via: 'node',
      stdoutFile: logFile,
      startTimeoutMs: 180_000,
    });
    for (let sent = 0; sent < REQUESTS; sent += 50) {
      // An API path no route has: logged like any request, and counted by no rate limit.
      const batch = Array.from({ length: 50 }, () => fetch(`${server.url}/api/nothing-here`));
      for (const response of await Promise.all(batch)) expect(response.status).toBe(404);
    }
    // No pause: whatever is still buffered must be written on the way out.
    expect(await server.stop('SIGTERM')).toEqual({ code: 0, signal: null });

    const records = fs
      .readFileSync(logFile, 'utf8')
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as Record);
    const requestLines = records.filter(
      (record) => record.msg === 'request completed' && record.req?.path === '/api/nothing-here',
    );
    expect(requestLines).toHaveLength(REQUESTS);
    // The shutdown's own last line, logged just before the process exits, is there too.
    expect(records.at(-1)?.msg).toMatch(/^database checkpointed and closed/);
  });
});
