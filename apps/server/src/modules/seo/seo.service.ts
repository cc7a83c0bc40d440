// What the public pages and the sitemap read. Only columns the app already shows to anyone
// are selected: never e-mail, phone, SSN, licence numbers, notes, attachments or the client.
import { isLicenseExpired, isLicenseValid } from '@app/shared';
import { and, asc, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { engineerAccounts, licenses, projects, users } from '../../db/schema/index.ts';
import { ratingStatsFor } from '../rating-stats/index.ts';
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
// with a keyset condition on the order's index: page 12 of 600,000 open projects costs what
// page 1 does, never an OFFSET scan. Where each page starts is found by one pass over that
// index (row_number() in one statement, index-only), kept for `cacheMs`, per instance
// (docs/SEO.md, with the plans measured at a million projects).

type Kind = 'engineers' | 'projects';
export type SitemapPage = { kind: Kind; startAt: string; startId: string; count: number };
export type SitemapPlan = { pages: SitemapPage[]; total: number };

async function rows<T>(ctx: AppContext, query: SQL): Promise<T[]> {
  const result = await ctx.db.execute(query);
  return ((result as unknown as { rows?: T[] }).rows ?? (result as unknown as T[])) as T[];
}

/**
 * A kind's sitemap rows: where they come from, which are listed, their order (written as its
 * index is, so PostgreSQL walks the index instead of sorting: projects_status_created_idx is
 * `created_at desc nulls last, id desc nulls last`, read backwards as `asc nulls first`; the
 * columns are never null, so this is plain ascending order) and their key.
 */
const SOURCES: Record<
  Kind,
  { from: SQL; where: SQL; at: SQL; id: SQL; order: SQL; lastmod: SQL; label: SQL }
> = {
  engineers: {
    from: sql`engineer_accounts ea join users u on u.id = ea.user_id`,
    // Those the directory lists (directory.service.ts, hasListedLicense).
    where: sql`u.role = 'engineer' and exists (select 1 from licenses l where l.user_id = ea.user_id and l.verification_status <> 'rejected')`,
    at: sql`ea.created_at`,
    id: sql`ea.user_id`,
    order: sql`ea.created_at, ea.user_id`,
    lastmod: sql`greatest(ea.updated_at, u.updated_at)`,
    label: sql`u.full_name`,
  },
  projects: {
    from: sql`projects p`,
    where: sql`p.status = 'open'`,
    at: sql`p.created_at`,
    id: sql`p.id`,
    order: sql`p.created_at asc nulls first, p.id asc nulls first`,
    lastmod: sql`p.updated_at`,
    label: sql`p.title`,
  },
};

async function boundaries(ctx: AppContext, kind: Kind, pageSize: number): Promise<SitemapPage[]> {
  const s = SOURCES[kind];
  // The keys travel as text: a timestamp's microseconds would not survive a JavaScript Date.
  const starts = await rows<{ start_at: string; start_id: string; total: number }>(
    ctx,
    sql`select at::text as start_at, id::text as start_id,
          (select count(*) from ${s.from} where ${s.where})::int as total
        from (select ${s.at} as at, ${s.id} as id, row_number() over (order by ${s.order}) as rn
              from ${s.from} where ${s.where}) numbered
        where (rn - 1) % ${pageSize}::int = 0
        order by rn`,
  );
  const total = Number(starts[0]?.total ?? 0);
  return starts.map((b, i) => ({
    kind,
    startAt: b.start_at,
    startId: b.start_id,
    count: i < starts.length - 1 ? pageSize : total - pageSize * i,
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
  const key = sql`(${s.at}, ${s.id})`;
  const from = sql`${key} >= (${page.startAt}::timestamptz, ${page.startId}::uuid)`;
  const until =
    next?.kind === page.kind
      ? sql` and ${key} < (${next.startAt}::timestamptz, ${next.startId}::uuid)`
      : sql``;
  const found = await rows<{ id: string; label: string; lastmod: number }>(
    ctx,
    sql`select ${s.id}::text as id, ${s.label} as label, extract(epoch from ${s.lastmod})::float8 * 1000 as lastmod
        from ${s.from} where ${s.where} and ${from}${until}
        order by ${s.order} limit ${Math.min(pageSize, SITEMAP_MAX_ENTRIES)}::int`,
  );
  // 50,000 slugs take a noticeable while: made in slices, letting other requests in between.
  const entries: SitemapEntry[] = [];
  for (let at = 0; at < found.length; at += SLUGS_PER_SLICE) {
    if (at > 0) await new Promise((resolve) => setImmediate(resolve));
    for (const r of found.slice(at, at + SLUGS_PER_SLICE))
      entries.push({
        path:
          page.kind === 'engineers'
            ? engineerPath({ id: r.id, fullName: r.label })
            : projectPath({ id: r.id, title: r.label }),
        lastmod: new Date(Number(r.lastmod)),
      });
  }
  return entries;
}

const SLUGS_PER_SLICE = 2_000;

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
