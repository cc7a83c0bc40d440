// Test mode's stand-ins for Stripe's hosted pages: the Connect onboarding form and the
// Express dashboard. Plain server-rendered HTML under the site's CSP (no inline script
// or style; the stylesheet is its own route). Submitting the form feeds an
// `account.updated` event to the same handler Stripe's webhook reaches, then redirects
// exactly as Stripe's account link would.
import { PRODUCT_NAME } from '@app/shared';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { TestAccount, TestPaymentsProvider } from '../../adapters/payments/test-provider.ts';
import { escapeHtml } from '../../lib/html.ts';
import { type FieldErrors, type FormValues, field, page, parseForm } from '../../lib/test-mode-page.ts';

/** Stripe's documented test bank details per country (anything else is refused, as Stripe would). */
export const TEST_BANK = {
  US: { routing: '110000000', account: '000123456789', routingLabel: 'Routing number', postal: /^\d{5}$/ },
  CA: {
    routing: '11000-000',
    account: '000123456789',
    routingLabel: 'Transit and institution number',
    postal: /^[A-Za-z]\d[A-Za-z] ?\d[A-Za-z]\d$/,
  },
  AU: { routing: '110000', account: '000123456', routingLabel: 'BSB', postal: /^\d{4}$/ },
} as const;
type BankCountry = keyof typeof TEST_BANK;

const paramsSchema = z.object({ accountId: z.string().regex(/^acct_test_\w+$/) });

/** Checks the form as Stripe's onboarding would; answers the details to store or the errors. */
export function validateOnboarding(country: string, form: FormValues, today = new Date()) {
  const bank = TEST_BANK[(country in TEST_BANK ? country : 'US') as BankCountry];
  const errors: FieldErrors = {};
  const v = (k: string) => (form[k] ?? '').trim();
  if (v('legal_name').length < 2 || v('legal_name').length > 100)
    errors.legal_name = 'Enter your full legal name.';
  const dob = v('date_of_birth');
  const born = /^\d{4}-\d{2}-\d{2}$/.test(dob) ? new Date(`${dob}T00:00:00Z`) : null;
  if (!born || Number.isNaN(born.getTime()) || born.toISOString().slice(0, 10) !== dob)
    errors.date_of_birth = 'Enter your date of birth.';
  else {
    const eighteen = new Date(born);
    eighteen.setUTCFullYear(born.getUTCFullYear() + 18);
    if (eighteen > today) errors.date_of_birth = 'You must be at least 18 years old.';
    else if (born.getUTCFullYear() < today.getUTCFullYear() - 120)
      errors.date_of_birth = 'Enter your date of birth.';
  }
  if (!v('address_line1')) errors.address_line1 = 'Enter your street address.';
  if (!v('city')) errors.city = 'Enter your city.';
  if (!bank.postal.test(v('postal_code'))) errors.postal_code = 'Enter a valid postal code.';
  if (v('routing_number') !== bank.routing)
    errors.routing_number = `In test mode use the ${bank.routingLabel.toLowerCase()} ${bank.routing}.`;
  if (v('account_number') !== bank.account)
    errors.account_number = `In test mode use the account number ${bank.account}.`;
  if (Object.keys(errors).length > 0) return { ok: false as const, errors };
  return {
    ok: true as const,
    details: {
      legalName: v('legal_name'),
      dateOfBirth: dob,
      addressLine1: v('address_line1'),
      city: v('city'),
      postalCode: v('postal_code'),
      bankLast4: v('account_number').slice(-4),
    },
  };
}

function onboardingForm(
  refreshUrl: string,
  account: TestAccount,
  token: string,
  values: FormValues,
  errors: FieldErrors,
): string {
  const bank = TEST_BANK[(account.country in TEST_BANK ? account.country : 'US') as BankCountry];
  const summary = Object.keys(errors).length
    ? `<div class="alert" role="alert">Please correct the highlighted fields.</div>`
    : '';
  return page(
    'Set up payouts',
    `<p>${PRODUCT_NAME} pays you through this payout account (${escapeHtml(account.email)}, ${escapeHtml(account.country)}). Tell us who you are and where to send your money.</p>
${summary}<form method="post" action="/api/stripe/test-onboarding/${escapeHtml(account.id)}" novalidate>
<input type="hidden" name="token" value="${escapeHtml(token)}">
<fieldset><legend>Personal details</legend>
${field('legal_name', 'Legal name', values, errors, 'autocomplete="name" required')}
${field('date_of_birth', 'Date of birth', values, errors, 'type="date" required')}
${field('address_line1', 'Street address', values, errors, 'autocomplete="address-line1" required')}
${field('city', 'City', values, errors, 'autocomplete="address-level2" required')}
${field('postal_code', 'Postal code', values, errors, 'autocomplete="postal-code" required')}
</fieldset>
<fieldset><legend>Bank account</legend>
${field('routing_number', bank.routingLabel, values, errors, 'inputmode="numeric" required', `Test mode: ${bank.routing}`)}
${field('account_number', 'Account number', values, errors, 'inputmode="numeric" required', `Test mode: ${bank.account}`)}
</fieldset>
<div class="actions"><button type="submit">Submit</button><a href="${escapeHtml(refreshUrl)}">Cancel and return to ${PRODUCT_NAME}</a></div>
</form>`,
  );
}

function expiredLink(reply: FastifyReply, refreshUrl: string) {
  return reply
    .status(403)
    .type('text/html')
    .send(
      page(
        'This link has expired',
        `<p>Onboarding links can be used for a limited time. Return to ${PRODUCT_NAME} and start again from your dashboard.</p><p><a href="${escapeHtml(refreshUrl)}">Return to ${PRODUCT_NAME}</a></p>`,
      ),
    );
}

