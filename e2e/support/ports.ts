/** Loopback ports of the browser-test stack (app, SMTP sink, the sink's mail API). */
export const APP_PORT = Number(process.env.E2E_PORT ?? 4173);
export const SMTP_PORT = APP_PORT + 1;
export const MAILBOX_PORT = APP_PORT + 2;
export const BASE_URL = `http://127.0.0.1:${APP_PORT}`;
export const MAILBOX_URL = `http://127.0.0.1:${MAILBOX_PORT}`;
