// The pages search engines read: what they show (and never show), escaping of hostile names
// and titles, canonical addresses and slug redirects, closed projects, the paged sitemap and
// robots.txt, and that these addresses win over the web app's static files.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineerAccounts, projects } from '../../db/schema/index.ts';
import { addLicense, insertProject } from '../../test/fixtures/projects.ts';
import { createTestApp, createUser, type TestApp } from '../../test/harness.ts';
import { PAGE_CSS_HASH } from './pages.ts';

const PUBLIC_URL = 'https://stampworks.example';
let app: TestApp;
let webDist: string;

beforeAll(async () => {
  webDist = mkdtempSync(path.join(tmpdir(), 'seo-web-'));
  writeFileSync(
    path.join(webDist, 'index.html'),
    '<!doctype html><html><head></head><body>app</body></html>',
  );
  writeFileSync(path.join(webDist, 'robots.txt'), 'User-agent: *\nDisallow: /\n');
  app = await createTestApp({ publicUrl: PUBLIC_URL, webDist, sitemap: { pageSize: 2, cacheSeconds: 0 } });
});
afterAll(async () => {
  await app?.dispose();
  rmSync(webDist, { recursive: true, force: true });
});

async function engineer(fullName: string, opts: { licence?: boolean; portfolio?: string } = {}) {
  const user = await createUser(app, { role: 'engineer', fullName });
  await app.ctx.db.insert(engineerAccounts).values({
    userId: user.id,
    phoneNumber: '+15125550199',
    ssnEncrypted: 'v1:not-read-here',
    ssnLast4: '6789',
    country: 'USA',
    state: 'Texas',
    specializations: ['structural', 'civil'],
    highestEducation: 'master',
    yearsOfExperience: 12,
    portfolio: opts.portfolio ?? null,
    hoursRate: 15000,
    availability: 'part-time',
  });
  if (opts.licence !== false) await addLicense(app, user.id, { type: 'PE', state: 'Texas' });
  return user;
}

const jsonLdOf = (html: string) => {
  const m = html.match(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/);
  return m ? JSON.parse(m[1]!) : null;
};
const metaOf = (html: string, attr: string, name: string) =>
  html.match(new RegExp(`<meta ${attr}="${name}" content="([^"]*)">`))?.[1];
const locsOf = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]!);

