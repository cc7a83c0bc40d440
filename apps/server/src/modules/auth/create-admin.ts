// The core of `npm run create-admin -- --email E --password P --name N`: creates an admin,
// or promotes an existing account (setting its password when --password is given).
import { AUTH_MESSAGES, emailSchema, passwordProblem } from '@app/shared';
import type { Config } from '../../config.ts';
import { openDatabase } from '../../db/client.ts';
import { lockDataDir, usesEmbeddedFolder } from '../../lib/pidfile.ts';
import { ensureAdmin } from './admin.ts';

export type CreateAdminArgs = { email: string; password?: string; name?: string };

export const CREATE_ADMIN_USAGE =
  'Usage: npm run create-admin -- --email admin@example.com --password "a long passphrase" [--name "Full Name"]\n' +
  '  Creates an admin account, or makes an existing account an admin (and sets its password when --password is given).';

export class UsageError extends Error {}

export function parseCreateAdminArgs(argv: string[]): CreateAdminArgs {
  const values: Record<string, string> = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const m = /^--(email|password|name)(?:=(.*))?$/.exec(arg);
    if (!m) throw new UsageError(`Unknown argument: ${arg}`);
    const value = m[2] ?? argv[++i];
    if (value === undefined || value.startsWith('--')) throw new UsageError(`--${m[1]} needs a value.`);
    values[m[1]] = value;
  }
  if (!values.email) throw new UsageError('--email is required.');
  const email = emailSchema(AUTH_MESSAGES.invalidEmail).safeParse(values.email);
  if (!email.success) throw new UsageError(AUTH_MESSAGES.invalidEmail);
  if (values.password !== undefined) {
    const problem = passwordProblem(values.password);
    if (problem) throw new UsageError(problem);
  }
  const name = values.name?.trim();
  if (values.name !== undefined && (!name || name.length > 100))
    throw new UsageError('--name must have 1 to 100 characters.');
  return { email: email.data, password: values.password, name };
}

/** Opens the configured database (refusing while a server holds the embedded one) and applies the change. */
export async function createAdmin(
  config: Pick<Config, 'databaseUrl' | 'dataDir'>,
  args: CreateAdminArgs,
): Promise<'created' | 'promoted' | 'password set' | 'unchanged'> {
  const release = usesEmbeddedFolder(config) ? lockDataDir(config.dataDir) : () => {};
  try {
    const database = await openDatabase(config);
    try {
      await database.migrate();
      return await ensureAdmin({ db: database.db }, args, { resetPassword: true });
    } finally {
      await database.close();
    }
  } finally {
    release();
  }
}
