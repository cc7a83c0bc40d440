// Demo people: one of each role, several engineers and clients. Every demo account
// shares one password so a visitor can try each side of the marketplace.
import type { Role } from '@app/shared';
import type { DbOrTx } from '../db/client.ts';
import { users } from '../db/schema/index.ts';

import { DEMO_PASSWORD } from '../modules/auth/demo-admin.ts';

export { DEMO_PASSWORD };

export const DEMO_USERS: Array<{ key: string; fullName: string; email: string; role: Role }> = [
  { key: 'admin', fullName: 'Avery Admin', email: 'admin@demo.stampworks.dev', role: 'admin' },
  { key: 'client', fullName: 'Claire Client', email: 'client@demo.stampworks.dev', role: 'client' },
  { key: 'client2', fullName: 'Marcus Whitfield', email: 'marcus@demo.stampworks.dev', role: 'client' },
  { key: 'client3', fullName: 'Olivia Tran', email: 'olivia@demo.stampworks.dev', role: 'client' },
  { key: 'engineer', fullName: 'Ethan Engineer', email: 'engineer@demo.stampworks.dev', role: 'engineer' },
  { key: 'eng2', fullName: 'Priya Raman', email: 'priya@demo.stampworks.dev', role: 'engineer' },
  { key: 'eng3', fullName: 'James O’Connor', email: 'james@demo.stampworks.dev', role: 'engineer' },
  { key: 'eng4', fullName: 'Sofia Martinez', email: 'sofia@demo.stampworks.dev', role: 'engineer' },
  { key: 'eng5', fullName: 'Liam Nguyen', email: 'liam@demo.stampworks.dev', role: 'engineer' },
  { key: 'eng6', fullName: 'Charlotte Wilson', email: 'charlotte@demo.stampworks.dev', role: 'engineer' },
  { key: 'eng7', fullName: 'Noah Kim', email: 'noah@demo.stampworks.dev', role: 'engineer' },
  { key: 'eng8', fullName: 'Isla Thompson', email: 'isla@demo.stampworks.dev', role: 'engineer' },
];

export type SeededUsers = Record<string, { id: string; fullName: string; email: string; role: Role }>;

/**
 * `adminPasswordHash`: the demo admins' own hash. A production site loading demo data gives
 * them one nobody knows, since the demo password is published (modules/auth/demo-admin.ts).
 */
export async function seedUsers(
  tx: DbOrTx,
  passwordHash: string,
  adminPasswordHash = passwordHash,
): Promise<SeededUsers> {
  const rows = await tx
    .insert(users)
    .values(
      DEMO_USERS.map((u) => ({
        fullName: u.fullName,
        email: u.email,
        role: u.role,
        passwordHash: u.role === 'admin' ? adminPasswordHash : passwordHash,
        // Demo addresses receive no mail, so they count as verified; admins still need a PIN.
        emailVerified: true,
      })),
    )
    .returning();
  const byEmail = new Map(rows.map((r) => [r.email, r]));
  return Object.fromEntries(
    DEMO_USERS.map((u) => {
      const row = byEmail.get(u.email)!;
      return [u.key, { id: row.id, fullName: row.fullName, email: row.email, role: row.role }];
    }),
  );
}
