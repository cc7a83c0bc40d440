// The slot for actions on an engineer card of /find_an_engineer. The invitations feature
// renders its 'Send Invitation' button here (spec §2: send-invitation dialog); until it
// exists the card offers only its profile link.
import { InviteButton } from '../invitations/InviteButton';
import type { EngineerListItem } from './api';

export function EngineerCardActions({ engineer }: { engineer: EngineerListItem }) {
  return (
    <InviteButton
      engineerUserId={engineer.user_id}
      engineerName={engineer.full_name}
      containerClassName="flex-1"
    />
  );
}
