// Who may keep job alerts: engineers, the people projects are for. Clients and staff get none.
import type { Actor } from '../../lib/policy.ts';

export function canKeepAlerts(actor: Actor): boolean {
  return actor.role === 'engineer';
}
