// The landing page of docs/PRODUCT.md#screens: hero, feature cards, How It Works, client benefits,
// security, the engineer call to action and the FAQ. Headings are the original design's texts.
import {
  ArrowRight,
  BadgeCheck,
  ClipboardList,
  CreditCard,
  FileCheck2,
  FileSearch,
  Handshake,
  History,
  Layers,
  Lock,
  MapPin,
  ShieldCheck,
  Stamp,
} from 'lucide-react';
import { Link } from 'react-router';
import { usePageMeta } from '../../lib/usePageMeta';
import { FaqList } from './components';
import { HeroIllustration } from './HeroIllustration';

const FEATURES = [
  {
    icon: BadgeCheck,
    title: 'Verified Experts',
    text: 'Every engineer proves an active licence from the issuing jurisdiction before they can be hired. Our team checks the licence number, type, state and expiry.',
  },
  {
    icon: ShieldCheck,
    title: 'Secure & Transparent',
    text: 'Fixed proposals, a signed contract and funds held in escrow until you accept the work. Every message, file and payment stays on the record.',
  },
  {
    icon: Stamp,
    title: 'Stamped Deliverables',
    text: 'Receive signed and stamped PDF drawings ready to submit for permitting, reviewed and sealed by an engineer licensed where your project is built.',
  },
];

const STEPS = [
  {
    icon: ClipboardList,
    title: 'Post a Project',
    text: 'Describe the work, the location, the specialization and licence you need, your budget and deadline. Attach drawings or calculations. Posting is free.',
  },
  {
    icon: Handshake,
    title: 'Accept a Proposal',
    text: 'Licensed engineers send proposals with a price and timeline. Compare profiles and reviews, sign the contract and pay into escrow.',
  },
  {
    icon: FileCheck2,
    title: 'Receive Stamped Plans',
    text: 'Chat with your engineer, review the submitted PDFs, and accept the final stamped set. Only then is the engineer paid.',
  },
];

const BENEFITS = [
  {
    icon: MapPin,
    title: 'Find Local Experts',
    text: 'Search engineers by state or jurisdiction, so the seal on your drawings is one your permit office accepts.',
  },
  {
    icon: Layers,
    title: 'Flexible Project Scopes',
    text: 'From a single beam calculation or a letter of certification to a full structural, MEP or fire protection set.',
  },
  {
    icon: History,
    title: 'Auditable Records',
    text: 'Proposals, contract, messages, submissions and payments are kept together, so you can show exactly who approved what and when.',
  },
];

const FAQ = [
  {
    question: 'What is a stamped drawing?',
    answer: (
      <p>
        A stamped (or sealed) drawing carries the seal and signature of a licensed Professional Engineer. The
        stamp certifies that the engineer prepared or reviewed the design and takes professional
        responsibility for it. Building departments require stamped drawings for most structural, mechanical,
        electrical and fire protection work before they issue a permit.
      </p>
    ),
  },
  {
    question: 'How are engineers verified?',
    answer: (
      <p>
        Engineers are verified by proof of an active licence from the issuing jurisdiction. They submit the
        licence number, type, issuing state and country and expiration date; our team checks it against the
        licensing board before the licence shows as verified. Licences are re-checked when they expire.
      </p>
    ),
  },
  {
    question: 'Is the platform secure?',
    answer: (
      <>
        <p>
          Yes. StampWorks stores no card data: payments are handled by our card payment provider, and your
          card details go straight to them. Your payment is held in escrow until the project is completed to
          your satisfaction.
        </p>
        <p>
          Accounts are protected by a one-time PIN on new devices, and every file and message stays private to
          the people on the project. If something goes wrong, our support team mediates disputes.{' '}
          <Link to="/trust" className="font-medium text-brand-700 underline">
            Read about Trust &amp; Safety
          </Link>
          .
        </p>
      </>
    ),
  },
];

