// Process entry: config -> app -> demo data and admin -> listen -> jobs; SIGTERM and
// SIGINT stop accepting, let running requests finish, then close the database.
import { buildApp, warmApiReference } from './app.ts';
import { loadConfig } from './config.ts';
import { startJobs } from './jobs/index.ts';
import { DataDirBusyError, lockDataDir, usesEmbeddedFolder } from './lib/pidfile.ts';
import { ensureAdmin } from './modules/auth/admin.ts';
import { servesOutbox } from './modules/dev/dev.routes.ts';
import { featureJobs } from './modules/index.ts';
import { DEMO_PASSWORD, DEMO_USERS, isEmpty, seedDemo } from './seed/index.ts';

const config = loadConfig();
// The embedded database is single-process: claim its folder (server.pid) or refuse to start.
let releaseDataDir = () => {};
if (usesEmbeddedFolder(config)) {
  try {
    releaseDataDir = lockDataDir(config.dataDir);
  } catch (err) {
    if (!(err instanceof DataDirBusyError)) throw err;
    console.error(err.message);
    process.exit(1);
  }
}
const app = await buildApp(config);
const { ctx } = app;

let seeded = false;
// Instances starting together on an empty database: one loads the demo data and creates the
// admin, the next sees it done.
await ctx.database.exclusive('stampworks:startup', async () => {
  if (config.seedDemo && (await isEmpty(ctx))) {
    await seedDemo(ctx);
    seeded = true;
  }
  if (config.admin) await ensureAdmin(ctx, config.admin);
});

await app.ready();
warmApiReference(app);
// Listening is being ready: migrations ran above, so a proxy never reaches a half-started
// instance (GET /api/ready answers 200 from here on).
await app.listen({ port: config.port, host: config.host });
const stopJobs = startJobs(ctx, featureJobs);

const port = (app.server.address() as { port: number }).port;
const local = `${config.tls ? 'https' : 'http'}://localhost:${port}`;
const everywhere = config.host === '0.0.0.0' || config.host === '::';
const lines = [
  '',
  `StampWorks is running at ${local}`,
  `  listening on ${config.host}:${port}${
    everywhere
      ? ' (every network this machine is on)'
      : config.host.startsWith('127.')
        ? ' (this machine only; HOST=0.0.0.0 opens it to others)'
        : ''
  }`,
  `  database: ${ctx.database.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL server'}`,
  `  mail: ${ctx.mail.kind === 'smtp' ? 'SMTP' : servesOutbox(ctx) ? `outbox, read it at ${local}/dev/mail (from this machine only)` : 'outbox (not shown on a page here)'}`,
  `  API reference: ${local}/api/docs`,
];
if (!config.seedDemo) lines.push('  demo data: not loaded (SEED_DEMO=true loads it into an empty database)');
else if (!seeded) lines.push('  demo data: not loaded (the database already has accounts)');
else lines.push(`  demo data: loaded (${DEMO_USERS.length} demo accounts, their projects, deals and chats)`);
if (config.seedDemo && config.env !== 'production') {
  lines.push('  demo sign-ins:');
  for (const u of DEMO_USERS.slice(0, 5))
    lines.push(`    ${u.role.padEnd(8)} ${u.email}  /  ${DEMO_PASSWORD}`);
  lines.push(
    `  (admins always confirm a PIN: it arrives ${ctx.mail.kind === 'smtp' ? 'by mail' : 'in the outbox'})`,
  );
} else if (config.seedDemo) {
  lines.push(
    `  demo sign-ins: ${DEMO_PASSWORD} opens the demo clients and engineers; demo admins cannot sign in in production (make one with npm run create-admin or ADMIN_EMAIL and ADMIN_PASSWORD)`,
  );
}
console.log(lines.join('\n'));

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  app.log.info({ signal }, 'shutting down');
  // Drain (docs/DEPLOY.md): readiness answers 503 at once; requests are still served for
  // SHUTDOWN_DRAIN_SECONDS so a balancer polling it stops sending first; then no new
  // occurrence of a job starts and running ones finish; then the listener closes, running
  // requests and socket events finish, and socket clients are told to reconnect elsewhere.
  app.lifecycle.draining = true;
  const timer = setTimeout(
    () => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    },
    15_000 + config.drainSeconds * 1000,
  );
  timer.unref();
  if (config.drainSeconds > 0) await new Promise((r) => setTimeout(r, config.drainSeconds * 1000));
  await stopJobs();
  await app.close();
  releaseDataDir();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
