// The seo module's public face: the plain pages, sitemap and robots.txt, mounted at the site's root.
export { default as seoRoutes } from './seo.routes.ts';