export function Landing() {
  usePageMeta(
    'Stamped Engineering Drawings from Licensed Engineers',
    'StampWorks connects you with verified, licensed engineers who review, sign and stamp your drawings for permitting. Post a project for free and pay only when you accept a proposal.',
  );
  return (
    <main>
      {/* Hero */}
      <section className="relative overflow-hidden bg-gradient-to-b from-brand-50 via-white to-white">
        <div className="mx-auto grid max-w-7xl items-center gap-14 px-4 pb-20 pt-12 sm:px-6 sm:pt-16 lg:grid-cols-2 lg:px-8 lg:pb-28 lg:pt-24">
          <div>
            <p className="inline-flex items-center gap-2 rounded-full border border-brand-100 bg-white px-3 py-1 text-sm font-medium text-brand-700 shadow-sm">
              <BadgeCheck className="h-4 w-4" aria-hidden />
              Licensed PE &amp; CPE engineers in the US and Australia
            </p>
            <h1 className="mt-6 text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl lg:text-6xl">
              The Fastest Way to a Stamped Drawing
            </h1>
            <p className="mt-6 max-w-xl text-lg leading-8 text-slate-700">
              Post your project, compare proposals from verified engineers and receive signed, stamped plans
              ready for your permit application — without chasing referrals or paying before you choose.
            </p>
            <div className="mt-8 flex flex-col gap-3 sm:flex-row">
              <Link to="/find_an_engineer" className="btn-primary px-6 py-3 text-base shadow-sm">
                Find an Engineer
                <ArrowRight className="h-4 w-4" aria-hidden />
              </Link>
              <Link to="/create_project" className="btn-secondary px-6 py-3 text-base">
                Post a Project
              </Link>
            </div>
            <dl className="mt-10 grid max-w-md grid-cols-2 gap-6 border-t border-slate-200 pt-8">
              <div>
                <dt className="text-sm text-slate-600">Verified engineers</dt>
                <dd className="mt-1 text-3xl font-bold tracking-tight text-slate-900">1,250+</dd>
              </div>
              <div>
                <dt className="text-sm text-slate-600">Projects reviewed</dt>
                <dd className="mt-1 text-3xl font-bold tracking-tight text-slate-900">4,780+</dd>
              </div>
            </dl>
          </div>
          <HeroIllustration />
        </div>
      </section>

      {/* Feature cards */}
      <section aria-labelledby="features-title" className="mx-auto max-w-7xl px-4 py-20 sm:px-6 lg:px-8">
        <div className="mx-auto max-w-2xl text-center">
          <h2 id="features-title" className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
            Engineering sign-off you can rely on
          </h2>
          <p className="mt-4 text-lg text-slate-700">
            StampWorks is built for one job: getting your drawings reviewed and stamped by the right licensed
            engineer, quickly and on the record.
          </p>
        </div>
        <div className="mt-12 grid gap-6 md:grid-cols-3">
          {FEATURES.map(({ icon: Icon, title, text }) => (
            <article key={title} className="card p-6 transition hover:-translate-y-0.5 hover:shadow-md">
              <span className="grid h-12 w-12 place-items-center rounded-xl bg-brand-50 text-brand-700">
                <Icon className="h-6 w-6" aria-hidden />
              </span>
              <h3 className="mt-5 text-lg font-semibold text-slate-900">{title}</h3>
              <p className="mt-2 leading-7 text-slate-700">{text}</p>
            </article>
          ))}
        </div>
      </section>

      {/* How it works */}
      <section aria-labelledby="how-title" className="border-y border-slate-200 bg-white">
        <div className="mx-auto max-w-7xl px-4 py-20 sm:px-6 lg:px-8">
          <div className="mx-auto max-w-2xl text-center">
            <h2 id="how-title" className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
              How It Works
            </h2>
            <p className="mt-4 text-lg text-slate-700">
              Three steps from a project description to sealed plans.
            </p>
          </div>
          <ol className="mt-14 grid gap-10 md:grid-cols-3 md:gap-8">
            {STEPS.map(({ icon: Icon, title, text }, i) => (
              <li key={title} className="relative text-center">
                {i < STEPS.length - 1 && (
                  <span
                    aria-hidden
                    className="absolute left-[calc(50%+3rem)] top-8 hidden h-px w-[calc(100%-6rem)] border-t-2 border-dashed border-brand-100 md:block"
                  />
                )}
                <span className="relative mx-auto grid h-16 w-16 place-items-center rounded-2xl bg-brand-600 text-white shadow-lg shadow-brand-600/20">
                  <Icon className="h-7 w-7" aria-hidden />
                  <span className="absolute -right-2 -top-2 grid h-7 w-7 place-items-center rounded-full border-2 border-white bg-slate-900 text-xs font-bold">
                    {i + 1}
                  </span>
                </span>
                <h3 className="mt-6 text-lg font-semibold text-slate-900">{title}</h3>
                <p className="mx-auto mt-2 max-w-xs leading-7 text-slate-700">{text}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      {/* Client benefits */}
      <section aria-labelledby="clients-title" className="mx-auto max-w-7xl px-4 py-20 sm:px-6 lg:px-8">
        <div className="grid gap-12 lg:grid-cols-5 lg:gap-16">
          <div className="lg:col-span-2">
            <p className="text-sm font-semibold uppercase tracking-wider text-brand-700">For clients</p>
            <h2
              id="clients-title"
              className="mt-3 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl"
            >
              Built for homeowners, contractors and design teams
            </h2>
            <p className="mt-4 text-lg leading-8 text-slate-700">
              Whether you need one letter for a permit desk or a recurring partner for your drafting firm,
              StampWorks gives you qualified engineers and a clear paper trail.
            </p>
            <Link
              to="/explore"
              className="mt-6 inline-flex items-center gap-1 font-semibold text-brand-700 hover:underline"
            >
              See what others are posting
              <ArrowRight className="h-4 w-4" aria-hidden />
            </Link>
          </div>
          <ul className="grid gap-4 lg:col-span-3">
            {BENEFITS.map(({ icon: Icon, title, text }) => (
              <li key={title} className="card flex gap-4 p-5">
                <span className="grid h-11 w-11 shrink-0 place-items-center rounded-lg bg-emerald-50 text-emerald-700">
                  <Icon className="h-5 w-5" aria-hidden />
                </span>
                <div>
                  <h3 className="font-semibold text-slate-900">{title}</h3>
                  <p className="mt-1 leading-7 text-slate-700">{text}</p>
                </div>
              </li>
            ))}
          </ul>
        </div>
      </section>

      {/* Security */}
      <section aria-labelledby="security-title" className="bg-slate-900 text-white">
        <div className="mx-auto max-w-7xl px-4 py-20 sm:px-6 lg:px-8">
          <div className="max-w-2xl">
            <p className="text-sm font-semibold uppercase tracking-wider text-brand-100">Security</p>
            <h2 id="security-title" className="mt-3 text-3xl font-bold tracking-tight sm:text-4xl">
              Your money and your data, protected
            </h2>
            <p className="mt-4 text-lg leading-8 text-slate-300">
              Funds are held in escrow until the project is completed to your satisfaction, and disputes are
              mediated by our support team.
            </p>
          </div>
          <div className="mt-12 grid gap-6 md:grid-cols-2">
            <article className="rounded-2xl border border-slate-700 bg-slate-800/60 p-6">
              <Lock className="h-7 w-7 text-brand-100" aria-hidden />
              <h3 className="mt-4 text-xl font-semibold">No Payment Data Stored</h3>
              <p className="mt-2 leading-7 text-slate-300">
                StampWorks never sees or stores your card number. Payments are processed by our card payment
                provider on its own secure checkout page.
              </p>
            </article>
            <article className="rounded-2xl border border-slate-700 bg-slate-800/60 p-6">
              <CreditCard className="h-7 w-7 text-brand-100" aria-hidden />
              <h3 className="mt-4 text-xl font-semibold">Pay After Proposal</h3>
              <p className="mt-2 leading-7 text-slate-300">
                Posting a project is free. You are charged only when you accept a proposal, and you have 24
                hours after accepting to ask for a full refund under our 100% money-back guarantee.
              </p>
            </article>
          </div>
        </div>
      </section>

      {/* Engineer call to action */}
      <section aria-labelledby="engineers-title" className="mx-auto max-w-7xl px-4 py-20 sm:px-6 lg:px-8">
        <div className="relative overflow-hidden rounded-3xl bg-gradient-to-br from-brand-600 to-brand-800 px-6 py-12 text-white shadow-xl sm:px-12 lg:flex lg:items-center lg:justify-between lg:gap-10">
          <div className="max-w-2xl">
            <p className="text-sm font-semibold uppercase tracking-wider text-brand-100">For engineers</p>
            <h2 id="engineers-title" className="mt-3 text-3xl font-bold tracking-tight sm:text-4xl">
              Put your licence to work
            </h2>
            <p className="mt-4 text-lg leading-8 text-brand-50">
              Find stamping and review work in your jurisdiction, send proposals on your terms and get paid to
              your payout account once the client accepts your final submission.
            </p>
          </div>
          <Link
            to="/sign-up"
            className="btn mt-8 shrink-0 bg-white px-6 py-3 text-base text-brand-700 shadow-sm hover:bg-brand-50 lg:mt-0"
          >
            Join as an Engineer
            <ArrowRight className="h-4 w-4" aria-hidden />
          </Link>
          <FileSearch aria-hidden className="absolute -bottom-10 -right-10 h-48 w-48 text-white/5" />
        </div>
      </section>

      {/* FAQ */}
      <section aria-labelledby="faq-title" className="border-t border-slate-200 bg-white">
        <div className="mx-auto max-w-3xl px-4 py-20 sm:px-6 lg:px-8">
          <h2
            id="faq-title"
            className="text-center text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl"
          >
            Frequently asked questions
          </h2>
          <div className="mt-10">
            <FaqList items={FAQ} />
          </div>
          <p className="mt-8 text-center text-slate-700">
            More answers in{' '}
            <Link to="/qa" className="font-semibold text-brand-700 underline">
              FAQ &amp; Support
            </Link>
            .
          </p>
        </div>
      </section>
    </main>
  );
}
