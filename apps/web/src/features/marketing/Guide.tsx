// Engineering Guides (docs/PRODUCT.md#screens): six topics. A table of contents scrolls to each topic with
// buttons, because an in-page '#anchor' link would be read as a route by the hash router.
import { Briefcase, DollarSign, FileBadge, Laptop, Scale, Wrench } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { usePageMeta } from '../../lib/usePageMeta';
import { PageIntro, Prose } from './components';

type Topic = { id: string; icon: typeof Scale; title: string; summary: string; body: ReactNode };

const TOPICS: Topic[] = [
  {
    id: 'pe-licensing',
    icon: FileBadge,
    title: 'PE licensing requirements',
    summary: 'How engineers become licensed, and why the jurisdiction on the seal matters.',
    body: (
      <>
        <p>
          In the United States, engineering is licensed by each state and territory. The usual path is an
          ABET-accredited degree, the Fundamentals of Engineering (FE) exam, about four years of qualifying
          experience under a licensed engineer, and the Principles and Practice of Engineering (PE) exam. Some
          states add a separate Structural Engineer (SE) licence for significant structures.
        </p>
        <p>
          In Australia, Chartered Professional Engineer (CPEng) status is awarded by Engineers Australia, and
          several states — Queensland, Victoria and New South Wales among them — run their own registration
          schemes for professional engineers working on buildings.
        </p>
        <h3>What this means on StampWorks</h3>
        <ul>
          <li>
            A seal is valid only where the engineer is licensed. Engineers working in another state generally
            need a licence there too, often obtained by comity through NCEES records.
          </li>
          <li>
            Keep every licence on your profile current: add the licence number, type, issuing state and
            country and the expiration date. Expired licences cannot be used to take stamping work.
          </li>
          <li>
            Most states require continuing education (commonly 15–30 professional development hours a year or
            per renewal cycle). Track your hours; renewal audits ask for proof.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'remote-work',
    icon: Laptop,
    title: 'Remote work best practices',
    summary: 'Delivering reliable sealed work without visiting every site.',
    body: (
      <>
        <p>
          Much stamping work can be done remotely, but only if the information you rely on is complete. Treat
          the project description as the start of your design basis, not the whole of it.
        </p>
        <ul>
          <li>
            <strong>Confirm the design basis in writing.</strong> Before you start, list governing codes and
            editions, loads, soil assumptions, and existing conditions in the chat, and ask the client to
            confirm.
          </li>
          <li>
            <strong>Ask for evidence.</strong> Photos with a tape measure in frame, existing drawings,
            geotechnical reports and manufacturer data sheets reduce site-visit needs and change orders.
          </li>
          <li>
            <strong>Know when to visit.</strong> If the work depends on conditions you cannot verify remotely
            — deterioration, unusual framing, questionable soils — say so in your proposal and price a site
            visit or a local inspection.
          </li>
          <li>
            <strong>Keep the conversation on the project.</strong> Decisions made in the project chat and
            submissions are part of the record if questions come up later.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'software-tools',
    icon: Wrench,
    title: 'Software and tools',
    summary: 'A practical toolkit for analysis, drafting and digital sealing.',
    body: (
      <>
        <ul>
          <li>
            <strong>Analysis:</strong> general frame and finite-element packages (for example RISA, SAP2000,
            ETABS, STAAD.Pro) for structures; dedicated tools for wood, steel connections, foundations and
            retaining walls; hydraulic calculation software for fire sprinkler systems; load calculation tools
            for HVAC and electrical.
          </li>
          <li>
            <strong>Drafting:</strong> AutoCAD, Revit or other BIM tools for sets; keep a title block template
            with your name, licence number and jurisdiction fields ready.
          </li>
          <li>
            <strong>Calculations:</strong> present hand or spreadsheet calculations clearly, with references
            to code sections, so a plan reviewer can follow them.
          </li>
          <li>
            <strong>Digital seals and signatures:</strong> many permit offices accept digitally signed PDFs.
            Use a certificate-based signature that flags later changes, and check your state board’s rules on
            electronic seals before delivering.
          </li>
        </ul>
        <p>
          Deliverables on StampWorks are PDF files — export a single, searchable, sealed PDF per submission.
        </p>
      </>
    ),
  },
  {
    id: 'legal-compliance',
    icon: Scale,
    title: 'Legal and compliance',
    summary: 'Responsible charge, scope, insurance and record keeping.',
    body: (
      <>
        <ul>
          <li>
            <strong>Responsible charge.</strong> Seal only work you prepared or that was prepared under your
            direct supervision and that you have fully reviewed. “Plan stamping” of work you did not check is
            a disciplinary offence in every US state.
          </li>
          <li>
            <strong>Define the scope.</strong> State precisely what your seal covers (for example “beam B-1
            and its connections only”) on the drawings and in your proposal. Exclusions protect you and inform
            the client.
          </li>
          <li>
            <strong>Insurance.</strong> Professional liability (errors and omissions) insurance is strongly
            recommended and often required by clients. Check that your policy covers work in every
            jurisdiction you practise in.
          </li>
          <li>
            <strong>Firm registration.</strong> Some states require a certificate of authorization for a firm
            or sole proprietor offering engineering services, in addition to your personal licence.
          </li>
          <li>
            <strong>Records.</strong> Keep calculations, correspondence and issued sets for the period your
            state requires — often several years after completion.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'portfolio',
    icon: Briefcase,
    title: 'Building a portfolio',
    summary: 'A profile that wins the right projects.',
    body: (
      <>
        <ul>
          <li>
            <strong>Lead with your licences.</strong> Verified licences in the right jurisdictions are the
            first thing clients filter on. Add all of them.
          </li>
          <li>
            <strong>Be specific about your specializations.</strong> Choose the specializations you actually
            practise and describe typical projects: “residential framing and decks”, “sprinkler system
            retrofits”, “rooftop solar attachments”.
          </li>
          <li>
            <strong>Show work, protect clients.</strong> Link a portfolio with redacted sheets or project
            summaries — never share a client’s drawings without permission.
          </li>
          <li>
            <strong>Earn reviews.</strong> Clear communication and on-time delivery are what clients rate.
            Your average rating and review count appear on your public profile.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'pricing',
    icon: DollarSign,
    title: 'Pricing services',
    summary: 'Quoting fixed fees that are fair to you and clear to clients.',
    body: (
      <>
        <p>
          Clients compare proposals side by side, so a clear fixed fee with a defined scope usually wins over
          a vague estimate.
        </p>
        <ol>
          <li>Estimate your hours for review, design, calculations, drafting and revisions.</li>
          <li>Multiply by your hourly rate, then add any site visit, travel or specialist input.</li>
          <li>
            Add a margin for risk: unusual structures, incomplete information or a tight deadline justify a
            higher fee.
          </li>
          <li>
            Remember the platform fee: StampWorks keeps 20% of the project payment and pays out 80% to you, so
            price your proposal to cover it.
          </li>
        </ol>
        <p>
          State what is included (for example one round of revisions after plan-check comments) and what is
          billed separately. Payouts of at least 10 USD run on the first Sunday of the week after the client
          accepts your final submission.
        </p>
      </>
    ),
  },
];

function scrollToTopic(id: string) {
  const target = document.getElementById(id);
  if (!target) return;
  target.scrollIntoView({ behavior: 'smooth', block: 'start' });
  target.focus({ preventScroll: true });
}

export function Guide() {
  usePageMeta(
    'Engineering Guides',
    'Practical guides for engineers on StampWorks: PE licensing requirements, remote work, software and tools, legal and compliance, building a portfolio and pricing services.',
  );
  return (
    <main>
      <PageIntro
        eyebrow="Resources"
        title="Engineering Guides"
        lead={
          <p>
            Practical advice for licensed engineers doing remote review and stamping work — and useful
            background for clients who want to know what goes into a sealed drawing.
          </p>
        }
      />
      <div className="mx-auto max-w-6xl px-4 py-14 sm:px-6 lg:px-8">
        <nav aria-label="Guide topics">
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {TOPICS.map(({ id, icon: Icon, title, summary }) => (
              <li key={id}>
                <button
                  type="button"
                  onClick={() => scrollToTopic(id)}
                  className="card flex h-full w-full gap-4 p-5 text-left transition hover:border-brand-600 hover:shadow-md"
                >
                  <span className="grid h-10 w-10 shrink-0 place-items-center rounded-lg bg-brand-50 text-brand-700">
                    <Icon className="h-5 w-5" aria-hidden />
                  </span>
                  <span>
                    <span className="block font-semibold text-slate-900">{title}</span>
                    <span className="mt-1 block text-sm leading-6 text-slate-700">{summary}</span>
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </nav>

        <div className="mx-auto mt-16 max-w-3xl space-y-8">
          {TOPICS.map(({ id, icon: Icon, title, body }) => (
            <article
              key={id}
              id={id}
              tabIndex={-1}
              aria-labelledby={`${id}-title`}
              className="card scroll-mt-24 p-6 outline-none focus-visible:ring-2 focus-visible:ring-brand-600 sm:p-8"
            >
              <div className="flex items-center gap-3">
                <Icon className="h-6 w-6 text-brand-700" aria-hidden />
                <h2 id={`${id}-title`} className="text-2xl font-bold tracking-tight text-slate-900">
                  {title}
                </h2>
              </div>
              <div className="mt-4">
                <Prose>{body}</Prose>
              </div>
            </article>
          ))}
          <p className="text-sm text-slate-600">
            These guides are general information, not legal or professional advice. Licensing and sealing
            rules change — check with your licensing board. Questions about the platform?{' '}
            <Link to="/qa" className="font-semibold text-brand-700 underline">
              FAQ &amp; Support
            </Link>
            .
          </p>
        </div>
      </div>
    </main>
  );
}
