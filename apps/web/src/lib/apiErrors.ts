// Reading a failed API call ({ status, data } as RTK Query and lib/http.ts throw it): the
// server's message, code and field messages. No store or RTK here, so the pages of a first
// visit (lib/lazyStore.ts) use it too.
import type { ApiError, ErrorCode } from '@app/shared';
import { ERROR_STATUS } from '@app/shared';

/** The message to show for a failed call: the server's own when it sent one. */
export function errorMessage(error: unknown, fallback: string): string {
  const data = (error as { data?: Partial<ApiError> } | undefined)?.data;
  return typeof data?.message === 'string' && data.message ? data.message : fallback;
}

/** The server's error code, when it sent one the API knows: branch on this, not on texts. */
export function errorCode(error: unknown): ErrorCode | undefined {
  const code = (error as { data?: Partial<ApiError> } | undefined)?.data?.code;
  return typeof code === 'string' && Object.hasOwn(ERROR_STATUS, code) ? (code as ErrorCode) : undefined;
}

/** Field messages the server attached to a validation error. */
export function errorFields(error: unknown): Record<string, string> {
  return (error as { data?: Partial<ApiError> } | undefined)?.data?.fields ?? {};
}

/**
 * The server's message when it refused the request itself (a 4xx answer: what it says is
 * about this request), else `fallback` (the server or the network failed: the page's own text).
 */
export function requestErrorMessage(error: unknown, fallback: string): string {
  const status = (error as { status?: unknown } | undefined)?.status;
  return typeof status === 'number' && status >= 400 && status < 500
    ? errorMessage(error, fallback)
    : fallback;
}
