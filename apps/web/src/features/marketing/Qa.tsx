import { LifeBuoy } from 'lucide-react';
import { Link } from 'react-router';
import { usePageMeta } from '../../lib/usePageMeta';
import { type FaqItem, FaqList, PageIntro } from './components';

const CLIENTS: FaqItem[] = [
  {
    question: 'When am I charged?',
    answer: (
      <p>
        Not until you accept a proposal. Posting a project, receiving proposals and inviting engineers are
        free. When you accept a proposal you sign the contract and pay the agreed amount through our card
        payment provider’s checkout.
      </p>
    ),
  },
  {
    question: 'What is the money-back guarantee?',
    answer: (
      <p>
        We offer a 100% money-back guarantee: within 24 hours after accepting a proposal you can request a
        full refund. The engineer is told, and your project goes back to open so you can choose someone else.
      </p>
    ),
  },
  {
    question: 'Where does my money go after I pay?',
    answer: (
      <p>
        Your payment is held in escrow until the project is completed to your satisfaction. It is released to
        the engineer only when you accept their final submission. If you and the engineer cannot agree, report
        a problem and our support team mediates.
      </p>
    ),
  },
  {
    question: 'When can I talk to the engineer?',
    answer: (
      <p>
        Direct chat opens after the proposal is accepted. Before that, the project description and the
        proposals carry the conversation, so make your description as complete as you can: location, scope,
        codes, deadline and any drawings you already have.
      </p>
    ),
  },
  {
    question: 'How do I choose the right engineer?',
    answer: (
      <p>
        Check that the engineer holds a verified licence of the right type in the state or jurisdiction where
        the project is built, then compare specializations, experience, hourly rate and reviews from other
        clients. You can also invite an engineer to your project from their profile.
      </p>
    ),
  },
];

const ENGINEERS: FaqItem[] = [
  {
    question: 'When do I get paid?',
    answer: (
      <p>
        You are paid after the client accepts your final submission. Payouts run on the first Sunday of the
        following week, to the payout account you connected. The minimum payout is 10 USD; smaller balances
        wait for the next run.
      </p>
    ),
  },
  {
    question: 'What do I need before I can send proposals?',
    answer: (
      <p>
        You must connect a valid payout account before applying to projects or sending proposals, so that we
        can pay you when your work is accepted. You can set it up from your dashboard in a few minutes.
      </p>
    ),
  },
  {
    question: 'Which licences do I need?',
    answer: (
      <p>
        You must hold licences relevant to your field and to the projects you take on — for example a PE
        licence in the state where a structure is built. Add your licences to your profile; our team verifies
        each one against the issuing jurisdiction before it shows as verified.
      </p>
    ),
  },
  {
    question: 'How does StampWorks earn money?',
    answer: (
      <p>
        We keep a 20% platform fee from each completed project payment; the remaining 80% is paid out to you.
        There is no subscription and no fee for sending proposals.
      </p>
    ),
  },
];

const ACCOUNT: FaqItem[] = [
  {
    question: 'Why was I asked for a PIN when signing in?',
    answer: (
      <p>
        To protect your account we e-mail a six-digit PIN the first time you sign in, when you sign in from a
        new browser, and for staff accounts. Enter it to finish signing in; you can ask for a new one if it
        does not arrive.
      </p>
    ),
  },
  {
    question: 'I forgot my password. What now?',
    answer: (
      <p>
        Use “Forgot password” on the sign-in page. We send a single-use reset link to your e-mail address; it
        is valid for 30 minutes.
      </p>
    ),
  },
  {
    question: 'How do I report a problem with a project?',
    answer: (
      <p>
        Signed in, open Contact Us to create a support ticket, or report a problem from the project itself.
        Our support team replies in the ticket and mediates disputes between clients and engineers.
      </p>
    ),
  },
];

function Group({ id, title, items }: { id: string; title: string; items: FaqItem[] }) {
  return (
    <section aria-labelledby={id} className="mt-12 first:mt-0">
      <h2 id={id} className="mb-4 text-2xl font-bold tracking-tight text-slate-900">
        {title}
      </h2>
      <FaqList items={items} />
    </section>
  );
}

export function Qa() {
  usePageMeta(
    'FAQ & Support',
    'Answers about payments, refunds, escrow, payouts, licences and accounts on StampWorks, and how to reach our support team.',
  );
  return (
    <main>
      <PageIntro
        eyebrow="Help & Support"
        title="Frequently Asked Questions"
        lead={
          <p>
            How payments, refunds, payouts and licences work on StampWorks — for clients and for engineers.
          </p>
        }
      />
      <div className="mx-auto max-w-3xl px-4 py-14 sm:px-6 lg:px-8">
        <Group id="faq-clients" title="For clients" items={CLIENTS} />
        <Group id="faq-engineers" title="For engineers" items={ENGINEERS} />
        <Group id="faq-account" title="Account & security" items={ACCOUNT} />

        <aside
          aria-labelledby="help-title"
          className="mt-14 flex flex-col items-start gap-4 rounded-2xl border border-brand-100 bg-brand-50 p-6 sm:flex-row sm:items-center"
        >
          <LifeBuoy className="h-10 w-10 shrink-0 text-brand-700" aria-hidden />
          <div className="flex-1">
            <h2 id="help-title" className="text-lg font-semibold text-slate-900">
              Still need help?
            </h2>
            <p className="mt-1 text-slate-700">
              Write to our support team: every message is read by a person and answered in your ticket.
            </p>
          </div>
          <Link to="/contact" className="btn-primary">
            Contact Us
          </Link>
        </aside>
      </div>
    </main>
  );
}
