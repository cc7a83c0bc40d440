import { Writable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { lazyRequestLogger } from './request-logger.ts';

function appLogger(level: string) {
  const lines: Array<Record<string, unknown>> = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()));
      done();
    },
  });
  const logger = pino({ level }, sink) as unknown as FastifyBaseLogger;
  return { logger, lines, flush: () => new Promise((r) => setImmediate(r)) };
}

describe('the request logger', () => {
  it('writes nothing and makes no child below the level', async () => {
    const { logger, lines, flush } = appLogger('warn');
    const child = vi.spyOn(logger, 'child');
    const log = lazyRequestLogger(logger, { reqId: 'r-1' }, {});
    log.info('incoming request');
    log.debug({ detail: 1 }, 'details');
    await flush();
    expect(lines).toEqual([]);
    expect(child).not.toHaveBeenCalled();
    expect(log.level).toBe('warn');
  });

  it('writes what the pino child would, with the request id, at and above the level', async () => {
    const { logger, lines, flush } = appLogger('warn');
    const log = lazyRequestLogger(logger, { reqId: 'r-2' }, {});
    log.warn({ code: 'X' }, 'store unavailable');
    log.error('failed');
    log.info('not written');
    await flush();
    expect(lines).toMatchObject([
      { level: 40, reqId: 'r-2', code: 'X', msg: 'store unavailable' },
      { level: 50, reqId: 'r-2', msg: 'failed' },
    ]);
  });

  it('makes children that keep the request id, and follows a level set on it', async () => {
    const { logger, lines, flush } = appLogger('error');
    const log = lazyRequestLogger(logger, { reqId: 'r-3' }, {});
    log.child({ part: 'upload' }).error('too large');
    log.level = 'info';
    log.info('now written');
    await flush();
    expect(lines).toMatchObject([
      { reqId: 'r-3', part: 'upload', msg: 'too large' },
      { reqId: 'r-3', msg: 'now written' },
    ]);
  });
});
