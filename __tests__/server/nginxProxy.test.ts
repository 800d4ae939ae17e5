import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { freePort, makeTempDir, startServerProcess, type ServerProcess } from './realServerProcess';
import { makeWebRoot } from './testServer';

const projectRoot = path.resolve(__dirname, '../..');
const NGINX = fs.existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx';
const FAILED_CHECKS_PER_MINUTE = 3;

/** deploy/nginx.conf with this test's ports, certificate and instances; every replaced line must be there. */
function renderSite(
  site: string,
  values: { http: number; https: number; cert: string; key: string; upstreams: number[] },
) {
  const replacements: [string | RegExp, string][] = [
    ['    listen 80;\n', `    listen 127.0.0.1:${values.http};\n`],
    ['    listen [::]:80;\n', ''],
    ['    listen 443 ssl http2;\n', `    listen 127.0.0.1:${values.https} ssl http2;\n`],
    ['    listen [::]:443 ssl http2;\n', ''],
    [/ssl_certificate \S+;/, `ssl_certificate ${values.cert};`],
    [/ssl_certificate_key \S+;/, `ssl_certificate_key ${values.key};`],
    ['server 127.0.0.1:3000 ', `server 127.0.0.1:${values.upstreams[0]} `],
    ['server 127.0.0.1:3001 ', `server 127.0.0.1:${values.upstreams[1]} `],
  ];
  let rendered = site;
  for (const [from, to] of replacements) {
    const next = rendered.replace(from, to);
    if (next === rendered) throw new Error(`deploy/nginx.conf no longer has ${String(from)}`);
    rendered = next;
  }
  return rendered;
}

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** One request from a chosen loopback address (127.0.0.2 is another client than 127.0.0.3). */
function request(
  url: string,
  options: { from?: string; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const target = new URL(url);
  const client = target.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const outgoing = client.request(
      target,
      {
        localAddress: options.from ?? '127.0.0.1',
        headers: { host: 'becca.example.org', ...options.headers },
        rejectUnauthorized: false,
        agent: false,
      },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body }),
        );
      },
    );
    outgoing.on('error', reject);
    outgoing.end();
  });
}

