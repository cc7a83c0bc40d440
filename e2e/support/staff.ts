// The staff account of the browser-test stack (support/stack.ts makes it at start with
// ADMIN_EMAIL/ADMIN_PASSWORD): the demo admin's published password opens no admin account
// on a production server, which the stack is.
export const STAFF = {
  email: 'staff@e2e.stampworks.test',
  password: 'Desk-Staff-e2e-7Q4m-2026',
  name: 'Sam Staff',
} as const;
