// Serves the built web app. The page itself is answered with a fresh style nonce in its CSP
// and in a <meta name="csp-nonce">: the dialogs' scroll lock (Radix) adds a <style> element,
// which the app tags with that nonce (apps/web/src/main.tsx), so style-src stays 'self' plus
// this one nonce instead of 'unsafe-inline'. Everything else is static files:
// - the page (`/`, `/index.html`) is `no-cache`: a browser asks again every time, so after a
//   deploy it never runs a page that names scripts which are gone;
// - files under /assets/ have a content hash in their names (Vite), so they are cached for a
//   year as `immutable`; the build writes .br and .gz copies beside them
//   (apps/web/scripts/precompress.mjs), sent as they are with `Content-Encoding` when the
//   request's Accept-Encoding allows (brotli first), with `Vary: Accept-Encoding`;
// - other files (favicon) have no hash: `no-cache`, revalidated by ETag.
// Static files, and the page, are outside the API rate limit: a first visit loads dozens of
// scripts, which must never count against (or be refused by) the limit that protects the API.
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

export const CSP_NONCE_META = 'csp-nonce';
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
/** Static routes take no part in the API rate limit (@fastify/rate-limit reads this). */
const OUTSIDE_RATE_LIMIT = { rateLimit: false } as const;

/** The page with the nonce's <meta> as the first thing in <head>. */
export function withNonceMeta(html: string, nonce: string): string {
  return html.replace('<head>', `<head>\n    <meta name="${CSP_NONCE_META}" content="${nonce}" />`);
}

/** Cache-Control for a static file, by its path relative to the web build. */
export function cacheControlFor(relativePath: string): string {
  return relativePath.split(path.sep).join('/').startsWith('assets/') ? IMMUTABLE_CACHE : 'no-cache';
}

/** The app-wide CSP with the page's style nonce added to style-src. */
export function withStyleNonce(csp: string, nonce: string): string {
  return csp.replace(/(^|;)style-src ([^;]*)/, `$1style-src $2 'nonce-${nonce}'`);
}

/** `csp`: the app-wide Content-Security-Policy (security-headers.ts), which the page extends. */
export async function registerWebApp(
  app: FastifyInstance,
  webDist: string | undefined,
  csp: string,
  opts: { sourceMaps: boolean } = { sourceMaps: true },
): Promise<void> {
  const indexFile = webDist ? path.join(webDist, 'index.html') : '';
  if (!webDist || !existsSync(indexFile)) return;
  const html = readFileSync(indexFile, 'utf8');
  const sendPage = async (_req: unknown, reply: FastifyReply) => {
    const nonce = randomBytes(16).toString('hex');
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('content-security-policy', withStyleNonce(csp, nonce))
      .send(withNonceMeta(html, nonce));
  };
  for (const url of ['/', '/index.html'])
    app.get(url, { schema: { hide: true }, config: OUTSIDE_RATE_LIMIT }, sendPage);
  await app.register(async (scope) => {
    // @fastify/static only lends its sending (path checks, ranges, ETag, precompressed
    // copies) to the route below: its own wildcard route cannot be given a route config.
    await scope.register(fastifyStatic, {
      root: webDist,
      serve: false,
      index: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, filePath) => {
        reply.header('cache-control', cacheControlFor(path.relative(webDist, filePath)));
      },
    });
    scope.get('/*', { schema: { hide: true }, config: OUTSIDE_RATE_LIMIT }, (req, reply) => {
      const file = (req.params as { '*': string })['*'];
      // Unknown API addresses keep the API's own 404 rather than a file lookup.
      // Source maps are the app's source: for developers, never served by a production site.
      if (!file || file.startsWith('api/') || (!opts.sourceMaps && file.endsWith('.map')))
        return reply.callNotFound();
      return reply.sendFile(file);
    });
  });
}
