// The developer outbox: with no SMTP server configured, mail (PINs, reset links) is
// kept in a table and shown here. Only the embedded default outside production registers
// it: a deployment (NODE_ENV=production, or a PostgreSQL server) never exposes mail in a page.
// It answers only requests from this machine, whatever HOST the server listens on: anyone on
// the same network reading it could take over every account (docs/SECURITY.md).

import { isIP } from 'node:net';
import { PRODUCT_NAME } from '@app/shared';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { escapeHtml } from '../../lib/html.ts';
import { checkLedger, formatLedgerReport } from '../ledger/index.ts';
import { runPayouts } from '../payouts/index.ts';

const payoutsRunBody = z.object({ date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/) });

/** Whether this server shows its outbox at /dev/mail (the start banner mentions it only then). */
export const servesOutbox = (ctx: Pick<AppContext, 'config' | 'mail' | 'database'>): boolean =>
  ctx.config.env !== 'production' && ctx.mail.kind === 'outbox' && ctx.database.kind === 'pglite';

/** 127.0.0.0/8 and ::1, as IPv4, IPv6 or IPv4-mapped IPv6. */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.replace(/^::ffff:/i, '');
  if (isIP(v4) === 4) return v4.startsWith('127.');
  return address === '::1';
}

/**
 * A request made on this machine: its connection comes from loopback and no proxy forwarded
 * it (a proxy on the same machine would otherwise make every visitor look local).
 */
export function isLocalRequest(req: FastifyRequest): boolean {
  const forwarded = req.headers['x-forwarded-for'] ?? req.headers.forwarded ?? req.headers['x-real-ip'];
  return isLoopback(req.socket.remoteAddress) && forwarded === undefined;
}

function refuseRemote(req: FastifyRequest, reply: FastifyReply) {
  if (isLocalRequest(req)) return false;
  void reply.code(403).send({
    message:
      'The developer outbox is shown only to this machine (open it on the computer running the server).',
  });
  return true;
}

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
  // Browser tests only: `npm run ledger:check` on the server's own database (the embedded
  // one admits no second process), asked once every browser test has run.
  if (ctx.config.testHooks)
    app.get('/dev/ledger-check', { schema: { hide: true } }, async () => {
      const report = await checkLedger(ctx.db);
      return { ok: report.ok, report: formatLedgerReport(report) };
    });

  if (!servesOutbox(ctx)) return;

  app.get('/dev/mail', { schema: { hide: true } }, async (req, reply) => {
    if (refuseRemote(req, reply)) return reply;
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

  app.get('/dev/mail.css', { schema: { hide: true } }, async (req, reply) => {
    if (refuseRemote(req, reply)) return reply;
    return reply
      .type('text/css')
      .send(
        'body{font-family:system-ui,sans-serif;background:#f1f5f9;margin:0;padding:24px;color:#0f172a}main{max-width:800px;margin:auto}article{background:#fff;border-radius:8px;padding:16px;margin:12px 0;box-shadow:0 1px 2px #0002}header{display:flex;justify-content:space-between;gap:12px}header span,.meta{color:#64748b;font-size:13px}pre{white-space:pre-wrap;font-family:inherit}',
      );
  });
};
export default devRoutes;
