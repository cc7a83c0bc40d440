// Who may rate whom (docs/PRODUCT.md#states: 'Rating a client is allowed only when the engineer has an
// accepted proposal and the project is completed'; the same holds for the client rating
// the engineer). The sender is always the caller.
import type { ProjectStatus } from '@app/shared';
import type { Actor } from '../../lib/policy.ts';

export type RatedDeal = { clientId: string; engineerId: string | null; projectStatus: ProjectStatus };

/** The two parties of a completed deal rate each other. */
export const canRate = (actor: Actor, deal: RatedDeal, receiverId: string): boolean => {
  if (deal.projectStatus !== 'completed' || !deal.engineerId) return false;
  if (actor.id === deal.clientId && actor.role === 'client') return receiverId === deal.engineerId;
  if (actor.id === deal.engineerId && actor.role === 'engineer') return receiverId === deal.clientId;
  return false;
};

/** Whether someone rated someone: asked by that sender (the rating dialogs) or an admin. */
export const canCheckRating = (actor: Actor, senderId: string): boolean =>
  actor.id === senderId || actor.role === 'admin';

/** The completed projects two people share: asked by one of them or an admin. */
export const canListSharedProjects = (actor: Actor, clientId: string, engineerId: string): boolean =>
  actor.id === clientId || actor.id === engineerId || actor.role === 'admin';
