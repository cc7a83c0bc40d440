// What other features may use of disputes (the lint rule 'features-through-index').
export { ProjectProblem } from './ProjectProblem';
export { TicketDisputePanel } from './TicketDisputePanel';
