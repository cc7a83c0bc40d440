import {
  alertSettingsInputSchema,
  alertSettingsSchema,
  messageSchema,
  PRODUCT_NAME,
  savedSearchCreateSchema,
  savedSearchIdParamsSchema,
  savedSearchSchema,
  savedSearchUpdateSchema,
  unsubscribeQuerySchema,
} from '@app/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import { escapeHtml } from '../../lib/html.ts';
import type { Actor } from '../../lib/policy.ts';
import { currentUser, requireUser } from '../access/index.ts';
import {
  createSavedSearch,
  deleteSavedSearch,
  describeUnsubscribe,
  getAlertSettings,
  listSavedSearches,
  setAlertSettings,
  unsubscribe,
  updateSavedSearch,
} from './alerts.service.ts';

const caller = (req: FastifyRequest): Actor => {
  const u = currentUser(req);
  return { id: u.id, role: u.role };
};

/** The unsubscribe pages: plain HTML with no script, read by someone not signed in. */
function page(reply: FastifyReply, status: number, body: string) {
  return reply
    .status(status)
    .type('text/html')
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Job alerts — ${PRODUCT_NAME}</title>
<meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><link rel="stylesheet" href="/api/alerts/unsubscribe.css"><link rel="icon" href="/favicon.svg"></head>
<body><main><p class="brand">${PRODUCT_NAME}</p>${body}<p class="back"><a href="/#/">Go to ${PRODUCT_NAME}</a></p></main></body></html>`);
}

const alertRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['alerts'];
  const security = [{ bearer: [] }];

  // RFC 8058: mail clients POST `List-Unsubscribe=One-Click` as a form. Only this plugin reads forms.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
    done(null, body),
  );

  app.get(
    '/alerts/settings',
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary: "The engineer's alert mail choice",
        response: { 200: alertSettingsSchema },
      },
    },
    async (req) => getAlertSettings(app.ctx, caller(req)),
  );

  app.put(
    '/alerts/settings',
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary: 'Choose how alert mail arrives: instant, daily digest or never',
        body: alertSettingsInputSchema,
        response: { 200: alertSettingsSchema },
      },
    },
    async (req) => setAlertSettings(app.ctx, caller(req), req.body),
  );

  app.get(
    '/alerts/searches',
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary: 'Your saved searches',
        response: { 200: z.array(savedSearchSchema) },
      },
    },
    async (req) => listSavedSearches(app.ctx, caller(req)),
  );

  app.post(
    '/alerts/searches',
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary: "Save Explore's filters: new projects like these are alerted",
        body: savedSearchCreateSchema,
        response: { 201: savedSearchSchema },
      },
    },
    async (req, reply) => {
      const created = await createSavedSearch(app.ctx, caller(req), req.body);
      return reply.status(201).send(created);
    },
  );

  app.patch(
    '/alerts/searches/:id',
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary: 'Rename a saved search, or turn its mail on or off',
        params: savedSearchIdParamsSchema,
        body: savedSearchUpdateSchema,
        response: { 200: savedSearchSchema },
      },
    },
    async (req) => updateSavedSearch(app.ctx, caller(req), req.params.id, req.body),
  );

  app.delete(
    '/alerts/searches/:id',
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary: 'Delete a saved search',
        params: savedSearchIdParamsSchema,
        response: { 200: messageSchema },
      },
    },
    async (req) => {
      await deleteSavedSearch(app.ctx, caller(req), req.params.id);
      return { message: 'Saved search deleted.' };
    },
  );

  // Pages, not API: left out of the reference (docs/ALERTS.md 'Unsubscribe' describes them).
  app.get(
    '/alerts/unsubscribe',
    { schema: { hide: true, querystring: unsubscribeQuerySchema } },
    async (req, reply) => {
      try {
        const question = await describeUnsubscribe(app.ctx, req.query.token);
        const action = `/api/alerts/unsubscribe?token=${encodeURIComponent(req.query.token ?? '')}`;
        return page(
          reply,
          200,
          `<h1>Unsubscribe</h1><p>${escapeHtml(question)}</p><form method="post" action="${escapeHtml(action)}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">Unsubscribe</button></form>`,
        );
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        return page(reply, err.status, `<h1>Unsubscribe</h1><p role="alert">${escapeHtml(err.message)}</p>`);
      }
    },
  );

  // One-click unsubscribe (RFC 8058): a mail client POSTs 'List-Unsubscribe=One-Click' and reads
  // only the status; a person who pressed the confirm page's button reads the page.
  app.post(
    '/alerts/unsubscribe',
    { schema: { hide: true, querystring: unsubscribeQuerySchema } },
    async (req, reply) => {
      try {
        const message = await unsubscribe(app.ctx, req.query.token);
        return page(reply, 200, `<h1>Unsubscribed</h1><p role="status">${escapeHtml(message)}</p>`);
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        return page(reply, err.status, `<h1>Unsubscribe</h1><p role="alert">${escapeHtml(err.message)}</p>`);
      }
    },
  );

  app.get('/alerts/unsubscribe.css', { schema: { hide: true } }, async (_req, reply) =>
    reply
      .type('text/css')
      .header('cache-control', 'public, max-age=86400')
      .send(
        'body{font-family:system-ui,sans-serif;background:#f8fafc;margin:0;padding:24px;color:#0f172a}main{max-width:480px;margin:10vh auto;background:#fff;border-radius:8px;padding:24px;box-shadow:0 1px 3px #0002}.brand{color:#1d4ed8;font-weight:700;font-size:20px;margin:0 0 12px}h1{font-size:18px}button{background:#1d4ed8;color:#fff;border:0;border-radius:6px;padding:10px 18px;font-size:16px;cursor:pointer;min-height:44px}.back{margin-top:24px;font-size:14px}a{color:#1d4ed8}',
      ),
  );
};
export default alertRoutes;
