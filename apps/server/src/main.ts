// Process entry: config -> app -> demo data and admin -> listen -> jobs; SIGTERM and
// SIGINT stop accepting, let running requests finish, then close the database.
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { DEMO_PASSWORD, DEMO_USERS, isEmpty, seedDemo } from './db/seed/index.ts';
import { startJobs } from './jobs/index.ts';
import { DataDirBusyError, lockDataDir, usesEmbeddedFolder } from './lib/pidfile.ts';
import { ensureAdmin } from './modules/auth/admin.ts';

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
if (config.seedDemo && (await isEmpty(ctx))) {
  await seedDemo(ctx);
  seeded = true;
}
if (config.admin) await ensureAdmin(ctx, config.admin);

await app.listen({ port: config.port, host: config.host });
const stopJobs = startJobs(ctx);

const address = `${config.tls ? 'https' : 'http'}://localhost:${(app.server.address() as { port: number }).port}`;
const lines = [
  '',
  `StampWorks is running at ${address}`,
  `  database: ${ctx.database.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL server'}`,
  `  mail: ${ctx.mail.kind === 'smtp' ? 'SMTP' : `outbox, read it at ${address}/dev/mail`}`,
  `  API reference: ${address}/api/docs`,
];
if (config.seedDemo) {
  lines.push(seeded ? '  demo data loaded. Demo sign-ins:' : '  demo sign-ins:');
  for (const u of DEMO_USERS.slice(0, 5))
    lines.push(`    ${u.role.padEnd(8)} ${u.email}  /  ${DEMO_PASSWORD}`);
  lines.push(
    `  (admins always confirm a PIN: it arrives ${ctx.mail.kind === 'smtp' ? 'by mail' : 'in the outbox'})`,
  );
}
console.log(lines.join('\n'));

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  app.log.info({ signal }, 'shutting down');
  stopJobs();
  const timer = setTimeout(() => {
    app.log.error('shutdown took too long; exiting');
    process.exit(1);
  }, 15_000);
  timer.unref();
  await app.close();
  releaseDataDir();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
