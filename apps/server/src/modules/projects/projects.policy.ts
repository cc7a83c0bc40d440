// Who may do what to which project (docs/PRODUCT.md#roles). An id in a path never grants anything: the
// caller is compared with the project's owner (customer_id) or with the path's user.
import type { ProjectStatus } from '@app/shared';
import type { Actor } from '../../lib/policy.ts';

type Project = { customerId: string; status: ProjectStatus };

export const isProjectOwner = (user: Actor, project: Pick<Project, 'customerId'>): boolean =>
  user.id === project.customerId;

/** The owner sees every proposal of a project. */
export const canListProjectProposals = (user: Actor, project: Pick<Project, 'customerId'>): boolean =>
  isProjectOwner(user, project);

/** Posting: clients only, and only as themselves. */
export const canPostProjectAs = (user: Actor, userId: string): boolean =>
  user.role === 'client' && user.id === userId;

/** Update and delete: the owner, while the project is open (docs/PRODUCT.md#states). */
export const canEditProject = (user: Actor, project: Project): boolean =>
  isProjectOwner(user, project) && project.status === 'open';

/**
 * Explore by status: open projects are public; a project in any other state (assigned, in
 * progress, disputed, refunded, closed) is listed only to its parties, and to admins. A
 * visitor asking for another state is told to sign in; the list narrows to the caller's own.
 */
export const canListProjectsOfStatus = (user: Actor | null, status: ProjectStatus): boolean =>
  status === 'open' || user !== null;
export const listsEveryProjectOfStatus = (user: Actor | null, status: ProjectStatus): boolean =>
  status === 'open' || user?.role === 'admin';

/** A client's own project list: only that client. */
export const canListClientProjects = (user: Actor, clientId: string): boolean => user.id === clientId;

/** An engineer's won projects: only that engineer. */
export const canListEngineerProjects = (user: Actor, engineerId: string): boolean =>
  user.role === 'engineer' && user.id === engineerId;

/** Applying to a project: an engineer, while it is open (eligibility is checked on sending). */
export const canApplyToProject = (user: Actor, project: Project): boolean =>
  user.role === 'engineer' && !isProjectOwner(user, project) && project.status === 'open';
