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

/**
 * How a form shows a refused save: the server's field messages that belong to the form's own
 * fields go under those fields, and everything else (a refusal not about one field, such as
 * a 409 'Only pending proposals can be changed.') is one message at the top of the form, so
 * a refusal is never silent. `message` is null only when every field message found a field.
 */
export function formRefusal<F extends string>(
  error: unknown,
  formFields: readonly F[],
  fallback: string,
): { fields: Partial<Record<F, string>>; message: string | null } {
  const fields: Partial<Record<F, string>> = {};
  for (const [field, text] of Object.entries(errorFields(error))) {
    if ((formFields as readonly string[]).includes(field) && typeof text === 'string')
      fields[field as F] = text;
  }
  const placed = Object.keys(fields).length > 0;
  return { fields, message: placed ? null : errorMessage(error, fallback) };
}
