// The auth module's public functions: what other modules may use (the rest of its files are its own).
export { currentUser, optionalUser, requireRole, requireUser } from './guards.ts';
export { AUTH_LIMITS, byAddress, limiter } from './rate-limits.ts';
