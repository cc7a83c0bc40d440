// What other features may use of deals (the lint rule 'features-through-index').
export { useProjectDealQuery } from './api';
export { DealPanel } from './DealPanel';
