// The actions on an engineer card of /find_an_engineer besides the profile link: the
// invitations feature's 'Send Invitation' (docs/PRODUCT.md#screens).
import { InviteButton } from '../invitations';
import type { EngineerListItem } from './api';

export function EngineerCardActions({ engineer }: { engineer: EngineerListItem }) {
  return (
    <InviteButton
      engineerUserId={engineer.user_id}
      engineerName={engineer.full_name}
      engineerLicenseTypes={engineer.license_types}
      className="btn-primary w-full"
      containerClassName="w-full"
    />
  );
}
