// The Terms of Service and Privacy Policy: when each was last changed. The pages show it,
// and the contract dialog names it beside its links, so a client signs knowing which text
// applies. Change the date with the text.

/** 'YYYY-MM-DD' */
export const TERMS_LAST_UPDATED = '2026-11-27';
/** 'YYYY-MM-DD' */
export const PRIVACY_LAST_UPDATED = '2026-11-27';
