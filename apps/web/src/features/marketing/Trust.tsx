import { BadgeCheck, Gavel, KeyRound, Landmark, Lock, MessageSquareWarning } from 'lucide-react';
import { Link } from 'react-router';
import { usePageMeta } from '../../lib/usePageMeta';
import { PageIntro } from './components';

const PILLARS = [
  {
    icon: BadgeCheck,
    title: 'Verified licences',
    body: (
      <>
        <p>
          Engineers are verified by proof of an active licence from the issuing jurisdiction. For every
          licence they add, engineers give the licence number, type (PE, CPE, SE, ME or EE), issuing state and
          country, and expiration date.
        </p>
        <p>
          Our staff review each licence against the issuing board’s records before it is marked verified.
          Rejected or expired licences are never shown as verified, and engineers must hold licences relevant
          to their field.
        </p>
      </>
    ),
  },
  {
    icon: Landmark,
    title: 'Escrow payments',
    body: (
      <>
        <p>
          When a client accepts a proposal and pays, the money is held in escrow — not passed to the engineer.
          Funds are held until the project is completed to the client’s satisfaction, that is, until the
          client accepts the final submission.
        </p>
        <p>
          Clients have a 100% money-back guarantee for 24 hours after accepting a proposal. Every movement of
          money is recorded, so both sides can see what was paid, held, released or refunded.
        </p>
      </>
    ),
  },
  {
    icon: Lock,
    title: 'No card data stored',
    body: (
      <p>
        StampWorks stores no card data. The card payment provider handles payments: card details are entered
        on its secure checkout page and never reach our servers. Engineer payouts go to a payout account held
        at the same provider.
      </p>
    ),
  },
  {
    icon: Gavel,
    title: 'Disputes mediated by support',
    body: (
      <p>
        If a client and an engineer disagree — about scope, quality or timing — either side can report a
        problem. The escrow for that project is frozen, a support ticket is opened, and our support team
        mediates, then releases the funds to the engineer or refunds the client.
      </p>
    ),
  },
  {
    icon: KeyRound,
    title: 'Protected accounts',
    body: (
      <p>
        Passwords are stored only as strong one-way hashes, common passwords are refused, and a one-time PIN
        sent by e-mail is required on first sign-in, on new browsers and for staff. Signing out or changing
        your password ends your sessions.
      </p>
    ),
  },
  {
    icon: MessageSquareWarning,
    title: 'Private by default',
    body: (
      <p>
        Project chats, submissions, payments and tickets are visible only to the people involved and to
        support staff handling a case. Sensitive identity data such as a tax number is encrypted at rest and
        never shown in full.
      </p>
    ),
  },
];

export function Trust() {
  usePageMeta(
    'Trust & Safety',
    'How StampWorks verifies engineer licences, holds payments in escrow, keeps card data off its servers and mediates disputes.',
  );
  return (
    <main>
      <PageIntro
        eyebrow="Trust & Safety"
        title="Trust & Safety"
        lead={
          <p>
            A stamp is a professional promise. These are the safeguards that stand behind every project on
            StampWorks — for the client paying for the work and for the engineer putting their seal on it.
          </p>
        }
      />
      <div className="mx-auto max-w-5xl px-4 py-14 sm:px-6 lg:px-8">
        <div className="grid gap-6 md:grid-cols-2">
          {PILLARS.map(({ icon: Icon, title, body }) => (
            <section key={title} aria-label={title} className="card p-6">
              <div className="flex items-center gap-3">
                <span className="grid h-11 w-11 shrink-0 place-items-center rounded-lg bg-brand-50 text-brand-700">
                  <Icon className="h-5 w-5" aria-hidden />
                </span>
                <h2 className="text-xl font-semibold text-slate-900">{title}</h2>
              </div>
              <div className="mt-4 space-y-3 leading-7 text-slate-700">{body}</div>
            </section>
          ))}
        </div>
        <p className="mt-12 rounded-xl border border-slate-200 bg-white p-6 leading-7 text-slate-700">
          Seen something that looks wrong — a licence that does not match, a suspicious message, a payment you
          do not recognise?{' '}
          <Link to="/contact" className="font-semibold text-brand-700 underline">
            Contact Us
          </Link>{' '}
          and our support team will look into it. Answers to common questions are in{' '}
          <Link to="/qa" className="font-semibold text-brand-700 underline">
            FAQ &amp; Support
          </Link>
          .
        </p>
      </div>
    </main>
  );
}
