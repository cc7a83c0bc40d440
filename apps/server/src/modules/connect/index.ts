// The connect module's public functions: what other modules may use (the rest of its files are its own).
export { handleAccountUpdated } from './connect.service.ts';
