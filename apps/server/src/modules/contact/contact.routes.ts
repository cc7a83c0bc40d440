import { type ContactInput, contactInfoSchema, contactSchema, messageSchema } from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/errors.ts';
import { CONTACT_SENT, sendContactMessage } from './contact.service.ts';

const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['contact'];
  const scale = app.ctx.config.rateLimitScale;
  const limit = (n: number) => Math.max(1, Math.round(n * scale));

  // A second limit per sender address, on top of the per-IP limit of the route, so one
  // mailbox cannot be flooded with confirmations from many IPs.
  const perSender = app.createRateLimit({
    max: limit(5),
    timeWindow: '1 hour',
    keyGenerator: (req) => `contact-email:${String((req.body as ContactInput).email).toLowerCase()}`,
  });

  app.post(
    '/contact',
    {
      config: {
        rateLimit: {
          max: limit(10),
          timeWindow: '15 minutes',
          keyGenerator: (req) => `contact-ip:${req.ip}`,
        },
      },
      preHandler: async (req) => {
        const result = await perSender(req);
        if (!result.isAllowed && result.isExceeded)
          throw new AppError(
            'RATE_LIMITED',
            `Too many messages from this address. Please wait ${Math.ceil(result.ttlInSeconds / 60)} minutes and try again.`,
          );
      },
      schema: {
        tags,
        summary: 'Send a message to support by e-mail (signed-out visitors)',
        body: contactSchema,
        response: { 200: messageSchema },
      },
    },
    async (req) => {
      await sendContactMessage(app.ctx, req.body);
      return { message: CONTACT_SENT };
    },
  );

  app.get(
    '/contact/info',
    {
      schema: {
        tags,
        summary: 'The support contact address shown on the contact page',
        response: { 200: contactInfoSchema },
      },
    },
    async () => ({ supportEmail: app.ctx.config.supportEmail }),
  );
};
export default contactRoutes;
