import { Link } from 'react-router';
import { usePageMeta } from '../../lib/usePageMeta';
import { PageIntro, Prose, TemplateNotice } from './components';

export function Privacy() {
  usePageMeta(
    'Privacy Policy',
    'Template privacy policy for the StampWorks marketplace: what we collect, why, and your choices. Provided for illustration; not legally binding.',
  );
  return (
    <main>
      <PageIntro eyebrow="Legal" title="Privacy Policy" lead={<p>Last updated: January 1, 2026</p>} />
      <div className="mx-auto max-w-3xl px-4 py-14 sm:px-6 lg:px-8">
        <TemplateNotice document="Privacy Policy" />
        <Prose>
          <p>
            This Privacy Policy explains what personal information StampWorks collects when you use the
            Platform, how we use it and the choices you have.
          </p>

          <h2>1. Information we collect</h2>
          <ul>
            <li>
              <strong>Account information:</strong> name, e-mail address, password (stored only as a one-way
              hash), role and profile picture.
            </li>
            <li>
              <strong>Profile information:</strong> for Clients, company name, website, phone number, country
              and state; for Engineers, phone number, country, education, experience, specializations, hourly
              rate, availability, licences and, where required for payouts, a tax identification number.
            </li>
            <li>
              <strong>Project content:</strong> project descriptions, attachments, proposals, contracts, chat
              messages, submissions, ratings and support tickets.
            </li>
            <li>
              <strong>Payment records:</strong> amounts, statuses and dates of payments and payouts. Card
              details are collected by our card payment provider and are never stored by StampWorks.
            </li>
            <li>
              <strong>Technical data:</strong> sign-in sessions, trusted-device tokens and server logs used
              for security.
            </li>
          </ul>

          <h2>2. How we use information</h2>
          <ul>
            <li>
              To run the marketplace: show profiles and projects, deliver messages, files and notifications.
            </li>
            <li>To verify engineer licences with the issuing jurisdictions.</li>
            <li>To process payments, escrow, refunds and payouts through our payment provider.</li>
            <li>To secure accounts (sign-in PINs, fraud prevention) and to provide support.</li>
            <li>To send service e-mails such as PINs, password resets and project updates.</li>
          </ul>

          <h2>3. Sharing</h2>
          <p>
            We share information only as needed: with the other party on your project; with our card payment
            provider for payments and payouts; with service providers that host our infrastructure and send
            e-mail; and with authorities where the law requires. We do not sell personal information.
          </p>

          <h2>4. Security</h2>
          <p>
            Passwords are hashed, sensitive identifiers are encrypted at rest and shown only in masked form,
            and access to private project data is limited to the people involved and to support staff handling
            a case.
          </p>

          <h2>5. Retention</h2>
          <p>
            We keep account and project records while your account is open and afterwards for as long as
            needed to meet legal, tax and professional record-keeping obligations.
          </p>

          <h2>6. Your choices and rights</h2>
          <ul>
            <li>
              You can view and update your profile at any time and delete your account from your profile page.
            </li>
            <li>
              Depending on where you live, you may have rights to access, correct, delete or port your data,
              or to object to some processing. Contact us to exercise them.
            </li>
          </ul>

          <h2>7. Cookies and local storage</h2>
          <p>
            We use your browser’s local storage to keep you signed in and to remember trusted devices. We do
            not use advertising cookies.
          </p>

          <h2>8. Children</h2>
          <p>
            The Platform is not intended for anyone under 18, and we do not knowingly collect their
            information.
          </p>

          <h2>9. Changes</h2>
          <p>We may update this policy and will give notice of material changes.</p>

          <h2>10. Contact</h2>
          <p>
            Questions about privacy?{' '}
            <Link to="/contact" className="font-semibold text-brand-700 underline">
              Contact Us
            </Link>
            . See also our{' '}
            <Link to="/terms" className="font-semibold text-brand-700 underline">
              Terms of Service
            </Link>
            .
          </p>
        </Prose>
      </div>
    </main>
  );
}
