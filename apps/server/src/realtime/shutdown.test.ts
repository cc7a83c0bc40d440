// Stopping the server does not wait on open realtime connections: a WebSocket (and a
// long-poll) would otherwise hold the HTTP server's close open until main.ts's forced exit.
// Their clients are told the server went away and reconnect to another instance.
import { io as ioClient } from 'socket.io-client';
import { expect, it } from 'vitest';
import { signedInVia } from '../modules/auth/test-helpers.ts';
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
}, 30_000);
