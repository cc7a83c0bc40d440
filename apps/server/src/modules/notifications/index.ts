// The notifications module's public functions: what other modules may use (the rest of its files are its own).
export { mailEvent, notify, notifyEach } from './notifications.service.ts';
