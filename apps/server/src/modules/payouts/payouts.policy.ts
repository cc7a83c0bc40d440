// Who may see a wallet and its payouts (docs/PRODUCT.md#roles: 'a user reads only their own wallet').
import type { Actor } from '../../lib/policy.ts';

/** An engineer's wallet, transactions and payout history: that engineer, or an admin. */
export const canReadWallet = (actor: Actor, userId: string): boolean =>
  actor.id === userId || actor.role === 'admin';
