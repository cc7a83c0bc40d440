// Who reads a project's record: its client, the engineer hired for it, and staff.
import type { Actor } from '../../lib/policy.ts';

type Deal = { clientId: string; engineerId: string | null };

export const canReadRecord = (actor: Actor, deal: Deal): boolean =>
  actor.role === 'admin' || actor.id === deal.clientId || (!!deal.engineerId && actor.id === deal.engineerId);