describe("an engineer's public page", () => {
  it('shows the public profile with title, description, Open Graph, JSON-LD and a canonical link; nothing private', async () => {
    const e = await engineer('José Núñez', { portfolio: 'https://portfolio.example/jose' });
    const res = await app.inject({ url: `/engineers/${e.id}/jose-nunez` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain(`'${PAGE_CSS_HASH}'`);
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toContain("script-src 'self'");
    const html = res.body;
    const canonical = `${PUBLIC_URL}/engineers/${e.id}/jose-nunez`;
    expect(html).toContain(`<link rel="canonical" href="${canonical}">`);
    expect(html).toContain('<title>José Núñez · PE engineer on StampWorks</title>');
    expect(metaOf(html, 'name', 'description')).toContain('José Núñez, licensed PE engineer in Texas, USA.');
    expect(metaOf(html, 'property', 'og:url')).toBe(canonical);
    expect(metaOf(html, 'property', 'og:type')).toBe('profile');
    expect(html).not.toContain('noindex');
    expect(html).toContain('$150.00 per hour');
    expect(html).toContain('Structural');
    expect(html).toContain('PE licence, Texas, USA: verified');
    expect(html).toContain(`href="/#/engineer_profile/${e.id}"`);
    expect(html).not.toMatch(/<script(?! type="application\/ld\+json")/);
    const ld = jsonLdOf(html);
    expect(ld['@type']).toBe('ProfilePage');
    expect(ld.mainEntity).toMatchObject({ '@type': 'Person', name: 'José Núñez', url: canonical });
    // Never the e-mail, phone, SSN or licence number.
    const [licence] = await app.ctx.db.query.licenses.findMany({ where: (l, { eq }) => eq(l.userId, e.id) });
    for (const secret of [e.email, '5125550199', '6789', licence!.licenseNumber])
      expect(html).not.toContain(secret);
  });

  it('escapes hostile names everywhere: script end tags, quotes, right-to-left text, emoji, 10,000 characters', async () => {
    const hostile = `</script><script>alert(1)</script>"'><img src=x onerror=alert(2)> מהנדס 👷‍♀️ ${'x'.repeat(10_000)}`;
    const e = await engineer(hostile);
    const moved = await app.inject({ url: `/engineers/${e.id}` });
    expect(moved.statusCode).toBe(301);
    const location = String(moved.headers.location);
    expect(location).toMatch(
      new RegExp(`^/engineers/${e.id}/script-script-alert-1-script-img-src-x-onerror-alert-2-`),
    );
    const res = await app.inject({ url: location });
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;&quot;&#39;&gt;');
    // The JSON-LD block holds the name exactly, and nothing in it ends the element early.
    expect(jsonLdOf(html).mainEntity.name).toBe(hostile);
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    // Title and description are clipped; the page names the engineer in full.
    const title = html.match(/<title>([^<]*)<\/title>/)![1]!;
    expect(title.length).toBeLessThan(200);
    expect(metaOf(html, 'name', 'description')!.length).toBeLessThan(400);
    expect(html).toContain('<bdi dir="auto">');
    expect(html).toContain('מהנדס 👷‍♀️');
  });

  it('redirects a missing or wrong slug to the canonical address (301), keeping the query', async () => {
    const e = await engineer('Ana Lima');
    for (const url of [
      `/engineers/${e.id}`,
      `/engineers/${e.id}/someone-else`,
      `/engineers/${e.id}/ANA-LIMA`,
      `/engineers/${e.id.toUpperCase()}/ana-lima`,
    ]) {
      const res = await app.inject({ url: `${url}?utm_source=mail` });
      expect(res.statusCode, url).toBe(301);
      expect(res.headers.location).toBe(`/engineers/${e.id}/ana-lima?utm_source=mail`);
    }
    // The Location header only ever carries plain URL text (a query that is not is dropped).
    const odd = await app.inject({ url: `/engineers/${e.id}?q=é中 x` });
    expect(odd.statusCode).toBe(301);
    expect(String(odd.headers.location)).toMatch(
      new RegExp(`^/engineers/${e.id}/ana-lima(\\?[\\x21-\\x7e]*)?$`),
    );
    const arabic = await engineer('مهندس عمر');
    const res = await app.inject({ url: `/engineers/${arabic.id}` });
    expect(res.headers.location).toBe(`/engineers/${arabic.id}/${encodeURIComponent('مهندس-عمر')}`);
    expect((await app.inject({ url: String(res.headers.location) })).statusCode).toBe(200);
  });

  it('answers 404 for no engineer, a client or a malformed id; an engineer outside the directory is not indexed', async () => {
    const client = await createUser(app, { role: 'client', fullName: 'Client Person' });
    for (const url of [
      `/engineers/${client.id}/client-person`,
      '/engineers/00000000-0000-4000-8000-000000000000/x',
      "/engineers/not-a-uuid'/x",
    ]) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body).toContain('No engineer at this address');
      expect(res.body).toContain('<meta name="robots" content="noindex">');
    }
    const unlisted = await engineer('No Licence Yet', { licence: false });
    const res = await app.inject({ url: `/engineers/${unlisted.id}/no-licence-yet` });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<meta name="robots" content="noindex">');
  });
});

describe("a project's public page", () => {
  it('shows an open project without the client, notes or attachments', async () => {
    const client = await createUser(app, { role: 'client', fullName: 'Private Client Name' });
    const id = await insertProject(app, client.id, {
      title: 'Retaining wall, 40 ft',
      description: 'Stamped plans for a\nretaining wall <b>now</b>',
      budget: 250000,
      deadline: '2027-03-01',
      country: 'USA',
      state: 'Texas',
      specializations: ['structural'],
      notes: 'gate code 4417',
      attachments: '/files/secret-plan.pdf',
      urgencyLevel: 'high',
    });
    const res = await app.inject({ url: `/projects/${id}/retaining-wall-40-ft` });
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(html).toContain(`<link rel="canonical" href="${PUBLIC_URL}/projects/${id}/retaining-wall-40-ft">`);
    expect(html).toContain('<title>Retaining wall, 40 ft · Engineering project on StampWorks</title>');
    expect(metaOf(html, 'name', 'description')).toBe(
      'PE engineer wanted in Texas, USA, budget $2,500.00. Stamped plans for a retaining wall &lt;b&gt;now&lt;/b&gt;',
    );
    expect(html).toContain('retaining wall &lt;b&gt;now&lt;/b&gt;');
    expect(html).toContain(`href="/#/project_details/${id}"`);
    const ld = jsonLdOf(html);
    expect(ld.mainEntity).toMatchObject({
      '@type': 'Demand',
      name: 'Retaining wall, 40 ft',
      priceSpecification: { price: '2500.00', priceCurrency: 'USD' },
    });
    for (const secret of ['Private Client Name', client.email, client.id, 'gate code', 'secret-plan'])
      expect(html).not.toContain(secret);
  });

  it('is gone (410) once the project is not open, 404 when there is none; a wrong slug redirects', async () => {
    const client = await createUser(app, { role: 'client' });
    const id = await insertProject(app, client.id, { title: 'Fire sprinkler layout' });
    const wrong = await app.inject({ url: `/projects/${id}/old-title` });
    expect(wrong.statusCode).toBe(301);
    expect(wrong.headers.location).toBe(`/projects/${id}/fire-sprinkler-layout`);
    await app.ctx.db.update(projects).set({ status: 'inprogress' }).where(eq(projects.id, id));
    const gone = await app.inject({ url: `/projects/${id}/fire-sprinkler-layout` });
    expect(gone.statusCode).toBe(410);
    expect(gone.body).toContain('This project is no longer open for proposals');
    expect(gone.body).not.toContain('Fire sprinkler layout');
    expect((await app.inject({ url: '/projects/00000000-0000-4000-8000-000000000000' })).statusCode).toBe(
      404,
    );
    expect((await app.inject({ url: '/projects/1%20or%201=1' })).statusCode).toBe(404);
  });
});

