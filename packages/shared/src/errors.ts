// The API's error codes. No zod here: the web reads errors on the pages of a first visit
// without loading the schemas of api.ts (docs/PERFORMANCE.md).

/** Every error code the API answers, with its HTTP status. The web may branch on `code`. */
export const ERROR_STATUS = {
  VALIDATION: 400,
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  /** Well-formed, but beyond what the server checks (a PDF with 12,000 signatures). */
  UNPROCESSABLE: 422,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  UNAVAILABLE: 503,
  PROVIDER_ERROR: 502,
} as const;
export type ErrorCode = keyof typeof ERROR_STATUS;
