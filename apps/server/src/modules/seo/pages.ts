// The public pages search engines read: plain HTML, no script, one small inline style sheet.
// Everything a user wrote (names, titles, descriptions) goes through escapeHtml, or through
// jsonForScript inside the JSON-LD block, and is wrapped with dir="auto" so a right-to-left
// name does not reorder the text around it. docs/SEO.md describes the pages.
import { createHash } from 'node:crypto';
import {
  EDUCATION_LABELS,
  type Education,
  formatCents,
  PRODUCT_NAME,
  SPECIALIZATION_LABELS,
  type Specialization,
} from '@app/shared';
import { escapeHtml } from '../../lib/html.ts';
import { clip, slugify } from './text.ts';

export type PublicEngineer = {
  id: string;
  fullName: string;
  /** In the engineer directory (a licence that is not rejected): only those are indexed. */
  listed: boolean;
  verified: boolean;
  specializations: string[];
  licenses: Array<{ type: string; state: string; country: string; valid: boolean; expired: boolean }>;
  yearsOfExperience: number | null;
  education: string | null;
  availability: string | null;
  hoursRate: number | null;
  country: string | null;
  state: string | null;
  portfolio: string | null;
  avgRating: number;
  ratingCount: number;
  memberSince: Date;
};

export type PublicProject = {
  id: string;
  title: string;
  description: string;
  specializations: string[];
  licenseType: string | null;
  budget: number | null;
  deadline: string | null;
  country: string | null;
  state: string | null;
  urgency: string | null;
  createdAt: Date;
};

/** Addresses of the public pages and of the app's own (hash-routed) pages for the same thing. */
export const engineerPath = (e: { id: string; fullName: string }) =>
  `/engineers/${e.id}/${encodeURIComponent(slugify(e.fullName, 'engineer'))}`;
export const projectPath = (p: { id: string; title: string }) =>
  `/projects/${p.id}/${encodeURIComponent(slugify(p.title, 'project'))}`;
export const engineerAppPath = (id: string) => `/#/engineer_profile/${id}`;
export const projectAppPath = (id: string) => `/#/project_details/${id}`;

/**
 * The pages' whole style sheet. It is inline (no second request before the first paint), so
 * the pages' CSP allows exactly this text by its hash and no other inline style.
 */
export const PAGE_CSS = `*{box-sizing:border-box}
body{margin:0;font:16px/1.55 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#0f172a;background:#f8fafc}
a{color:#1d4ed8}
header,main,footer{max-width:48rem;margin:0 auto;padding:1rem}
header a{font-weight:700;font-size:1.125rem;text-decoration:none;color:#0f172a}
main{background:#fff;border:1px solid #e2e8f0;border-radius:.75rem;padding:1.5rem}
h1{font-size:1.75rem;line-height:1.25;margin:0 0 .5rem;overflow-wrap:anywhere}
h2{font-size:1.125rem;margin:1.5rem 0 .5rem}
p,dd,li{overflow-wrap:anywhere}
.lead{color:#475569;margin:0}
.badge{display:inline-block;background:#dbeafe;color:#1e3a8a;border-radius:999px;padding:.125rem .625rem;font-size:.875rem;font-weight:600}
dl{display:grid;grid-template-columns:repeat(auto-fit,minmax(10rem,1fr));gap:1rem;margin:1.5rem 0}
dt{font-size:.875rem;color:#475569}
dd{margin:0;font-weight:600}
ul.tags{list-style:none;padding:0;display:flex;flex-wrap:wrap;gap:.5rem}
ul.tags li{background:#eff6ff;color:#1e40af;border-radius:999px;padding:.25rem .75rem;font-size:.875rem}
.text{white-space:pre-wrap}
.cta{display:inline-block;margin-top:1.5rem;background:#1d4ed8;color:#fff;font-weight:600;text-decoration:none;border-radius:.5rem;padding:.875rem 1.25rem;min-height:3rem}
.cta:hover,.cta:focus{background:#1e40af}
footer{font-size:.875rem;color:#475569}
footer a{display:inline-block;padding:.75rem .5rem .75rem 0;margin-right:1rem}
@media (max-width:48rem){main{border-radius:0;border-left:0;border-right:0;padding:1.25rem 1rem}}`;

/** 'sha256-…' of PAGE_CSS, for the pages' style-src. */
export const PAGE_CSS_HASH = `sha256-${createHash('sha256').update(PAGE_CSS).digest('base64')}`;

/**
 * JSON for a <script type="application/ld+json"> block: '<', '>' and '&' as \u escapes, so no
 * text inside can close the element ('</script>') or open a comment; U+2028/2029 too.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

const e = escapeHtml;
/** User text inside HTML: escaped, and isolated so right-to-left text keeps to itself. */
const user = (text: string) => `<bdi dir="auto">${e(text)}</bdi>`;

