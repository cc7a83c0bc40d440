// The one way a user leaves the server: the five public fields, nothing else.
import type { PublicUser } from '@app/shared';
import type { UserRow } from '../../db/schema/index.ts';

export function presentUser(row: UserRow): PublicUser {
  return {
    id: row.id,
    full_name: row.fullName,
    email: row.email,
    profile_picture: row.profilePicture,
    role: row.role,
  };
}
