// The pages search engines read (docs/SEO.md), as a crawler sees them: JavaScript off. Each
// page names its subject in its title, description, Open Graph tags, JSON-LD and canonical
// link, reads on a phone without sideways scrolling, and its button leads into the app's own
// page for the same engineer or project. The sitemap lists both and robots.txt names it.
import { randomBytes } from 'node:crypto';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { BASE_URL } from '../support/ports.ts';
import { apiSignIn, openSignedIn, signUpViaApi } from '../support/session.ts';

test.use({ javaScriptEnabled: false });

type Listed = { items: Array<{ id?: string; user_id?: string; title?: string; full_name?: string }> };

async function firstOpenProject(request: APIRequestContext) {
  const res = await request.get('/api/projects?page=1');
  expect(res.ok()).toBe(true);
  const { items } = (await res.json()) as Listed;
  return { id: items[0]!.id!, title: items[0]!.title! };
}
async function firstListedEngineer(request: APIRequestContext) {
  const res = await request.get('/api/engineer/account?page=1&pageSize=10');
  expect(res.ok()).toBe(true);
  const { items } = (await res.json()) as Listed;
  return { id: items[0]!.user_id!, fullName: items[0]!.full_name! };
}

/** What every public page carries in its <head>, read without running any script. */
async function expectHead(page: Page, path: RegExp, name: string) {
  const canonical = page.locator('link[rel="canonical"]');
  await expect(canonical).toHaveAttribute('href', new RegExp(`^${BASE_URL}${path.source}$`));
  expect(new URL(page.url()).pathname).toMatch(new RegExp(`^${path.source}$`));
  await expect(page).toHaveTitle(/StampWorks/);
  expect(await page.title()).toContain(name.slice(0, 40));
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /.{40,}/);
  await expect(page.locator('meta[property="og:url"]')).toHaveAttribute(
    'content',
    (await canonical.getAttribute('href'))!,
  );
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', /StampWorks/);
  const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!);
  expect(ld.mainEntity.name).toBe(name);
  // No script runs here: the only <script> is the JSON-LD data block.
  await expect(page.locator('script:not([type="application/ld+json"])')).toHaveCount(0);
  // Nothing wider than the screen (measured without running a script in the page).
  const width = page.viewportSize()!.width;
  for (const box of [await page.locator('main').boundingBox(), await page.locator('h1').boundingBox()])
    expect(box!.x + box!.width).toBeLessThanOrEqual(width);
}

test.describe('pages search engines read, without JavaScript', () => {
  test("an engineer's public page leads into the app's profile @responsive", async ({
    page,
    request,
    browser,
  }, info) => {
    const engineer = await firstListedEngineer(request);
    // The short address answers with the canonical one.
    await page.goto(`/engineers/${engineer.id}`);
    await expectHead(page, new RegExp(`/engineers/${engineer.id}/[^/]+`), engineer.fullName);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(engineer.fullName);
    await expect(page.getByText('Specializations', { exact: true })).toBeVisible();
    await page.screenshot({ path: info.outputPath(`engineer-${info.project.name}.png`), fullPage: true });

    const button = page.getByRole('link', { name: /^View .*profile and invite them on StampWorks$/ });
    await expect(button).toBeVisible();
    await button.click();
    await expect(page).toHaveURL(`${BASE_URL}/#/engineer_profile/${engineer.id}`);

    // With scripts on, that address is the app's own profile page.
    const withScript = await browser.newContext({ baseURL: BASE_URL, javaScriptEnabled: true });
    const app = await withScript.newPage();
    await app.goto(`/#/engineer_profile/${engineer.id}`);
    await expect(app.getByRole('heading', { level: 1, name: engineer.fullName })).toBeVisible();
    await withScript.close();
  });

  test("an open project's public page leads into the app's project page @responsive", async ({
    page,
    request,
    browser,
  }, info) => {
    // A client of its own (two workers signing in one demo account replace each other's PIN),
    // whose project title has quotes, markup, right-to-left text and an emoji.
    const account = await signUpViaApi(request, { role: 'client', fullName: 'Seo Client' });
    const client = await apiSignIn(request, account.email, account.password);
    const title = `Façade "retrofit" <b>review</b> — مراجعة 🏗️ ${randomBytes(3).toString('hex')}`;
    const posted = await request.post(`/api/projects/${client.user.id}`, {
      headers: { authorization: `Bearer ${client.token}` },
      data: {
        title,
        description: 'Stamped façade retrofit letter for a four-storey office.\nSite visit optional.',
        specializations: ['structural', 'civil'],
        license_type: 'PE',
        budget: 180000,
        country: 'USA',
        state: 'Texas',
        urgency_level: 'medium',
      },
    });
    expect(posted.status(), await posted.text()).toBe(201);
    const project = (await posted.json()) as { id: string; title: string };

    await page.goto(`/projects/${project.id}/not-its-slug`);
    await expectHead(page, new RegExp(`/projects/${project.id}/[^/]+`), project.title);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(project.title);
    await expect(page.getByText('Open for proposals')).toBeVisible();
    await page.screenshot({ path: info.outputPath(`project-${info.project.name}.png`), fullPage: true });

    await page.getByRole('link', { name: 'Open this project on StampWorks to send a proposal' }).click();
    await expect(page).toHaveURL(`${BASE_URL}/#/project_details/${project.id}`);

    // With scripts on, that address is the app's own project page.
    const withScript = await browser.newContext({ baseURL: BASE_URL, javaScriptEnabled: true });
    const app = await withScript.newPage();
    await openSignedIn(app, client, `/project_details/${project.id}`);
    await expect(app.getByRole('heading', { level: 1, name: project.title })).toBeVisible();
    await withScript.close();
  });

  test('the sitemap lists both kinds of page and robots.txt names it', async ({ request }) => {
    const [project, engineer] = await Promise.all([firstOpenProject(request), firstListedEngineer(request)]);
    const robots = await (await request.get('/robots.txt')).text();
    expect(robots).toContain(`Sitemap: ${BASE_URL}/sitemap.xml`);
    const sitemap = await request.get('/sitemap.xml');
    expect(sitemap.headers()['content-type']).toBe('application/xml; charset=utf-8');
    const xml = await sitemap.text();
    expect(xml).toContain(`<loc>${BASE_URL}/projects/${project.id}/`);
    expect(xml).toContain(`<loc>${BASE_URL}/engineers/${engineer.id}/`);
  });
});
