// /privacy: the Privacy Policy. What it says is kept, and for how long, is what the server
// keeps (docs/SECURITY.md: sessions, PINs, links and trusted devices; docs/PRODUCT.md#protected-data:
// the tax id encrypted, private files).
import { PRIVACY_LAST_UPDATED, TERMS_LAST_UPDATED } from '@app/shared';
import { Link } from 'react-router';
import { formatDate } from '../../lib/format';
import { usePageMeta } from '../../lib/usePageMeta';
import { PageIntro, Prose } from './components';

const RETENTION: Array<[string, string]> = [
  ['Sign-in PIN', '10 minutes, or until used'],
  ['Password reset link', '30 minutes, or until used'],
  ['Sign-in session', '30 days after last use, or until you sign out'],
  ['Trusted device', '30 days'],
  ['An upload never attached to anything', '1 day'],
  ['Account, profile, licences, files, messages', 'While your account is open; deleted with it'],
  [
    'Payments, refunds, payouts, signed contracts and the project record',
    '7 years after the project’s last payment, as tax and professional record rules require',
  ],
];

export function Privacy() {
  usePageMeta(
    'Privacy Policy',
    'What personal data StampWorks keeps, why, for how long, how it is protected and how to have it deleted.',
  );
  return (
    <main>
      <PageIntro
        eyebrow="Legal"
        title="Privacy Policy"
        lead={<p>Last updated: {formatDate(PRIVACY_LAST_UPDATED)}</p>}
      />
      <div className="mx-auto max-w-3xl px-4 py-14 sm:px-6 lg:px-8">
        <Prose>
          <p>
            This policy says what personal data StampWorks keeps when you use the Platform, why, who sees it,
            how long we keep it and how to have it deleted. It is part of our{' '}
            <Link to="/terms" className="font-semibold text-brand-700 underline">
              Terms of Service
            </Link>{' '}
            (last updated {formatDate(TERMS_LAST_UPDATED)}).
          </p>

          <h2>1. What we keep</h2>
          <ul>
            <li>
              <strong>Your account:</strong> name, e-mail address, role, profile picture, and your password as
              a one-way hash (we cannot read it).
            </li>
            <li>
              <strong>Your profile:</strong> phone number, country and state; for Clients, company name and
              website; for Engineers, education, experience, specializations, hourly rate, availability and
              portfolio.
            </li>
            <li>
              <strong>An Engineer’s tax id</strong> (US Social Security number), needed for payouts. It is
              encrypted (AES-256-GCM) before it is stored, is never shown in any list, and is shown back, even
              to you, only as its last four digits.
            </li>
            <li>
              <strong>Licences:</strong> number, type, issuing state and country, expiry date, and the proof
              document you upload.
            </li>
            <li>
              <strong>Project content:</strong> projects, proposals, chat messages, files with the names you
              gave them, submissions and their seal check results, ratings and support tickets.
            </li>
            <li>
              <strong>Deals:</strong> the contract text you signed, the name you typed, when, and the IP
              address and browser that signed; payments, refunds and payouts with amounts and dates; and the
              project record, a tamper-evident log of each project’s events. Card numbers are collected by our
              payment provider and never reach StampWorks.
            </li>
            <li>
              <strong>Security data:</strong> sign-in sessions, trusted-device tokens, sign-in attempts and
              server logs, to keep accounts safe and find abuse.
            </li>
          </ul>

          <h2>2. Why we use it</h2>
          <ul>
            <li>To run the marketplace: show projects and profiles, deliver messages, files and notices.</li>
            <li>To verify Engineers’ licences against the issuing boards.</li>
            <li>
              To take payments, hold escrow, refund, pay out and settle disputes (Terms, sections 5 to 9).
            </li>
            <li>To secure accounts (PINs, rate limits, fraud checks) and answer support requests.</li>
            <li>To keep the records that tax law and professional rules require.</li>
          </ul>
          <p>We do not sell personal data and do not use advertising trackers.</p>

          <h2>3. Who sees it</h2>
          <ul>
            <li>
              <strong>Everyone:</strong> an Engineer’s public profile (name, picture, education,
              specializations, rate, licences with their numbers, ratings) and open projects.
            </li>
            <li>
              <strong>The other party of your project:</strong> your proposal or project, your messages and
              the files you share with them.
            </li>
            <li>
              <strong>StampWorks staff:</strong> what they need to verify licences, handle a ticket or decide
              a dispute.
            </li>
            <li>
              <strong>Service providers:</strong> our payment provider (payments, payouts and, for Engineers,
              the payout account), and the companies that host our servers, store files and send e-mail, each
              bound to use the data only for us.
            </li>
            <li>
              <strong>Authorities:</strong> when the law requires it, and only what it requires.
            </li>
          </ul>

          <h2>4. How we protect it</h2>
          <p>
            Traffic is encrypted in transit. Passwords are hashed with Argon2id; the tax id is encrypted at
            rest with a key kept apart from the database. Private files (licence proofs, chat files,
            deliverables) are served only to their owner, the other party who needs them and staff, never
            through a public link. Staff access is limited to the cases they handle.
          </p>

          <h2>5. How long we keep it</h2>
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">How long each kind of data is kept</caption>
              <thead>
                <tr className="border-b border-slate-300">
                  <th scope="col" className="py-2 pr-4 font-semibold text-slate-900">
                    Data
                  </th>
                  <th scope="col" className="py-2 font-semibold text-slate-900">
                    Kept for
                  </th>
                </tr>
              </thead>
              <tbody>
                {RETENTION.map(([what, how]) => (
                  <tr key={what} className="border-b border-slate-200 align-top">
                    <td className="py-2 pr-4 text-slate-800">{what}</td>
                    <td className="py-2 text-slate-700">{how}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>

          <h2>6. Deleting your data</h2>
          <ul>
            <li>
              <strong>Your account:</strong> on your profile page, Delete Account (your password confirms it).
              Your account, profile, tax id, licences, uploaded files, sessions and notifications are deleted
              at once.
            </li>
            <li>
              <strong>If you have deals on record:</strong> payments, contracts and project records must be
              kept (section 5), so the profile page cannot delete such an account by itself.{' '}
              <Link to="/contact" className="font-semibold text-brand-700 underline">
                Contact us
              </Link>
              : we delete everything else within 30 days and keep only those records, which we delete when
              their period ends.
            </li>
            <li>
              You may also ask us for a copy of your data, or to correct it, through the same contact page.
              Depending on where you live, you may have further rights (for example under Australian privacy
              law or US state laws), and you may complain to your privacy regulator.
            </li>
          </ul>

          <h2>7. Your browser’s storage</h2>
          <p>
            We use your browser’s local storage to keep you signed in and to remember trusted devices. There
            are no advertising or third-party tracking cookies.
          </p>

          <h2>8. Children</h2>
          <p>The Platform is for people 18 and over; we do not knowingly keep data about children.</p>

          <h2>9. Changes</h2>
          <p>
            The date at the top says when this policy last changed. We tell you by e-mail of any change that
            affects how your data is used before it applies.
          </p>

          <h2>10. Contact</h2>
          <p>
            Questions or requests about your data?{' '}
            <Link to="/contact" className="font-semibold text-brand-700 underline">
              Contact Us
            </Link>
            .
          </p>
        </Prose>
      </div>
    </main>
  );
}
