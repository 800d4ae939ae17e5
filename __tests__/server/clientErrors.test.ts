import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { answerClientError } from '../../server/requestGuards';
import { engines, startTestServer, type TestServer } from './testServer';

let server: TestServer;
let port: number;

beforeAll(async () => {
  server = await startTestServer(engines[0]!);
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  port = (server.app.server.address() as AddressInfo).port;
});
afterAll(() => server.close());

/** Sends each piece in turn (a pause between them), and resolves with all that came back once closed. */
function exchange(pieces: (string | Buffer)[], pauseMs = 50, to?: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const target = to ? Number(new URL(to).port) : port;
    const socket = net.connect({ host: '127.0.0.1', port: target }, async () => {
      for (const piece of pieces) {
        if (socket.destroyed) break;
        socket.write(piece);
        await new Promise((done) => setTimeout(done, pauseMs));
      }
    });
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
    socket.on('error', () => undefined);
    socket.once('close', () => resolve(received));
    setTimeout(() => {
      socket.destroy();
      reject(new Error(`the connection was still open after 5 s; received: ${received}`));
    }, 5_000).unref();
  });
}

const statusLines = (received: string) =>
  [...received.matchAll(/HTTP\/1\.1 (\d{3}) /g)].map((match) => match[1]);
const bodyOf = (received: string) => JSON.parse(received.slice(received.indexOf('\r\n\r\n') + 4)) as unknown;

test('a request Node cannot parse is answered 400 with a detail, and its connection closed', async () => {
  const received = await exchange(['GARBAGE / HTTP/1.1\r\nHost: localhost\r\n\r\n']);
  expect(statusLines(received)).toEqual(['400']);
  expect(received).toMatch(/\r\nConnection: close\r\n/);
  expect(bodyOf(received)).toEqual({ detail: 'The request could not be read.' });
});

test('headers beyond Node’s limit are answered 431 with a detail', async () => {
  const received = await exchange([
    `GET / HTTP/1.1\r\nHost: localhost\r\nX-Padding: ${'a'.repeat(20_000)}\r\n\r\n`,
  ]);
  expect(statusLines(received)).toEqual(['431']);
  expect(bodyOf(received)).toEqual({ detail: 'The request headers are too large.' });
});

/**
 * A refused upload's answer (415, `Connection: close`) can be on its way when the rest of its body
 * makes Node's parser give up (seen with a chunked body now and then): the parser's error must not
 * add a second answer after it. Here the error is raised while such an answer is in flight.
 */
test('a parser error on a connection whose answer is on its way adds nothing after that answer', async () => {
  const parserGivesUp = (socket: net.Socket) =>
    answerClientError(Object.assign(new Error('Parse Error'), { code: 'HPE_INVALID_CHUNK_SIZE' }), socket);
  const server = http.createServer((request, response) => {
    if (request.url !== '/answered') return parserGivesUp(request.socket);
    response.writeHead(415, { connection: 'close', 'content-length': '2' });
    // Once the answer's first bytes have left, as when the rest of a refused body arrives.
    response.write('no', () => parserGivesUp(request.socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    const answered = await exchange([`GET /answered HTTP/1.1\r\nHost: localhost\r\n\r\n`], 0, url);
    expect(statusLines(answered)).toEqual(['415']);
    const unanswered = await exchange([`GET /other HTTP/1.1\r\nHost: localhost\r\n\r\n`], 0, url);
    expect(statusLines(unanswered)).toEqual(['400']);
  } finally {
    server.close();
  }
});
