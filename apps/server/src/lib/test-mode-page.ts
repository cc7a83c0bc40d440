// The test-mode provider's stand-ins for Stripe's hosted pages (onboarding, dashboard,
// checkout) are plain server-rendered HTML under the site's CSP: no inline script or
// style; their stylesheet is served at /api/stripe/test-mode.css.
import { PRODUCT_NAME } from '@app/shared';
import { escapeHtml } from './html.ts';
import { containsNul, nulRefused } from './validation.ts';

export type FormValues = Record<string, string>;
export type FieldErrors = Record<string, string>;

/**
 * The pages' form bodies (application/x-www-form-urlencoded) as strings. These routes have
 * no zod schema, so the NUL that PostgreSQL text cannot hold is refused here, with the
 * same 400 as everywhere else.
 */
export function parseForm(
  _req: unknown,
  body: string | Buffer,
  done: (err: Error | null, body?: FormValues) => void,
): void {
  const values = Object.fromEntries(new URLSearchParams(body.toString()));
  if (containsNul(values)) done(nulRefused());
  else done(null, values);
}

export function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)} — ${PRODUCT_NAME} test mode</title>
<meta name="viewport" content="width=device-width,initial-scale=1"><link rel="stylesheet" href="/api/stripe/test-mode.css"></head>
<body><main><p class="badge">Test mode — no real money moves</p><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
}

export function field(
  name: string,
  label: string,
  values: FormValues,
  errors: FieldErrors,
  attrs = '',
  hint = '',
): string {
  const error = errors[name];
  const id = `f-${name}`;
  return `<div class="field"><label for="${id}">${escapeHtml(label)}</label>
<input id="${id}" name="${name}" value="${escapeHtml(values[name] ?? '')}" ${attrs}${error ? ` aria-invalid="true" aria-describedby="${id}-error"` : ''}>
${hint ? `<p class="hint">${escapeHtml(hint)}</p>` : ''}${error ? `<p class="error" id="${id}-error">${escapeHtml(error)}</p>` : ''}</div>`;
}
