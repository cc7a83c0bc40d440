// What other features may use of chat (the lint rule 'features-through-index').
export { MessageButton } from './MessageButton';
