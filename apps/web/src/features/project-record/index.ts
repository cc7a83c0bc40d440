// What other features may use of the project record (the lint rule 'features-through-index').
export { ProjectRecordPanel } from './ProjectRecordPanel';
