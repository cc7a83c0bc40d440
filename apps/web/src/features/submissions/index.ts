// What other features may use of submissions (the lint rule 'features-through-index').
export { EngineerSubmissionsTab } from './EngineerSubmissionsTab';
