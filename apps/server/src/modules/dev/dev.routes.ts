// The developer outbox: with no SMTP server configured, mail (PINs, reset links) is
// kept in a table and shown here. Only the embedded default outside production registers
// it: a deployment (NODE_ENV=production, or a PostgreSQL server) never exposes mail in a page.
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { PRODUCT_NAME } from '../../adapters/mail/templates.ts';
import { escapeHtml } from '../../lib/html.ts';
import { runPayouts } from '../payouts/payout-run.ts';

const payoutsRunBody = z.object({ date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/) });

const linkify = (s: string) => escapeHtml(s).replace(/(https?:\/\/[^\s<]+)/g, '<a href="$1">$1</a>');

const devRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;
  // Browser tests only (config.testHooks): the payout run as a given day, as
  // `npm run payouts:run -- --date` would do it from outside on a PostgreSQL server.
  if (ctx.config.testHooks)
    app.post('/dev/payouts-run', { schema: { hide: true } }, async (req, reply) => {
      const parsed = payoutsRunBody.safeParse(req.body);
      if (!parsed.success) return reply.code(400).send({ message: '--date needs a day as YYYY-MM-DD.' });
      return runPayouts(ctx, { date: parsed.data.date });
    });

  if (ctx.config.env === 'production' || ctx.mail.kind !== 'outbox' || ctx.database.kind !== 'pglite') return;

  app.get('/dev/mail', { schema: { hide: true } }, async (_req, reply) => {
    const mails = await ctx.mail.recent(100);
    const items = mails
      .map(
        (
          m,
        ) => `<article><header><strong>${escapeHtml(m.subject)}</strong><span>${escapeHtml(m.createdAt.toISOString())}</span></header>
<p class="meta">To: ${escapeHtml(m.to)}${m.replyTo ? ` · Reply-To: ${escapeHtml(m.replyTo)}` : ''}</p><pre>${linkify(m.text)}</pre></article>`,
      )
      .join('');
    return reply
      .type('text/html')
      .send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Outbox — ${PRODUCT_NAME}</title>
<meta name="viewport" content="width=device-width,initial-scale=1"><link rel="stylesheet" href="/dev/mail.css"><link rel="icon" href="/favicon.svg"></head>
<body><main><h1>${PRODUCT_NAME} developer outbox</h1><p>Mail the product sent while no SMTP server is configured (newest first). Reload to see new mail.</p>
${items || '<p>No mail yet.</p>'}</main></body></html>`);
  });

  app.get('/dev/mail.css', { schema: { hide: true } }, async (_req, reply) => {
    return reply
      .type('text/css')
      .send(
        'body{font-family:system-ui,sans-serif;background:#f1f5f9;margin:0;padding:24px;color:#0f172a}main{max-width:800px;margin:auto}article{background:#fff;border-radius:8px;padding:16px;margin:12px 0;box-shadow:0 1px 2px #0002}header{display:flex;justify-content:space-between;gap:12px}header span,.meta{color:#64748b;font-size:13px}pre{white-space:pre-wrap;font-family:inherit}',
      );
  });
};
export default devRoutes;
