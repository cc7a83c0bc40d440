// npm run create-admin -- --email E --password P [--name N]
// Creates an admin or promotes an existing account, in the database the environment
// configures (DATABASE_URL, or the embedded one in DATA_DIR).
import { loadConfig } from '../src/config.ts';
import { DataDirBusyError } from '../src/lib/pidfile.ts';
import {
  CREATE_ADMIN_USAGE,
  createAdmin,
  parseCreateAdminArgs,
  UsageError,
} from '../src/modules/auth/create-admin.ts';

try {
  const args = parseCreateAdminArgs(process.argv.slice(2));
  const config = loadConfig();
  const result = await createAdmin(config, args);
  const where = config.databaseUrl ? 'the PostgreSQL database' : `the embedded database in ${config.dataDir}`;
  const what = {
    created: `Created the admin account ${args.email}`,
    promoted: `${args.email} is now an admin${args.password ? ' with the new password' : ''}`,
    'password set': `Set a new password for the admin ${args.email} (its sessions were signed out)`,
    unchanged: `${args.email} was already an admin; nothing changed`,
  }[result];
  console.log(`${what} in ${where}. Admins confirm an e-mailed PIN at every sign-in.`);
  process.exit(0);
} catch (err) {
  if (err instanceof UsageError) {
    console.error(`${err.message}\n\n${CREATE_ADMIN_USAGE}`);
  } else if (err instanceof DataDirBusyError) {
    console.error(
      `${err.message}\nStop the server, run this command, then start the server again ` +
        '(or set ADMIN_EMAIL, ADMIN_PASSWORD and ADMIN_NAME and restart it).',
    );
  } else {
    console.error(err instanceof Error ? err.message : String(err));
  }
  process.exit(1);
}
