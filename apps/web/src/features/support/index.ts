// What other features may use of support (the lint rule 'features-through-index').
export { SupportDesk } from './SupportDesk';
export { SupportPortal } from './SupportPortal';
