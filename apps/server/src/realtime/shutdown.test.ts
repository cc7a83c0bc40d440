// Stopping the server does not wait on open realtime connections: a WebSocket (and a
// long-poll) would otherwise hold the HTTP server's close open until main.ts's forced exit.
// Their clients are told the server went away and reconnect to another instance.
import { io as ioClient } from 'socket.io-client';
import { expect, it } from 'vitest';
import { signedInVia } from '../test/fixtures/auth.ts';
import { createTestApp } from '../test/harness.ts';
import { connect, disconnected, listen } from '../test/sockets.ts';

it('closes within seconds with a WebSocket and a long-poll open, and tells their clients', async () => {
  const app = await createTestApp();
  const url = await listen(app);
  const user = await signedInVia(app);
  const ws = await connect(url, user.token);
  const poll = ioClient(url, { path: '/socket.io', transports: ['polling'], reconnection: false });
  await new Promise<void>((resolve, reject) => {
    poll.once('connect', resolve);
    poll.once('connect_error', reject);
  });
  const gone = Promise.all([disconnected(ws), disconnected(poll as never)]);
  const started = Date.now();
  await app.close();
  expect(Date.now() - started).toBeLessThan(5_000);
  expect((await gone).every((reason) => typeof reason === 'string')).toBe(true);
  await app.dispose().catch(() => {});
}, 60_000);

it('answers socket events already under way before it closes their sockets', async () => {
  const app = await createTestApp();
  const url = await listen(app);
  const user = await signedInVia(app);
  let started = () => {};
  const underWay = new Promise<void>((resolve) => {
    started = resolve;
  });
  // A slow handler, as a message stored in a transaction while the instance is told to stop.
  app.ctx.realtime.onConnection((_io, socket) => {
    (socket as unknown as { on(e: string, fn: (p: unknown, ack: (a: unknown) => void) => void): void }).on(
      'slow_event',
      (_payload, ack) => {
        started();
        setTimeout(() => ack({ ok: true, stored: 'yes' }), 300);
      },
    );
  });
  const ws = await connect(url, user.token);
  const answer = new Promise((resolve, reject) =>
    (ws as unknown as { timeout(ms: number): { emit(...a: unknown[]): void } })
      .timeout(5000)
      .emit('slow_event', {}, (err: Error | null, res: unknown) => (err ? reject(err) : resolve(res))),
  );
  const gone = disconnected(ws);
  await underWay;
  await app.close();
  expect(await answer).toEqual({ ok: true, stored: 'yes' });
  expect(typeof (await gone)).toBe('string');
  await app.dispose().catch(() => {});
}, 60_000);