type Shell = {
  status?: number;
  title: string;
  description: string;
  /** Absolute address; absent on error pages. */
  canonical?: string;
  ogType?: string;
  jsonLd?: unknown;
  noindex?: boolean;
  body: string;
};

function page(s: Shell): string {
  const meta = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${e(s.title)}</title>`,
    `<meta name="description" content="${e(s.description)}">`,
    s.noindex ? '<meta name="robots" content="noindex">' : '',
    s.canonical ? `<link rel="canonical" href="${e(s.canonical)}">` : '',
    `<meta property="og:site_name" content="${PRODUCT_NAME}">`,
    `<meta property="og:title" content="${e(s.title)}">`,
    `<meta property="og:description" content="${e(s.description)}">`,
    `<meta property="og:type" content="${s.ogType ?? 'website'}">`,
    s.canonical ? `<meta property="og:url" content="${e(s.canonical)}">` : '',
    '<meta name="twitter:card" content="summary">',
    '<link rel="icon" href="/favicon.svg" type="image/svg+xml">',
    `<style>${PAGE_CSS}</style>`,
    s.jsonLd ? `<script type="application/ld+json">${jsonForScript(s.jsonLd)}</script>` : '',
  ]
    .filter(Boolean)
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
${meta}
</head>
<body>
<header><a href="/">${PRODUCT_NAME}</a></header>
${s.body}
<footer><a href="/#/explore">Explore open projects</a><a href="/#/find_an_engineer">Find a licensed engineer</a></footer>
</body>
</html>
`;
}

const specializationLabel = (s: string) => SPECIALIZATION_LABELS[s as Specialization] ?? s;
const place = (state: string | null, country: string | null) => [state, country].filter(Boolean).join(', ');
const longDate = (d: Date | string) =>
  new Date(d).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
const fact = (label: string, value: string) => `<div><dt>${label}</dt><dd>${value}</dd></div>`;
const tags = (items: string[]) =>
  items.length
    ? `<ul class="tags">${items.map((i) => `<li>${e(i)}</li>`).join('')}</ul>`
    : '<p>Not specified</p>';

/** Only web addresses become links (a portfolio is typed by its engineer). */
const webAddress = (text: string | null) => (text && /^https?:\/\/[^\s]+$/i.test(text) ? text : null);

export function engineerPage(publicUrl: string, x: PublicEngineer): string {
  const canonical = publicUrl + engineerPath(x);
  const where = place(x.state, x.country);
  const licenseTypes = [...new Set(x.licenses.filter((l) => l.valid).map((l) => l.type))];
  const specializations = x.specializations.map(specializationLabel);
  const name = clip(x.fullName, 60);
  const title = `${name} · ${licenseTypes.length ? `${licenseTypes.join(', ')} engineer` : 'Engineer'} on ${PRODUCT_NAME}`;
  const description = clip(
    [
      `${x.fullName}${licenseTypes.length ? `, licensed ${licenseTypes.join(', ')} engineer` : ', engineer'}${where ? ` in ${where}` : ''}.`,
      specializations.length ? `${specializations.join(', ')}.` : '',
      x.ratingCount
        ? `Rated ${x.avgRating.toFixed(1)} of 5 from ${x.ratingCount} review${x.ratingCount === 1 ? '' : 's'}.`
        : '',
      `Hire for stamped engineering drawings on ${PRODUCT_NAME}.`,
    ]
      .filter(Boolean)
      .join(' '),
    158,
  );
  const years = x.yearsOfExperience;
  const facts = [
    fact('Rate', x.hoursRate == null ? 'Not specified' : `${formatCents(x.hoursRate)} per hour`),
    fact('Experience', years == null ? 'Not specified' : `${years} year${years === 1 ? '' : 's'}`),
    fact(
      'Highest education',
      x.education ? e(EDUCATION_LABELS[x.education as Education] ?? x.education) : 'Not specified',
    ),
    fact(
      'Availability',
      x.availability === 'full-time'
        ? 'Full-time'
        : x.availability === 'part-time'
          ? 'Part-time'
          : 'Not specified',
    ),
    fact(
      'Rating',
      x.ratingCount
        ? `${x.avgRating.toFixed(1)} of 5 (${x.ratingCount} review${x.ratingCount === 1 ? '' : 's'})`
        : 'No reviews yet',
    ),
    fact('Member since', longDate(x.memberSince)),
  ].join('');
  const licenses = x.licenses.length
    ? `<ul>${x.licenses
        .map(
          (l) =>
            `<li>${e(l.type)} licence, ${e(place(l.state, l.country))}: ${l.valid ? 'verified' : l.expired ? 'expired' : 'verification pending'}</li>`,
        )
        .join('')}</ul>`
    : '<p>No licence listed yet.</p>';
  const portfolio = webAddress(x.portfolio);
  const body = `<main>
<h1>${user(x.fullName)}</h1>
<p class="lead">${x.verified ? '<span class="badge">Verified licence</span> ' : ''}${where ? `${e(where)}` : ''}</p>
<dl>${facts}</dl>
<h2>Specializations</h2>
${tags(specializations)}
<h2>Licences</h2>
${licenses}
${portfolio ? `<p><a href="${e(portfolio)}" rel="nofollow ugc noopener">Portfolio of ${user(name)}</a></p>` : ''}
<a class="cta" href="${engineerAppPath(x.id)}">View ${user(name)}’s profile and invite them on ${PRODUCT_NAME}</a>
</main>`;
  return page({
    title,
    description,
    canonical,
    ogType: 'profile',
    noindex: !x.listed,
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'ProfilePage',
      url: canonical,
      name: title,
      dateCreated: x.memberSince.toISOString(),
      mainEntity: {
        '@type': 'Person',
        '@id': `${canonical}#person`,
        identifier: x.id,
        name: x.fullName,
        url: canonical,
        jobTitle: licenseTypes.length ? `Licensed ${licenseTypes.join(', ')} engineer` : 'Engineer',
        knowsAbout: specializations,
        ...(where ? { homeLocation: { '@type': 'Place', name: where } } : {}),
        hasCredential: x.licenses
          .filter((l) => l.valid)
          .map((l) => ({
            '@type': 'EducationalOccupationalCredential',
            credentialCategory: 'license',
            name: `${l.type} licence (${place(l.state, l.country)})`,
          })),
        ...(portfolio ? { sameAs: [portfolio] } : {}),
      },
    },
    body,
  });
}

