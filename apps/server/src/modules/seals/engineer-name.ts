// The name a seal's signer is compared with: the engineer's own name, as held by an account
// with a verified licence (licences carry no name of their own; the account's full name is
// the one the admin checked against the licence). Null when the engineer holds no verified
// licence: the check then does not judge the name (sealVerdict in @app/shared).
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { licenses, users } from '../../db/schema/index.ts';

export async function engineerNameForSeal(ctx: AppContext, engineerId: string): Promise<string | null> {
  const [row] = await ctx.db
    .select({ name: users.fullName })
    .from(users)
    .innerJoin(licenses, and(eq(licenses.userId, users.id), eq(licenses.verificationStatus, 'verified')))
    .where(eq(users.id, engineerId))
    .limit(1);
  return row?.name ?? null;
}
