// Who may do what to which project (spec §6). An id in a path never grants anything: the
// caller is compared with the project's owner (customer_id) or with the path's user.
import type { ProjectStatus, Role } from '@app/shared';

type Caller = { id: string; role: Role };
type Project = { customerId: string; status: ProjectStatus };

export const isProjectOwner = (user: Caller, project: Pick<Project, 'customerId'>): boolean =>
  user.id === project.customerId;

/** Posting: clients only, and only as themselves. */
export const canPostProjectAs = (user: Caller, userId: string): boolean =>
  user.role === 'client' && user.id === userId;

/** Update and delete: the owner, while the project is open (spec §4). */
export const canEditProject = (user: Caller, project: Project): boolean =>
  isProjectOwner(user, project) && project.status === 'open';

/** A client's own project list: only that client. */
export const canListClientProjects = (user: Caller, clientId: string): boolean => user.id === clientId;

/** An engineer's won projects: only that engineer. */
export const canListEngineerProjects = (user: Caller, engineerId: string): boolean =>
  user.role === 'engineer' && user.id === engineerId;
