// POST /api/stripe/webhook: the one door for provider events, from Stripe or from the
// test mode (which sends its events here, signed, like Stripe). The route lives in its
// own scope whose body parser keeps the raw bytes: the signature is computed over them,
// so they must not be parsed and re-serialized first. A bad signature answers 400 and
// changes nothing; a handler that fails answers 500 so the sender retries.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type PaymentEvent, WebhookSignatureError } from '../../adapters/payments/payments.ts';
import { badRequest } from '../../lib/errors.ts';
import { handleProviderEvent } from './provider-events.ts';

export const WEBHOOK_PATH = '/api/stripe/webhook';

/** The envelope every event must have before anything reads it. */
const eventEnvelope = z.object({
  id: z.string().min(1).max(255),
  type: z.string().min(1).max(255),
  created: z.number().int().nonnegative(),
  account: z.string().nullish(),
  data: z.object({ object: z.record(z.string(), z.unknown()) }),
});

const webhookRoutes: FastifyPluginAsyncZod = async (app) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
  app.post(
    '/stripe/webhook',
    {
      // The provider retries; its deliveries must not be cut off by the visitors' limit.
      config: { rateLimit: false },
      schema: {
        tags: ['payments'],
        summary: 'Payment provider events, verified by their Stripe-Signature header',
        response: { 200: z.object({ received: z.boolean() }) },
      },
    },
    async (req) => {
      const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const signature = req.headers['stripe-signature'];
      let event: PaymentEvent;
      try {
        const parsed = eventEnvelope.safeParse(
          app.ctx.payments.parseWebhook(raw, typeof signature === 'string' ? signature : undefined),
        );
        if (!parsed.success) throw badRequest('The event is not a provider event.');
        event = parsed.data;
      } catch (err) {
        if (err instanceof WebhookSignatureError) throw badRequest(err.message);
        throw err;
      }
      const outcome = await handleProviderEvent(app.ctx, event);
      req.log.info({ eventId: event.id, type: event.type, outcome }, 'payment event');
      return { received: true };
    },
  );

  // Test mode sends its events through this same route, signed with its own secret.
  const { payments } = app.ctx;
  if (payments.kind === 'test') {
    payments.setEventSink(async (payload, signature) => {
      const res = await app.inject({
        method: 'POST',
        url: WEBHOOK_PATH,
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        payload,
      });
      if (res.statusCode !== 200) throw new Error(`webhook answered ${res.statusCode}: ${res.body}`);
    });
  }
};
export default webhookRoutes;
