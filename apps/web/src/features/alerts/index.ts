// What other features may use of job alerts (the lint rule 'features-through-index').
export { AlertsTab } from './AlertsTab';
export { SaveSearchButton } from './SaveSearchButton';
