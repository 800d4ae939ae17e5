import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { requestLogger } from '../../server/logging/requestLogger';

interface LogRecord {
  level: number;
  msg: string;
  reqId?: string;
  [field: string]: unknown;
}

function capturingPino(level: string) {
  const lines: string[] = [];
  const logger = pino({ level }, { write: (line: string) => void lines.push(line) });
  return { logger, records: () => lines.map((line) => JSON.parse(line) as LogRecord) };
}

describe("a request's logger, on its own", () => {
  test('writes with the request id what its level lets through, and nothing else', () => {
    const { logger, records } = capturingPino('info');
    const log = requestLogger(logger, { reqId: 'req-7' }, {});
    log.debug('not at info');
    log.info({ step: 1 }, 'went through');
    log.error(new Error('the disk is full'));
    expect(records().map(({ level, msg, reqId }) => [level, msg, reqId])).toEqual([
      [30, 'went through', 'req-7'],
      [50, 'the disk is full', 'req-7'],
    ]);
    expect(records()[0]).toMatchObject({ step: 1 });
  });

  test("a route's own level wins over the parent's, both ways", () => {
    const quiet = capturingPino('silent');
    const loud = capturingPino('trace');
    const onQuiet = requestLogger(quiet.logger, { reqId: 'req-1' }, { level: 'warn' });
    const onLoud = requestLogger(loud.logger, { reqId: 'req-2' }, { level: 'warn' });
    for (const log of [onQuiet, onLoud]) {
      log.info('below the route level');
      log.warn('at the route level');
    }
    expect(onQuiet.level).toBe('warn');
    expect(quiet.records().map((record) => record.msg)).toEqual(['at the route level']);
    expect(loud.records().map((record) => record.msg)).toEqual(['at the route level']);
  });

  test("the parent's level is read at each call, and children keep the request id", () => {
    const { logger, records } = capturingPino('warn');
    const log = requestLogger(logger, { reqId: 'req-3' }, {});
    log.info('dropped at warn');
    logger.level = 'info';
    log.info('kept at info');
    log.child({ photo: 2 }).info('from a child');
    expect(records().map(({ msg, reqId, photo }) => [msg, reqId, photo])).toEqual([
      ['kept at info', 'req-3', undefined],
      ['from a child', 'req-3', 2],
    ]);
  });

  test('a logger that is not pino gets its own child, as Fastify would make', () => {
    const child = { info: jest.fn() } as unknown as FastifyBaseLogger;
    const parent = { child: jest.fn(() => child) } as unknown as FastifyBaseLogger;
    expect(requestLogger(parent, { reqId: 'req-4' }, {})).toBe(child);
    expect(parent.child).toHaveBeenCalledWith({ reqId: 'req-4' }, {});
  });
});
