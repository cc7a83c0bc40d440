#!/usr/bin/env node
// npm run dev: the API with reload (tsx watch) on API_PORT and Vite with hot reload on
// PORT, proxying /api, /socket.io and /files to the API so the browser sees one origin.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const port = process.env.PORT ?? '3000';
const apiPort = process.env.API_PORT ?? '3001';
// In development the demo seal authority is the trust store, so the demo's seals read
// 'verified' (docs/DELIVERABLES.md#trust-store); production trusts nothing unless told.
const sealTrustRoots =
  process.env.SEAL_TRUST_ROOTS ??
  fileURLToPath(new URL('../apps/server/src/seed/demo-trust-store.pem', import.meta.url));
const children = [
  spawn('npm', ['run', 'dev', '-w', '@app/server'], {
    stdio: 'inherit',
    env: {
      ...process.env,
      PORT: apiPort,
      PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${port}`,
      SEAL_TRUST_ROOTS: sealTrustRoots,
    },
  }),
  spawn('npm', ['run', 'dev', '-w', '@app/web'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: port, API_PORT: apiPort },
  }),
];
const stop = () => {
  for (const c of children) c.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const c of children)
  c.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
