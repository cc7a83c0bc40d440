// What the public pages and the sitemap read. Only columns the app already shows to anyone
// are selected: never e-mail, phone, SSN, licence numbers, notes, attachments or the client.
import { isLicenseExpired, isLicenseValid } from '@app/shared';
import { and, asc, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { engineerAccounts, licenses, projects, users } from '../../db/schema/index.ts';
import { ratingStatsFor } from '../ratings/index.ts';
import { engineerPath, type PublicEngineer, type PublicProject, projectPath } from './pages.ts';
import { SITEMAP_MAX_ENTRIES, type SitemapEntry } from './sitemap.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (s: string) => UUID.test(s);

/** An engineer's public page, or null when there is no engineer with this id. */
export async function findPublicEngineer(
  ctx: AppContext,
  id: string,
  now = new Date(),
): Promise<PublicEngineer | null> {
  if (!isUuid(id)) return null;
  const [row] = await ctx.db
    .select({
      id: users.id,
      fullName: users.fullName,
      memberSince: users.createdAt,
      hasAccount: engineerAccounts.id,
      specializations: engineerAccounts.specializations,
      yearsOfExperience: engineerAccounts.yearsOfExperience,
      education: engineerAccounts.highestEducation,
      availability: engineerAccounts.availability,
      hoursRate: engineerAccounts.hoursRate,
      country: engineerAccounts.country,
      state: engineerAccounts.state,
      portfolio: engineerAccounts.portfolio,
    })
    .from(users)
    .leftJoin(engineerAccounts, eq(engineerAccounts.userId, users.id))
    .where(and(eq(users.id, id), eq(users.role, 'engineer')));
  if (!row) return null;
  const [held, ratings] = await Promise.all([
    ctx.db
      .select({
        type: licenses.licenseType,
        state: licenses.issueState,
        country: licenses.issueCountry,
        verification_status: licenses.verificationStatus,
        expiration_date: licenses.expirationDate,
      })
      .from(licenses)
      .where(and(eq(licenses.userId, id), ne(licenses.verificationStatus, 'rejected')))
      .orderBy(asc(licenses.createdAt)),
    ratingStatsFor(ctx.db, [id]),
  ]);
  const shown = held.map((l) => ({
    type: l.type,
    state: l.state,
    country: l.country,
    valid: isLicenseValid(l, now),
    expired: isLicenseExpired(l, now),
  }));
  const stats = ratings.get(id) ?? { avg_rating: 0, rating_count: 0 };
  return {
    id: row.id,
    fullName: row.fullName,
    // The directory lists engineers with an account and a licence that is not rejected.
    listed: row.hasAccount !== null && held.length > 0,
    verified: shown.some((l) => l.valid),
    specializations: row.specializations ?? [],
    licenses: shown,
    yearsOfExperience: row.yearsOfExperience,
    education: row.education,
    availability: row.availability,
    hoursRate: row.hoursRate,
    country: row.country,
    state: row.state,
    portfolio: row.portfolio,
    avgRating: stats.avg_rating,
    ratingCount: stats.rating_count,
    memberSince: row.memberSince,
  };
}

/** A project's public page: the project while open, 'closed' once it is not, null when there is none. */
export async function findOpenProject(ctx: AppContext, id: string): Promise<PublicProject | 'closed' | null> {
  if (!isUuid(id)) return null;
  const [row] = await ctx.db
    .select({
      id: projects.id,
      status: projects.status,
      title: projects.title,
      description: projects.description,
      specializations: projects.specializations,
      licenseType: projects.licenseType,
      budget: projects.budget,
      deadline: projects.deadline,
      country: projects.country,
      state: projects.state,
      urgency: projects.urgencyLevel,
      createdAt: projects.createdAt,
    })
    .from(projects)
    .where(eq(projects.id, id));
  if (!row) return null;
  if (row.status !== 'open') return 'closed';
  const { status: _status, ...project } = row;
  return project;
}

// --- The sitemap ---------------------------------------------------------------------------
//
// Each kind of page (engineers, then projects) is cut into sitemap pages of `pageSize` in a
// fixed order, (created_at, id) ascending, so new rows land on the last page and the others
// stay put. A page is the key range from its first row to the next page's first row, read
// with a keyset condition on the order's index: page 20 of a million projects costs what
// page 1 does, never an OFFSET scan. Where each page starts is found by one pass over the
// index (row_number() in one statement), kept for `cacheMs`, per instance (docs/SEO.md).

type Kind = 'engineers' | 'projects';
type Boundary = { page: number; n: number; lastmod: number; start_at: string; start_id: string };
export type SitemapPage = { kind: Kind; startAt: string; startId: string; count: number; lastmod: Date };
export type SitemapPlan = { pages: SitemapPage[]; total: number };

async function rows<T>(ctx: AppContext, query: SQL): Promise<T[]> {
  const result = await ctx.db.execute(query);
  return ((result as unknown as { rows?: T[] }).rows ?? (result as unknown as T[])) as T[];
}

/** What a kind's sitemap rows are: the table, its order key and which rows are listed. */
const SOURCES: Record<Kind, { from: SQL; key: SQL; where: SQL; lastmod: SQL; label: SQL }> = {
  engineers: {
    from: sql`engineer_accounts ea join users u on u.id = ea.user_id`,
    key: sql`(ea.created_at, ea.user_id)`,
    // Those the directory lists (directory.service.ts, hasListedLicense).
    where: sql`u.role = 'engineer' and exists (select 1 from licenses l where l.user_id = ea.user_id and l.verification_status <> 'rejected')`,
    lastmod: sql`greatest(ea.updated_at, u.updated_at)`,
    label: sql`u.full_name`,
  },
  projects: {
    from: sql`projects p`,
    key: sql`(p.created_at, p.id)`,
    where: sql`p.status = 'open'`,
    lastmod: sql`p.updated_at`,
    label: sql`p.title`,
  },
};
const keyColumns: Record<Kind, { at: SQL; id: SQL }> = {
  engineers: { at: sql`ea.created_at`, id: sql`ea.user_id` },
  projects: { at: sql`p.created_at`, id: sql`p.id` },
};

async function boundaries(ctx: AppContext, kind: Kind, pageSize: number): Promise<SitemapPage[]> {
  const s = SOURCES[kind];
  const k = keyColumns[kind];
  const found = await rows<Boundary>(
    ctx,
    sql`select (rn - 1) / ${pageSize}::int as page, count(*)::int as n,
          extract(epoch from max(lastmod))::float8 * 1000 as lastmod,
          min(case when (rn - 1) % ${pageSize}::int = 0 then at_text end) as start_at,
          min(case when (rn - 1) % ${pageSize}::int = 0 then id_text end) as start_id
        from (select ${k.at}::text as at_text, ${k.id}::text as id_text, ${s.lastmod} as lastmod,
                row_number() over (order by ${k.at}, ${k.id}) as rn
              from ${s.from} where ${s.where}) numbered
        group by 1 order by 1`,
  );
  return found.map((b) => ({
    kind,
    startAt: b.start_at,
    startId: b.start_id,
    count: Number(b.n),
    lastmod: new Date(Number(b.lastmod)),
  }));
}

export async function planSitemap(ctx: AppContext, pageSize: number): Promise<SitemapPlan> {
  const [engineers, projectPages] = await Promise.all([
    boundaries(ctx, 'engineers', pageSize),
    boundaries(ctx, 'projects', pageSize),
  ]);
  const pages = [...engineers, ...projectPages];
  return { pages, total: pages.reduce((sum, p) => sum + p.count, 0) };
}

/** The entries of page `index` (0-based) of `plan`: its key range, at most `pageSize` rows. */
export async function sitemapEntries(
  ctx: AppContext,
  plan: SitemapPlan,
  index: number,
  pageSize: number,
): Promise<SitemapEntry[]> {
  const page = plan.pages[index];
  if (!page) return [];
  const next = plan.pages[index + 1];
  const s = SOURCES[page.kind];
  const k = keyColumns[page.kind];
  const from = sql`${s.key} >= (${page.startAt}::timestamptz, ${page.startId}::uuid)`;
  const until =
    next?.kind === page.kind
      ? sql` and ${s.key} < (${next.startAt}::timestamptz, ${next.startId}::uuid)`
      : sql``;
  const found = await rows<{ id: string; label: string; lastmod: number }>(
    ctx,
    sql`select ${k.id}::text as id, ${s.label} as label, extract(epoch from ${s.lastmod})::float8 * 1000 as lastmod
        from ${s.from} where ${s.where} and ${from}${until}
        order by ${k.at}, ${k.id} limit ${Math.min(pageSize, SITEMAP_MAX_ENTRIES)}::int`,
  );
  return found.map((r) => ({
    path:
      page.kind === 'engineers'
        ? engineerPath({ id: r.id, fullName: r.label })
        : projectPath({ id: r.id, title: r.label }),
    lastmod: new Date(Number(r.lastmod)),
  }));
}

/**
 * The sitemap of one app: the plan is computed at most once per `cacheMs` (concurrent
 * requests share the computation).
 */
export function createSitemap(ctx: AppContext, opts: { pageSize: number; cacheMs: number }) {
  let cached: { at: number; plan: Promise<SitemapPlan> } | null = null;
  const plan = () => {
    const now = Date.now();
    if (!cached || now - cached.at >= opts.cacheMs) {
      const computing = planSitemap(ctx, opts.pageSize);
      cached = { at: now, plan: computing };
      // A failed computation is not kept: the next request tries again.
      computing.catch(() => {
        if (cached?.plan === computing) cached = null;
      });
    }
    return cached.plan;
  };
  return {
    pageSize: opts.pageSize,
    plan,
    entries: async (index: number) => sitemapEntries(ctx, await plan(), index, opts.pageSize),
  };
}
