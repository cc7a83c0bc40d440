// Serves the built web app. The page itself is answered with a fresh style nonce in its CSP
// and in a <meta name="csp-nonce">: the dialogs' scroll lock (Radix) adds a <style> element,
// which the app tags with that nonce (apps/web/src/main.tsx), so style-src stays 'self' plus
// this one nonce instead of 'unsafe-inline'. Everything else is static files.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

export const CSP_NONCE_META = 'csp-nonce';

/** The page with the nonce's <meta> as the first thing in <head>. */
export function withNonceMeta(html: string, nonce: string): string {
  return html.replace('<head>', `<head>\n    <meta name="${CSP_NONCE_META}" content="${nonce}" />`);
}

export async function registerWebApp(app: FastifyInstance, webDist: string | undefined): Promise<void> {
  const indexFile = webDist ? path.join(webDist, 'index.html') : '';
  if (!webDist || !existsSync(indexFile)) return;
  const html = readFileSync(indexFile, 'utf8');
  const sendPage = async (_req: unknown, reply: FastifyReply) =>
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(withNonceMeta(html, reply.cspNonce.style));
  for (const url of ['/', '/index.html'])
    app.get(url, { schema: { hide: true }, helmet: { enableCSPNonces: true } }, sendPage);
  await app.register(fastifyStatic, {
    root: webDist,
    prefix: '/',
    decorateReply: false,
    wildcard: true,
    index: false,
  });
}