async function waitForPort(port: number, nginx: ChildProcess, log: () => string): Promise<void> {
  for (let attempt = 0; attempt < 300; attempt += 1) {
    if (nginx.exitCode !== null) throw new Error(`nginx exited: ${log()}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.destroy();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`nginx did not listen on ${port}: ${log()}`);
}

describe('deploy/nginx.conf in front of two real servers', () => {
  const folder = makeTempDir('becca-nginx');
  const servers: ServerProcess[] = [];
  let nginx: ChildProcess | undefined;
  let httpsUrl = '';
  let httpUrl = '';
  const errorLog = path.join(folder, 'error.log');
  const readErrorLog = () => (fs.existsSync(errorLog) ? fs.readFileSync(errorLog, 'utf8') : '');

  beforeAll(async () => {
    const webRoot = makeWebRoot();
    servers.push(
      ...(await Promise.all(
        ['a', 'b'].map((name) =>
          startServerProcess({
            dataDir: makeTempDir(`becca-nginx-${name}`),
            // Two first starts at once (each creates its database) on a busy machine.
            startTimeoutMs: 180_000,
            env: {
              WEB_ROOT: webRoot,
              TRUST_PROXY_HOPS: '1',
              VALIDATE_CODE_RATE_LIMIT: String(FAILED_CHECKS_PER_MINUTE),
            },
          }),
        ),
      )),
    );
    const cert = path.join(folder, 'cert.pem');
    const key = path.join(folder, 'key.pem');
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=becca.example.org',
        '-keyout',
        key,
        '-out',
        cert,
      ],
      { stdio: 'ignore' },
    );
    // A free port can be taken by another process before nginx binds it: then again, with new ones.
    for (let attempt = 1; ; attempt += 1) {
      const ports = { http: await freePort(), https: await freePort() };
      const site = renderSite(fs.readFileSync(path.join(projectRoot, 'deploy/nginx.conf'), 'utf8'), {
        ...ports,
        cert,
        key,
        upstreams: servers.map((server) => Number(new URL(server.url).port)),
      });
      fs.writeFileSync(path.join(folder, 'becca.conf'), site);
      // What Debian's /etc/nginx/nginx.conf gives a site, in this folder and in one foreground process.
      const temp = (name: string) => path.join(folder, name);
      fs.writeFileSync(
        path.join(folder, 'nginx.conf'),
        `daemon off; master_process off; worker_processes 1; pid ${temp('nginx.pid')}; error_log ${errorLog} warn;
  events { worker_connections 128; }
  http {
    access_log off;
    client_body_temp_path ${temp('body')}; proxy_temp_path ${temp('proxy')};
    fastcgi_temp_path ${temp('fastcgi')}; uwsgi_temp_path ${temp('uwsgi')}; scgi_temp_path ${temp('scgi')};
    include ${temp('becca.conf')};
  }
  `,
      );
      const config = ['-p', folder, '-e', errorLog, '-c', path.join(folder, 'nginx.conf')];
      execFileSync(NGINX, ['-t', ...config], { stdio: 'pipe' });
      nginx = spawn(NGINX, config, { stdio: 'ignore' });
      try {
        await waitForPort(ports.https, nginx, readErrorLog);
      } catch (error) {
        if (attempt < 3 && /Address already in use/.test(readErrorLog())) continue;
        throw error;
      }
      httpsUrl = `https://127.0.0.1:${ports.https}`;
      httpUrl = `http://127.0.0.1:${ports.http}`;
      break;
    }
  }, 300_000);

  afterAll(async () => {
    if (nginx && nginx.exitCode === null) {
      nginx.kill('SIGQUIT');
      await new Promise((resolve) => nginx!.once('exit', resolve));
    }
    await Promise.all(servers.map((server) => server.stop()));
  });

  test('plain http is sent to https; the site and /health answer through TLS, /metrics does not', async () => {
    const redirect = await request(`${httpUrl}/join?code=X`);
    expect(redirect.status).toBe(301);
    expect(redirect.headers.location).toBe('https://becca.example.org/join?code=X');
    const health = await request(`${httpsUrl}/health`);
    expect(health.status).toBe(200);
    expect(JSON.parse(health.body)).toMatchObject({ status: 'ok' });
    expect((await request(`${httpsUrl}/`)).status).toBe(200);
    expect((await request(`${httpsUrl}/metrics`)).status).toBe(404);
  });

  test('an instance that stops is passed over: every request still answers', async () => {
    await servers[1]!.stop();
    const statuses = [];
    for (let i = 0; i < 12; i += 1) statuses.push((await request(`${httpsUrl}/health`)).status);
    expect(statuses).toEqual(Array(12).fill(200));
  });

  test('the server counts each client by the address nginx saw, whatever X-Forwarded-For the client sends', async () => {
    // One instance is left, so every check lands on the same counters.
    const check = (from: string, spoofed?: string) =>
      request(`${httpsUrl}/api/auth/validate-code/NOSUCHCODE`, {
        from,
        headers: spoofed ? { 'x-forwarded-for': spoofed } : {},
      });
    for (let i = 0; i < FAILED_CHECKS_PER_MINUTE; i += 1) {
      const answer = await check('127.0.0.2', `203.0.113.${i + 1}`);
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.body)).toMatchObject({ valid: false });
    }
    // A fresh forged address buys nothing: the key is the last entry, the one nginx appended.
    expect((await check('127.0.0.2', '198.51.100.77')).status).toBe(429);
    // Another client behind the same proxy is not refused: the proxy's own address is not the key.
    expect((await check('127.0.0.3')).status).toBe(200);
  });

  test('the admin API reached through the proxy is from elsewhere, even with the admin token', async () => {
    const server = servers[0]!;
    const token = fs.readFileSync(path.join(server.dataDir, 'admin-token'), 'utf8').trim();
    const headers = { authorization: `Bearer ${token}` };
    expect(
      (await request(`${server.url}/api/admin/audit`, { headers: { ...headers, host: 'localhost' } })).status,
    ).toBe(200);
    expect((await request(`${httpsUrl}/api/admin/audit`, { headers })).status).toBe(404);
  });
});
