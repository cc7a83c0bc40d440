// Request parsing with the shared zod schemas. A failed parse becomes a 400 whose
// message is the first problem (the schemas carry the spec's own messages) and whose
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

export const zodValidatorCompiler: FastifySchemaCompiler<ZodType> =
  ({ schema }) =>
  (data) => {
    const result = schema.safeParse(data);
    if (result.success) return { value: result.data };
    return { error: zodErrorToAppError(result.error) };
  };
