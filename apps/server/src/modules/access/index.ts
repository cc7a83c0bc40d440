// Who is calling: sessions (opaque bearer tokens, stored hashed), the route guards that read
// them, and the limits counted per address. Below every feature: sign-in (modules/auth)
// creates and ends sessions here, and every module's routes guard themselves with it.
export { sourceOfAddress } from './addresses.ts';
export { currentUser, optionalUser, requireRole, requireUser } from './guards.ts';
export { AUTH_LIMITS, byAddress, counter, limiter, tooMany, waitText } from './rate-limits.ts';
export * from './sessions.ts';
