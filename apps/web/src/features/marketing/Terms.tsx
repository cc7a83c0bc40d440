import { Link } from 'react-router';
import { usePageMeta } from '../../lib/usePageMeta';
import { PageIntro, Prose, TemplateNotice } from './components';

export function Terms() {
  usePageMeta(
    'Terms of Service',
    'Template terms of service for the StampWorks marketplace. Provided for illustration; not legally binding.',
  );
  return (
    <main>
      <PageIntro eyebrow="Legal" title="Terms of Service" lead={<p>Last updated: January 1, 2026</p>} />
      <div className="mx-auto max-w-3xl px-4 py-14 sm:px-6 lg:px-8">
        <TemplateNotice document="Terms of Service" />
        <Prose>
          <p>
            These Terms of Service (“Terms”) govern your use of the StampWorks website and services (the
            “Platform”). By creating an account or using the Platform you agree to these Terms.
          </p>

          <h2>1. The Platform</h2>
          <p>
            StampWorks is a marketplace that connects clients who need engineering services (“Clients”) with
            independent licensed engineers (“Engineers”). StampWorks is not an engineering firm, does not
            provide engineering services, and is not a party to the contract between a Client and an Engineer.
          </p>

          <h2>2. Accounts</h2>
          <ul>
            <li>You must be at least 18 years old and give accurate, complete information.</li>
            <li>
              You are responsible for keeping your password and sign-in PINs confidential and for all activity
              on your account.
            </li>
            <li>We may suspend or close accounts that breach these Terms or put other users at risk.</li>
          </ul>

          <h2>3. Engineers</h2>
          <ul>
            <li>
              Engineers must hold active licences relevant to their field and to the jurisdiction of each
              project they accept, and must keep licence information on their profile accurate and current.
            </li>
            <li>
              Engineers may seal only work prepared by them or under their responsible charge, in accordance
              with the rules of their licensing board.
            </li>
            <li>
              Engineers must connect a valid payout account before applying to projects or sending proposals.
            </li>
          </ul>

          <h2>4. Clients</h2>
          <ul>
            <li>
              Clients must describe projects accurately and provide the information an Engineer reasonably
              needs.
            </li>
            <li>
              Clients are responsible for submitting deliverables to the authorities having jurisdiction and
              for complying with permit conditions.
            </li>
          </ul>

          <h2>5. Payments, escrow and fees</h2>
          <ul>
            <li>
              Clients are not charged until they accept a proposal. The amount charged is the amount of the
              accepted proposal.
            </li>
            <li>Payments are processed by our card payment provider. StampWorks does not store card data.</li>
            <li>
              Funds are held in escrow and released to the Engineer when the Client accepts the final
              submission. StampWorks retains a platform fee of 20% of each released payment.
            </li>
            <li>
              Payouts run on the first Sunday of the week following acceptance. Balances below 10 USD are
              carried over to the next payout run.
            </li>
          </ul>

          <h2>6. Refunds</h2>
          <p>
            A Client may request a full refund within 24 hours after accepting a proposal, provided the
            project has not been completed. Other refund requests are handled through the dispute process
            below.
          </p>

          <h2>7. Disputes</h2>
          <p>
            If a Client and an Engineer disagree about a project, either may report a problem. Escrowed funds
            for that project are held while our support team mediates. StampWorks may, at its reasonable
            discretion, release the funds to the Engineer or refund the Client.
          </p>

          <h2>8. Acceptable use</h2>
          <p>
            You may not misrepresent licences or qualifications, circumvent the Platform’s payments for
            projects found on it, upload unlawful or infringing material, or interfere with the security of
            the Platform.
          </p>

          <h2>9. Content and intellectual property</h2>
          <p>
            You keep ownership of the files you upload. You grant StampWorks a licence to store and display
            them only as needed to run the Platform. Rights in deliverables pass between Client and Engineer
            as agreed in their contract.
          </p>

          <h2>10. Disclaimers and limitation of liability</h2>
          <p>
            The Platform is provided “as is”. StampWorks does not guarantee the quality or fitness of any
            engineering work. To the extent permitted by law, StampWorks’ total liability for any claim is
            limited to the fees it received for the project concerned.
          </p>

          <h2>11. Changes and termination</h2>
          <p>
            We may update these Terms; we will give notice of material changes. You may close your account at
            any time, subject to completing or cancelling open projects.
          </p>

          <h2>12. Contact</h2>
          <p>
            Questions about these Terms?{' '}
            <Link to="/contact" className="font-semibold text-brand-700 underline">
              Contact Us
            </Link>
            . See also our{' '}
            <Link to="/privacy" className="font-semibold text-brand-700 underline">
              Privacy Policy
            </Link>
            .
          </p>
        </Prose>
      </div>
    </main>
  );
}
