// Admins are never made through sign-up: ADMIN_EMAIL/ADMIN_PASSWORD at start, or the
// create-admin command, create one (or promote an existing account).
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { users } from '../../db/schema/index.ts';
import { hashPassword } from '../../lib/password.ts';

export async function ensureAdmin(
  ctx: Pick<AppContext, 'db'>,
  admin: { email: string; password: string; name: string },
  opts: { resetPassword?: boolean } = {},
): Promise<'created' | 'promoted' | 'unchanged'> {
  const email = admin.email.trim().toLowerCase();
  const [existing] = await ctx.db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email))
    .limit(1);
  if (!existing) {
    await ctx.db.insert(users).values({
      fullName: admin.name,
      email,
      role: 'admin',
      passwordHash: await hashPassword(admin.password),
      emailVerified: true,
    });
    return 'created';
  }
  if (existing.role === 'admin' && !opts.resetPassword) return 'unchanged';
  await ctx.db
    .update(users)
    .set({
      role: 'admin',
      ...(opts.resetPassword ? { passwordHash: await hashPassword(admin.password) } : {}),
      updatedAt: new Date(),
    })
    .where(eq(users.id, existing.id));
  return existing.role === 'admin' ? 'unchanged' : 'promoted';
}
