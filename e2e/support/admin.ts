// An admin the browser-test stack makes at start (ADMIN_EMAIL / ADMIN_PASSWORD): the demo
// admins get a random password when the server runs as production (db/seed/index.ts), as
// the stack does, so a test that needs an admin signs in as this one.
export const E2E_ADMIN = {
  email: 'admin@e2e.stampworks.test',
  password: 'Stamp-E2e-Admin-2026',
  name: 'Erin Admin',
} as const;
