// Request parsing with the shared zod schemas. A failed parse becomes a 400 whose
// message is the first problem (the schemas carry the original design's own messages) and whose
// `fields` name every field at fault, so forms can show each under its input.
import type { FastifySchemaCompiler } from 'fastify';
import type { ZodError, ZodType } from 'zod';
import { AppError } from './errors.ts';

export function zodErrorToAppError(error: ZodError): AppError {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || '_';
    fields[key] ??= issue.message;
  }
  const first = error.issues[0];
  const message =
    first?.message && !/^Invalid input/.test(first.message) ? first.message : 'Invalid request.';
  return new AppError('VALIDATION', message, fields);
}

/** PostgreSQL text cannot hold NUL; such input is refused for every route at once. */
export function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 20 || value === null || typeof value !== 'object') return false;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\u0000') || containsNul(item, depth + 1)) return true;
  }
  return false;
}

export const nulRefused = () =>
  new AppError('VALIDATION', 'The text contains characters that are not allowed.');

export const zodValidatorCompiler: FastifySchemaCompiler<ZodType> =
  ({ schema }) =>
  (data) => {
    if (containsNul(data)) return { error: nulRefused() };
    const result = schema.safeParse(data);
    if (result.success) return { value: result.data };
    return { error: zodErrorToAppError(result.error) };
  };
