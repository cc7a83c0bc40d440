// The pages search engines read, at the site's root beside the hash-routed app: each engineer's
// public profile, each open project, /sitemap.xml (paged as /sitemap-N.xml past its page
// size) and /robots.txt. Plain HTML and XML, no script (docs/SEO.md).
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { engineerPage, engineerPath, missingPage, PAGE_CSS_HASH, projectPage, projectPath } from './pages.ts';
import { createSitemap, findOpenProject, findPublicEngineer } from './seo.service.ts';
import { robotsTxt, SITEMAP_MAX_ENTRIES, sitemapIndex, urlset } from './sitemap.ts';

const HIDDEN = { hide: true } as const;
/** Pages change when their engineer or project does: a crawler or a shared link may keep them a few minutes. */
const PAGE_CACHE = 'public, max-age=300';
const SITEMAP_CACHE = 'public, max-age=3600';
/** The canonical address follows a name or title, which can change: not a permanent cache. */
const REDIRECT_CACHE = 'public, max-age=3600';

const seoRoutes: FastifyPluginAsync = async (app) => {
  const { publicUrl } = app.ctx.config;
  const sitemap = createSitemap(app.ctx, {
    pageSize: Math.min(app.ctx.config.sitemap?.pageSize ?? SITEMAP_MAX_ENTRIES, SITEMAP_MAX_ENTRIES),
    cacheMs: (app.ctx.config.sitemap?.cacheSeconds ?? 900) * 1000,
  });

  /** The site's CSP (security-headers.ts, set on every reply) plus the pages' one inline style sheet. */
  const sendHtml = (reply: FastifyReply, status: number, html: string) => {
    const csp = reply.getHeader('content-security-policy');
    if (typeof csp === 'string')
      reply.header(
        'content-security-policy',
        csp.replace(/(^|;)style-src ([^;]*)/, `$1style-src $2 '${PAGE_CSS_HASH}'`),
      );
    return reply
      .status(status)
      .type('text/html; charset=utf-8')
      .header('cache-control', PAGE_CACHE)
      .send(html);
  };
  const redirect = (reply: FastifyReply, path: string, query: string) =>
    reply.header('cache-control', REDIRECT_CACHE).redirect(path + query, 301);
  /** The request's query string, kept through a redirect when it is plain URL text (else dropped, never a bad header). */
  const queryOf = (url: string) => {
    const at = url.indexOf('?');
    const query = at < 0 ? '' : url.slice(at);
    return /^\?[\x21-\x7e]*$/.test(query) ? query : '';
  };

  const engineer = async (
    req: { params: { id: string; slug?: string }; url: string },
    reply: FastifyReply,
  ) => {
    const found = await findPublicEngineer(app.ctx, req.params.id);
    if (!found) return sendHtml(reply, 404, missingPage(404, 'engineer'));
    const canonical = engineerPath(found);
    if (
      req.params.slug === undefined ||
      canonical !== `/engineers/${req.params.id}/${encodeURIComponent(req.params.slug)}`
    )
      return redirect(reply, canonical, queryOf(req.url));
    return sendHtml(reply, 200, engineerPage(publicUrl, found));
  };
  app.get<{ Params: { id: string; slug: string } }>('/engineers/:id/:slug', { schema: HIDDEN }, engineer);
  app.get<{ Params: { id: string } }>('/engineers/:id', { schema: HIDDEN }, engineer);

  const project = async (
    req: { params: { id: string; slug?: string }; url: string },
    reply: FastifyReply,
  ) => {
    const found = await findOpenProject(app.ctx, req.params.id);
    if (!found) return sendHtml(reply, 404, missingPage(404, 'project'));
    // Gone rather than missing: a search engine drops the address instead of retrying it.
    if (found === 'closed') return sendHtml(reply, 410, missingPage(410, 'project'));
    const canonical = projectPath(found);
    if (
      req.params.slug === undefined ||
      canonical !== `/projects/${req.params.id}/${encodeURIComponent(req.params.slug)}`
    )
      return redirect(reply, canonical, queryOf(req.url));
    return sendHtml(reply, 200, projectPage(publicUrl, found));
  };
  app.get<{ Params: { id: string; slug: string } }>('/projects/:id/:slug', { schema: HIDDEN }, project);
  app.get<{ Params: { id: string } }>('/projects/:id', { schema: HIDDEN }, project);

  const sendXml = (reply: FastifyReply, body: string) =>
    reply.type('application/xml; charset=utf-8').header('cache-control', SITEMAP_CACHE).send(body);

  app.get('/sitemap.xml', { schema: HIDDEN }, async (_req, reply) => {
    const plan = await sitemap.plan();
    // One file while everything fits in one page; past that, an index of the pages.
    if (plan.total <= sitemap.pageSize) {
      const entries = (await Promise.all(plan.pages.map((_p, i) => sitemap.entries(i)))).flat();
      return sendXml(reply, urlset(publicUrl, entries));
    }
    return sendXml(reply, sitemapIndex(publicUrl, plan.pages.length));
  });

  app.get<{ Params: { n: string } }>('/sitemap-:n.xml', { schema: HIDDEN }, async (req, reply) => {
    const n = /^[1-9]\d{0,6}$/.test(req.params.n) ? Number(req.params.n) : 0;
    const plan = await sitemap.plan();
    if (n < 1 || n > plan.pages.length)
      return reply.status(404).send({ message: 'There is no such sitemap page.', code: 'NOT_FOUND' });
    return sendXml(reply, urlset(publicUrl, await sitemap.entries(n - 1)));
  });

  app.get('/robots.txt', { schema: HIDDEN }, async (_req, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=86400')
      .send(robotsTxt(publicUrl)),
  );
};

export default seoRoutes;
