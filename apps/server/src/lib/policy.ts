// One policy style for every feature (docs/DEVELOPING.md, 'Who may do what').
// - `<feature>.policy.ts` exports small pure `can*(actor, row)` functions answering a boolean,
//   unit-tested in `<feature>.policy.test.ts`.
// - Services check them with `authorize(...)` before they change or reveal anything, so a job,
//   a webhook or a second route calling the service cannot skip the rule. A route may also
//   check early (to answer before any work), never instead of the service.
// - Detail answers carry the caller's allowed actions (`abilities`), computed by the same
//   `can*` functions, so the web shows only what the server will accept.
import type { Role } from '@app/shared';
import { forbidden } from './errors.ts';

/** Who is acting: the signed-in user as routes and services see them. Defined here only. */
export type Actor = { id: string; role: Role };

/** The caller acts as `userId` (a path's user is themselves). */
export const actsAs = (actor: Actor, userId: string): boolean => actor.id === userId;

/** Support staff. */
export const isStaff = (actor: Actor): boolean => actor.role === 'admin';

/** The caller has this role. */
export const hasRole = (actor: Actor, role: Role): boolean => actor.role === role;

/** Throws 403 with `message` (fit to show a user) unless `allowed`. */
export function authorize(allowed: boolean, message?: string): asserts allowed {
  if (!allowed) throw forbidden(message);
}
