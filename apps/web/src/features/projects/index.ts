// What other features may use of projects (the lint rule 'features-through-index').
export { type Project, useCustomerProjectsQuery, useEngineerProjectsQuery, useProjectQuery } from './api';
export { StatusBadge } from './Badges';
export { EngineerProjectsTab } from './EngineerProjectsTab';
export { NO_PROJECTS_WITH_STATUS, ProjectsTab } from './ProjectsTab';
