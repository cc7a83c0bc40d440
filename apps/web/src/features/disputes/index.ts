// What other features may use of disputes (the lint rule 'features-through-index').
export { useProjectDisputeQuery } from './api';
export { ProjectProblem } from './ProjectProblem';
export { TicketDisputePanel } from './TicketDisputePanel';
