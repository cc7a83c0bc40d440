// The sitemap's XML (sitemaps.org 0.9) and robots.txt, from rows the queries read.
import { escapeHtml } from '../../lib/html.ts';

/** The protocol's limit of addresses per sitemap file (and of files per index). */
export const SITEMAP_MAX_ENTRIES = 50_000;

export type SitemapEntry = { path: string; lastmod: Date };

const xml = escapeHtml;
/** W3C datetime, to the second. */
const w3c = (d: Date) => `${d.toISOString().slice(0, 19)}Z`;

export function urlset(publicUrl: string, entries: SitemapEntry[]): string {
  const base = xml(publicUrl);
  // Paths are ids and percent-encoded slugs, so escaping rarely finds anything: only tested for.
  const urls = entries.map(
    (u) =>
      `<url><loc>${base}${/[&<>"']/.test(u.path) ? xml(u.path) : u.path}</loc><lastmod>${w3c(u.lastmod)}</lastmod></url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

/**
 * The index of `pages` paged sitemaps, numbered from 1. Without <lastmod> (optional in the
 * protocol): each page's newest change would need every listed row read, not just the index
 * (docs/SEO.md); each address in a page has its own.
 */
export function sitemapIndex(publicUrl: string, pages: number): string {
  const items = Array.from(
    { length: pages },
    (_, i) => `<sitemap><loc>${xml(`${publicUrl}/sitemap-${i + 1}.xml`)}</loc></sitemap>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items.join('\n')}\n</sitemapindex>\n`;
}

/**
 * robots.txt: everything public may be crawled; the API, stored files and the developer pages
 * are not pages to index. The app's own pages are hash routes of '/', which crawlers do not
 * follow; the public pages stand in for them.
 */
export function robotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    'Disallow: /files/',
    'Disallow: /dev/',
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}
