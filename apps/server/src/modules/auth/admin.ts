// Admins are never made through sign-up: ADMIN_EMAIL/ADMIN_PASSWORD at start, or the
// create-admin command, create one (or promote an existing account).
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { users } from '../../db/schema/index.ts';
import { hashPassword } from '../../lib/password.ts';
import { revokeAllSessions } from '../access/index.ts';
import { forgetDevices } from './devices.ts';
import { clearPins } from './pins.ts';

/**
 * Creates the admin, or makes the existing account with that e-mail an admin. A password
 * is needed to create one; with resetPassword it also replaces an existing account's
 * password and signs that account out everywhere.
 */
export async function ensureAdmin(
  ctx: Pick<AppContext, 'db'>,
  admin: { email: string; password?: string; name?: string },
  opts: { resetPassword?: boolean } = {},
): Promise<'created' | 'promoted' | 'password set' | 'unchanged'> {
  const email = admin.email.trim().toLowerCase();
  const [existing] = await ctx.db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email))
    .limit(1);
  if (!existing) {
    if (!admin.password) throw new Error(`No account has the e-mail ${email}: give a password to create it.`);
    await ctx.db.insert(users).values({
      fullName: admin.name?.trim() || 'Administrator',
      email,
      role: 'admin',
      passwordHash: await hashPassword(admin.password),
      emailVerified: true,
    });
    return 'created';
  }
  // At start (ADMIN_* variables) the password only seeds a new account; the command sets it.
  const setPassword = !!admin.password && !!opts.resetPassword;
  if (existing.role === 'admin' && !setPassword) return 'unchanged';
  const passwordHash = setPassword ? await hashPassword(admin.password!) : undefined;
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ role: 'admin', ...(passwordHash ? { passwordHash } : {}), updatedAt: new Date() })
      .where(eq(users.id, existing.id));
    if (passwordHash) {
      await revokeAllSessions(tx, existing.id);
      await forgetDevices(tx, existing.id);
      await clearPins(tx, existing.id);
    }
  });
  if (existing.role !== 'admin') return 'promoted';
  return 'password set';
}
