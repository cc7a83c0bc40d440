// What other features may use of invitations (the lint rule 'features-through-index').
export { InviteButton } from './InviteButton';