describe('sitemap and robots.txt', () => {
  it('pages the sitemap by key ranges past its page size, listing only directory engineers and open projects', async () => {
    // The tests above left engineers and projects; start from what is listed now.
    const before = await app.inject({ url: '/sitemap.xml' });
    expect(before.statusCode).toBe(200);
    expect(before.headers['content-type']).toBe('application/xml; charset=utf-8');
    const client = await createUser(app, { role: 'client' });
    const open = [
      await insertProject(app, client.id, { title: 'Open one' }),
      await insertProject(app, client.id, { title: 'Open two' }),
      await insertProject(app, client.id, { title: 'Open three' }),
    ];
    const closed = await insertProject(app, client.id, { title: 'Closed one', status: 'closed' });
    const listed = await engineer('Listed Engineer');
    const unlisted = await engineer('Unlisted Engineer', { licence: false });

    const index = await app.inject({ url: '/sitemap.xml' });
    expect(index.body).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const pages = locsOf(index.body);
    expect(pages[0]).toBe(`${PUBLIC_URL}/sitemap-1.xml`);
    const all: string[] = [];
    for (const page of pages) {
      const res = await app.inject({ url: page.slice(PUBLIC_URL.length) });
      expect(res.statusCode).toBe(200);
      const locs = locsOf(res.body);
      expect(res.body).toMatch(/<lastmod>\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ<\/lastmod>/);
      expect(locs.length).toBeGreaterThan(0);
      expect(locs.length).toBeLessThanOrEqual(2);
      all.push(...locs);
    }
    // Every address once, none twice across pages.
    expect(new Set(all).size).toBe(all.length);
    for (const id of open)
      expect(all.some((u) => u.startsWith(`${PUBLIC_URL}/projects/${id}/open-`))).toBe(true);
    expect(all).toContain(`${PUBLIC_URL}/engineers/${listed.id}/listed-engineer`);
    expect(all.join()).not.toContain(closed);
    expect(all.join()).not.toContain(unlisted.id);
    // Each address answers 200 as listed.
    const sample = all.find((u) => u.includes('/projects/'))!;
    expect((await app.inject({ url: sample.slice(PUBLIC_URL.length) })).statusCode).toBe(200);
    expect((await app.inject({ url: `/sitemap-${pages.length + 1}.xml` })).statusCode).toBe(404);
    expect((await app.inject({ url: '/sitemap-0.xml' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/sitemap-x.xml' })).statusCode).toBe(404);
  });

  it('serves robots.txt naming the sitemap, instead of the web build’s file; the web app is unchanged', async () => {
    const res = await app.inject({ url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.body).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
    expect(res.body).toContain('Disallow: /api/');
    expect(res.body).not.toMatch(/^Disallow: \/$/m);
    const page = await app.inject({ url: '/' });
    expect(page.body).toContain('app');
  });
});

describe('a small sitemap', () => {
  let small: TestApp;
  afterAll(async () => small?.dispose());
  it('is one urlset while everything fits in one page', async () => {
    small = await createTestApp({ publicUrl: PUBLIC_URL, sitemap: { cacheSeconds: 0 } });
    const empty = await small.inject({ url: '/sitemap.xml' });
    expect(empty.body).toContain('<urlset');
    expect(locsOf(empty.body)).toEqual([]);
    const client = await createUser(small, { role: 'client' });
    const id = await insertProject(small, client.id, { title: 'Only project' });
    const res = await small.inject({ url: '/sitemap.xml' });
    expect(locsOf(res.body)).toEqual([`${PUBLIC_URL}/projects/${id}/only-project`]);
  });
});
