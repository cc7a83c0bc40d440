// Test mode's stand-in for Stripe Checkout: a server-rendered card form at the address
// the checkout session answers. Stripe's documented test cards behave as in Stripe's test
// mode (4242 4242 4242 4242 pays; 4000 0000 0000 0002 is declined and can be retried). A
// paid session sends `checkout.session.completed` to the webhook route, then redirects to
// the session's success address, exactly as Stripe would; Cancel goes to its cancel address.
import { formatCents, PRODUCT_NAME } from '@app/shared';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { z } from 'zod';
import { TEST_CARD_DECLINE, TEST_CARD_SUCCESS } from '../../adapters/payments/test-cards.ts';
import type { TestCheckoutSession, TestPaymentsProvider } from '../../adapters/payments/test-provider.ts';
import { escapeHtml } from '../../lib/html.ts';
import { type FieldErrors, type FormValues, field, page, parseForm } from '../../lib/test-mode-page.ts';

const paramsSchema = z.object({ sessionId: z.string().regex(/^cs_test_\w{8,100}$/) });

function checkoutForm(
  session: TestCheckoutSession,
  values: FormValues,
  errors: FieldErrors,
  alert = '',
): string {
  const amount = formatCents(session.amountTotal);
  return page(
    `Pay ${amount}`,
    `<p><strong>${escapeHtml(session.productName)}</strong></p>
<p>Paid to ${PRODUCT_NAME} and held in escrow until you accept the final submission. Receipt to ${escapeHtml(session.customerEmail)}.</p>
${alert ? `<div class="alert" role="alert">${escapeHtml(alert)}</div>` : ''}
<form method="post" action="/api/payments/test-checkout/${escapeHtml(session.id)}" novalidate>
<fieldset><legend>Card details</legend>
${field('name', 'Name on card', values, errors, 'autocomplete="cc-name" required')}
${field('number', 'Card number', values, errors, 'inputmode="numeric" autocomplete="cc-number" required', `Test mode: ${TEST_CARD_SUCCESS} pays; ${TEST_CARD_DECLINE} is declined.`)}
${field('expiry', 'Expiry (MM / YY)', values, errors, 'autocomplete="cc-exp" placeholder="MM / YY" required', 'Any date in the future.')}
${field('cvc', 'Security code (CVC)', values, errors, 'inputmode="numeric" autocomplete="cc-csc" required', 'Any 3 digits (4 for American Express).')}
</fieldset>
<div class="actions"><button type="submit">Pay ${amount}</button><a href="${escapeHtml(session.cancelUrl)}">Cancel and return to ${PRODUCT_NAME}</a></div>
</form>`,
  );
}

function ended(reply: FastifyReply, session: TestCheckoutSession | null) {
  if (session?.status === 'complete')
    return reply
      .type('text/html')
      .send(
        page(
          'This checkout is paid',
          `<p>The payment of ${formatCents(session.amountTotal)} went through.</p><p><a href="${escapeHtml(successUrl(session))}">Return to ${PRODUCT_NAME}</a></p>`,
        ),
      );
  return reply
    .status(session ? 410 : 404)
    .type('text/html')
    .send(
      page(
        session ? 'This checkout has expired' : 'Checkout not found',
        `<p>Nothing was charged. Return to ${PRODUCT_NAME} and accept the proposal again to pay.</p>${
          session ? `<p><a href="${escapeHtml(session.cancelUrl)}">Return to ${PRODUCT_NAME}</a></p>` : ''
        }`,
      ),
    );
}

const successUrl = (s: TestCheckoutSession) => s.successUrl.replace('{CHECKOUT_SESSION_ID}', s.id);

const testCheckoutPages: FastifyPluginAsync = async (app) => {
  const provider = app.ctx.payments as TestPaymentsProvider;

  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, parseForm);

  /** The open session, expiring it first when its time is up (Stripe does that on its own). */
  async function openSession(sessionId: string) {
    let session = await provider.getCheckoutSession(sessionId);
    if (session?.status === 'open' && session.expiresAt <= new Date()) {
      await provider.expireOverdueSessions();
      session = await provider.getCheckoutSession(sessionId);
    }
    return session;
  }

  app.get<{ Params: { sessionId: string } }>(
    '/payments/test-checkout/:sessionId',
    { schema: { hide: true } },
    async (req, reply) => {
      const params = paramsSchema.safeParse(req.params);
      const session = params.success ? await openSession(params.data.sessionId) : null;
      if (session?.status !== 'open') return ended(reply, session);
      return reply.type('text/html').send(checkoutForm(session, {}, {}, session.lastError ?? ''));
    },
  );

  app.post<{ Params: { sessionId: string }; Body: FormValues }>(
    '/payments/test-checkout/:sessionId',
    { schema: { hide: true } },
    async (req, reply) => {
      const params = paramsSchema.safeParse(req.params);
      const session = params.success ? await openSession(params.data.sessionId) : null;
      if (session?.status !== 'open') return ended(reply, session);
      const form: FormValues =
        req.body && typeof req.body === 'object'
          ? Object.fromEntries(Object.entries(req.body).filter(([, v]) => typeof v === 'string'))
          : {};
      const card = {
        number: form.number ?? '',
        expiry: form.expiry ?? '',
        cvc: form.cvc ?? '',
        name: form.name ?? '',
      };
      const result = await provider.payCheckoutSession(session.id, card);
      if (!result.ok) {
        // Card number and security code are not echoed back into the page.
        const values = { name: card.name, expiry: card.expiry };
        const errors = result.field === 'card' ? {} : { [result.field]: result.message };
        return reply
          .status(402)
          .type('text/html')
          .send(checkoutForm(session, values, errors, result.message));
      }
      return reply.redirect(successUrl(result.session), 303);
    },
  );
};
export default testCheckoutPages;