const testModePages: FastifyPluginAsync = async (app) => {
  const { ctx } = app;
  const provider = ctx.payments as TestPaymentsProvider;
  const refreshUrl = `${ctx.config.publicUrl}/#/onboarding/refresh`;
  const completeUrl = `${ctx.config.publicUrl}/#/onboarding/complete`;

  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, parseForm);

  app.get('/stripe/test-mode.css', { schema: { hide: true } }, async (_req, reply) => {
    return reply
      .type('text/css')
      .send(
        'body{font-family:system-ui,sans-serif;background:#f1f5f9;margin:0;padding:24px;color:#0f172a}main{max-width:560px;margin:auto;background:#fff;border-radius:10px;padding:24px;box-shadow:0 1px 3px #0002}h1{font-size:22px;margin:8px 0 16px}.badge{display:inline-block;background:#fef3c7;color:#92400e;border-radius:999px;padding:2px 10px;font-size:12px;margin:0}fieldset{border:1px solid #e2e8f0;border-radius:8px;margin:16px 0;padding:12px 16px}legend{font-weight:600;padding:0 4px}.field{margin:10px 0}label{display:block;font-size:14px;font-weight:500;margin-bottom:4px}input{width:100%;box-sizing:border-box;padding:8px 10px;border:1px solid #cbd5e1;border-radius:6px;font:inherit}input[aria-invalid=true]{border-color:#dc2626}.hint{color:#64748b;font-size:12px;margin:4px 0 0}.error{color:#b91c1c;font-size:13px;margin:4px 0 0}.alert{background:#fee2e2;color:#991b1b;border-radius:6px;padding:10px 12px}.actions{display:flex;gap:16px;align-items:center;flex-wrap:wrap}button{background:#1d4ed8;color:#fff;border:0;border-radius:6px;padding:10px 18px;font:inherit;cursor:pointer}button:focus-visible,a:focus-visible,input:focus-visible{outline:2px solid #1d4ed8;outline-offset:2px}a{color:#1d4ed8}dl{display:grid;grid-template-columns:max-content 1fr;gap:6px 16px}dt{color:#64748b}dd{margin:0}',
      );
  });

  app.get<{ Params: { accountId: string }; Querystring: { token?: string } }>(
    '/stripe/test-onboarding/:accountId',
    { schema: { hide: true } },
    async (req, reply) => {
      const params = paramsSchema.safeParse(req.params);
      const token = typeof req.query.token === 'string' ? req.query.token : undefined;
      if (!params.success || !(await provider.verifyLinkToken(params.data.accountId, 'onboarding', token)))
        return expiredLink(reply, refreshUrl);
      const account = await provider.getAccount(params.data.accountId);
      if (!account) return expiredLink(reply, refreshUrl);
      return reply.type('text/html').send(onboardingForm(refreshUrl, account, token!, {}, {}));
    },
  );

  app.post<{ Params: { accountId: string }; Body: FormValues }>(
    '/stripe/test-onboarding/:accountId',
    { schema: { hide: true } },
    async (req, reply) => {
      const params = paramsSchema.safeParse(req.params);
      const form: FormValues =
        req.body && typeof req.body === 'object'
          ? Object.fromEntries(Object.entries(req.body).filter(([, v]) => typeof v === 'string'))
          : {};
      const token = form.token;
      if (!params.success || !(await provider.verifyLinkToken(params.data.accountId, 'onboarding', token)))
        return expiredLink(reply, refreshUrl);
      const account = await provider.getAccount(params.data.accountId);
      if (!account) return expiredLink(reply, refreshUrl);
      const result = validateOnboarding(account.country, form);
      if (!result.ok) {
        // Bank numbers are not echoed back into the page.
        const values = { ...form, account_number: '' };
        return reply
          .status(400)
          .type('text/html')
          .send(onboardingForm(refreshUrl, account, token, values, result.errors));
      }
      // The link works once: a replayed or older link cannot overwrite what was submitted.
      if (!(await provider.consumeLinkToken(account.id, 'onboarding', token)))
        return expiredLink(reply, refreshUrl);
      // Sends `account.updated` to the webhook route, as Stripe would after onboarding.
      await provider.completeOnboarding(account.id, result.details);
      return reply.redirect(completeUrl, 303);
    },
  );

  app.get<{ Params: { accountId: string }; Querystring: { token?: string } }>(
    '/stripe/test-dashboard/:accountId',
    { schema: { hide: true } },
    async (req, reply) => {
      const params = paramsSchema.safeParse(req.params);
      const token = typeof req.query.token === 'string' ? req.query.token : undefined;
      // Like Stripe's login links, one opening each: ask the product for a new one.
      if (!params.success || !(await provider.consumeLinkToken(params.data.accountId, 'dashboard', token)))
        return expiredLink(reply, refreshUrl);
      const a = await provider.getAccount(params.data.accountId);
      if (!a) return expiredLink(reply, refreshUrl);
      return reply.type('text/html').send(
        page(
          'Your payout account',
          `<dl><dt>Account</dt><dd>${escapeHtml(a.id)}</dd><dt>E-mail</dt><dd>${escapeHtml(a.email)}</dd><dt>Country</dt><dd>${escapeHtml(a.country)}</dd>
<dt>Legal name</dt><dd>${escapeHtml(a.legalName ?? '—')}</dd><dt>Bank account</dt><dd>${a.bankLast4 ? `•••• ${escapeHtml(a.bankLast4)}` : '—'}</dd>
<dt>Payouts</dt><dd>${a.payoutsEnabled ? 'Enabled' : 'Not enabled yet'}</dd></dl>
<p><a href="${escapeHtml(ctx.config.publicUrl)}/">Return to ${PRODUCT_NAME}</a></p>`,
        ),
      );
    },
  );
};
export default testModePages;
