import { ArrowRight, Compass, Eye, Scale, Users } from 'lucide-react';
import { Link } from 'react-router';
import { usePageMeta } from '../../lib/usePageMeta';
import { PageIntro } from './components';

const VALUES = [
  {
    icon: Scale,
    title: 'Licence first',
    text: 'An engineer’s seal is a legal statement. We only let verified, currently licensed engineers take stamping work, and we check the jurisdiction matches.',
  },
  {
    icon: Eye,
    title: 'Nothing hidden',
    text: 'Proposals state the price before you commit, the contract is shown before you pay, and every payment and file is on the record.',
  },
  {
    icon: Users,
    title: 'Fair to both sides',
    text: 'Clients pay into escrow, engineers are paid when the work is accepted, and our support team mediates when the two disagree.',
  },
  {
    icon: Compass,
    title: 'Practical help',
    text: 'Permit offices, codes and licence rules differ from place to place. Our guides and support team help you find the way through.',
  },
];

export function About() {
  usePageMeta(
    'About Us',
    'StampWorks is the marketplace where clients who need stamped engineering drawings meet verified, licensed engineers in the United States and Australia.',
  );
  return (
    <main>
      <PageIntro
        eyebrow="About Us"
        title="Making engineering sign-off simple"
        lead={
          <p>
            StampWorks connects people who need stamped engineering drawings with licensed engineers who can
            review, sign and seal them — Professional Engineers in the United States and Chartered
            Professional Engineers in Australia.
          </p>
        }
      />
      <div className="mx-auto max-w-5xl px-4 py-14 sm:px-6 lg:px-8">
        <section aria-labelledby="story-title" className="grid gap-10 lg:grid-cols-2">
          <div>
            <h2 id="story-title" className="text-2xl font-bold tracking-tight text-slate-900">
              Why we built StampWorks
            </h2>
            <div className="mt-4 space-y-4 leading-7 text-slate-700">
              <p>
                A deck, a solar array, a retaining wall, a tenant fit-out: almost every permit application
                eventually asks for the same thing — drawings stamped by a licensed engineer. For many
                homeowners, contractors and small design firms, finding that engineer means days of phone
                calls and referrals, unclear prices and no record of who agreed to what.
              </p>
              <p>
                Engineers face the mirror image: capable professionals with a licence and spare capacity, and
                no straightforward way to find well-described work in the jurisdictions where they can
                practise.
              </p>
              <p>
                StampWorks brings both sides together in one place, with the checks a stamp deserves: verified
                licences, written proposals, a contract, escrow payments and a complete project history.
              </p>
            </div>
          </div>
          <dl className="grid grid-cols-2 gap-4 self-start">
            <div className="card p-6">
              <dt className="text-sm text-slate-600">Verified engineers</dt>
              <dd className="mt-2 text-3xl font-bold text-slate-900">1,250+</dd>
            </div>
            <div className="card p-6">
              <dt className="text-sm text-slate-600">Projects reviewed</dt>
              <dd className="mt-2 text-3xl font-bold text-slate-900">4,780+</dd>
            </div>
            <div className="card p-6">
              <dt className="text-sm text-slate-600">Specializations</dt>
              <dd className="mt-2 text-3xl font-bold text-slate-900">8</dd>
            </div>
            <div className="card p-6">
              <dt className="text-sm text-slate-600">Countries</dt>
              <dd className="mt-2 text-3xl font-bold text-slate-900">US &amp; AU</dd>
            </div>
          </dl>
        </section>

        <section aria-labelledby="values-title" className="mt-16">
          <h2 id="values-title" className="text-2xl font-bold tracking-tight text-slate-900">
            What we stand for
          </h2>
          <div className="mt-6 grid gap-4 sm:grid-cols-2">
            {VALUES.map(({ icon: Icon, title, text }) => (
              <article key={title} className="card flex gap-4 p-6">
                <span className="grid h-11 w-11 shrink-0 place-items-center rounded-lg bg-brand-50 text-brand-700">
                  <Icon className="h-5 w-5" aria-hidden />
                </span>
                <div>
                  <h3 className="font-semibold text-slate-900">{title}</h3>
                  <p className="mt-1 leading-7 text-slate-700">{text}</p>
                </div>
              </article>
            ))}
          </div>
        </section>

        <section aria-labelledby="start-title" className="mt-16 grid gap-4 md:grid-cols-2">
          <h2 id="start-title" className="sr-only">
            Get started
          </h2>
          <Link
            to="/find_an_engineer"
            className="group card flex items-center justify-between gap-4 p-6 transition hover:border-brand-600 hover:shadow-md"
          >
            <span>
              <span className="block text-lg font-semibold text-slate-900">Need drawings stamped?</span>
              <span className="mt-1 block text-slate-700">Find an Engineer licensed where you build.</span>
            </span>
            <ArrowRight
              className="h-5 w-5 shrink-0 text-brand-700 transition group-hover:translate-x-1"
              aria-hidden
            />
          </Link>
          <Link
            to="/explore"
            className="group card flex items-center justify-between gap-4 p-6 transition hover:border-brand-600 hover:shadow-md"
          >
            <span>
              <span className="block text-lg font-semibold text-slate-900">Are you an engineer?</span>
              <span className="mt-1 block text-slate-700">Explore Projects waiting for a proposal.</span>
            </span>
            <ArrowRight
              className="h-5 w-5 shrink-0 text-brand-700 transition group-hover:translate-x-1"
              aria-hidden
            />
          </Link>
        </section>
      </div>
    </main>
  );
}