export function projectPage(publicUrl: string, x: PublicProject): string {
  const canonical = publicUrl + projectPath(x);
  const where = place(x.state, x.country);
  const specializations = x.specializations.map(specializationLabel);
  const title = `${clip(x.title, 60)} · Engineering project on ${PRODUCT_NAME}`;
  const description = clip(
    [
      x.licenseType ? `${x.licenseType} engineer wanted` : 'Engineer wanted',
      where ? ` in ${where}` : '',
      x.budget != null ? `, budget ${formatCents(x.budget)}` : '',
      '. ',
      x.description,
    ].join(''),
    158,
  );
  const facts = [
    fact('Budget', x.budget == null ? 'Not specified' : formatCents(x.budget)),
    fact('Deadline', x.deadline ? longDate(x.deadline) : 'Not specified'),
    fact('Location', where ? e(where) : 'Not specified'),
    fact('Licence required', x.licenseType ? e(x.licenseType) : 'Any'),
    fact('Urgency', x.urgency ? e(x.urgency[0]!.toUpperCase() + x.urgency.slice(1)) : 'Not specified'),
    fact('Posted', longDate(x.createdAt)),
  ].join('');
  const body = `<main>
<h1>${user(x.title)}</h1>
<p class="lead"><span class="badge">Open for proposals</span></p>
<dl>${facts}</dl>
<h2>Specializations</h2>
${tags(specializations)}
<h2>Description</h2>
<p class="text" dir="auto">${e(x.description)}</p>
<a class="cta" href="${projectAppPath(x.id)}">Open this project on ${PRODUCT_NAME} to send a proposal</a>
</main>`;
  return page({
    title,
    description,
    canonical,
    ogType: 'website',
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'WebPage',
      url: canonical,
      name: title,
      datePublished: x.createdAt.toISOString(),
      // A Demand: a public announcement that someone seeks a service (stamped drawings).
      mainEntity: {
        '@type': 'Demand',
        '@id': `${canonical}#demand`,
        identifier: x.id,
        name: x.title,
        description: x.description,
        url: canonical,
        validFrom: x.createdAt.toISOString(),
        ...(where ? { areaServed: { '@type': 'AdministrativeArea', name: where } } : {}),
        ...(x.budget != null
          ? {
              priceSpecification: {
                '@type': 'PriceSpecification',
                price: (x.budget / 100).toFixed(2),
                priceCurrency: 'USD',
              },
            }
          : {}),
        itemOffered: {
          '@type': 'Service',
          name: `${x.licenseType ? `${x.licenseType}-stamped ` : ''}engineering drawings`,
          ...(specializations.length ? { serviceType: specializations } : {}),
        },
      },
    },
    body,
  });
}

/** A page for an address that shows nothing (404) or a project that is no longer open (410). */
export function missingPage(status: 404 | 410, kind: 'engineer' | 'project'): string {
  const heading =
    status === 410
      ? 'This project is no longer open for proposals'
      : kind === 'engineer'
        ? 'No engineer at this address'
        : 'No project at this address';
  return page({
    title: `${heading} · ${PRODUCT_NAME}`,
    description: heading,
    noindex: true,
    body: `<main>
<h1>${heading}</h1>
<a class="cta" href="${kind === 'engineer' ? '/#/find_an_engineer' : '/#/explore'}">${kind === 'engineer' ? 'Find a licensed engineer' : 'Explore open projects'}</a>
</main>`,
  });
}
