// Every table of the product, one file per feature. drizzle-kit reads this file to
// generate the SQL migrations in ../../drizzle.
export * from './accounts.ts';
export * from './alerts.ts';
export * from './auth.ts';
export * from './chat.ts';
export * from './deals.ts';
export * from './disputes.ts';
export * from './files.ts';
export * from './jobs.ts';
export * from './ledger.ts';
export * from './licenses.ts';
export * from './mail.ts';
export * from './notifications.ts';
export * from './payments.ts';
export * from './payouts.ts';
export * from './project-record.ts';
export * from './projects.ts';
export * from './submissions.ts';
export * from './support.ts';
export * from './test-provider.ts';
export * from './users.ts';
