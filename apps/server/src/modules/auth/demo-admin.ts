// The demo data's password is printed in the README and in every start banner. A production
// site never lets it open an admin account, whatever the database holds (one copied from a
// development run, or demo data loaded on purpose with SEED_DEMO=true).
import type { AppContext } from '../../context.ts';

/** The demo accounts' password (apps/server/src/seed/users.ts gives it to them). */
export const DEMO_PASSWORD = 'Stamp-Demo-2026';

export function isRefusedDemoAdmin(ctx: AppContext, user: { role: string }, password: string): boolean {
  return ctx.config.env === 'production' && user.role === 'admin' && password === DEMO_PASSWORD;
}
