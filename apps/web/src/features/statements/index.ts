// What other features may use of statements (the lint rule 'features-through-index').
export { ReceiptLinks } from './ReceiptLinks';
export { StatementPanel } from './StatementPanel';
