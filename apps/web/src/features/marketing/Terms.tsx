// /terms: the Terms of Service. They state the rules the product enforces (docs/PAYMENTS.md,
// docs/PRODUCT.md#money), with the numbers taken from @app/shared so the text cannot drift
// from the code: the fee, the refund window, the minimum payout.
import {
  formatCents,
  MIN_PAYOUT_CENTS,
  PLATFORM_FEE_PERCENT,
  PRIVACY_LAST_UPDATED,
  REFUND_WINDOW_MS,
  TERMS_LAST_UPDATED,
} from '@app/shared';
import { Link } from 'react-router';
import { formatDate } from '../../lib/format';
import { usePageMeta } from '../../lib/usePageMeta';
import { PageIntro, Prose } from './components';

const REFUND_HOURS = REFUND_WINDOW_MS / (60 * 60 * 1000);
const ENGINEER_PERCENT = 100 - PLATFORM_FEE_PERCENT;
/** Days a delivered submission may wait for the client's decision before it is accepted for them. */
const AUTO_RELEASE_DAYS = 14;

export function Terms() {
  usePageMeta(
    'Terms of Service',
    'The terms of the StampWorks marketplace: escrow, refunds, disputes, fees, payouts and the seal check.',
  );
  return (
    <main>
      <PageIntro
        eyebrow="Legal"
        title="Terms of Service"
        lead={<p>Last updated: {formatDate(TERMS_LAST_UPDATED)}</p>}
      />
      <div className="mx-auto max-w-3xl px-4 py-14 sm:px-6 lg:px-8">
        <Prose>
          <p>
            These Terms of Service (“Terms”) are an agreement between you and StampWorks (“StampWorks”, “we”)
            about the use of the StampWorks website and services (the “Platform”). By creating an account or
            using the Platform you agree to them. Our{' '}
            <Link to="/privacy" className="font-semibold text-brand-700 underline">
              Privacy Policy
            </Link>{' '}
            (last updated {formatDate(PRIVACY_LAST_UPDATED)}) explains what we do with personal data and is
            part of these Terms.
          </p>

          <h2>1. What StampWorks is</h2>
          <p>
            StampWorks is a marketplace where clients who need engineering work (“Clients”) find independent
            licensed engineers (“Engineers”). StampWorks is not an engineering firm and does not practise
            engineering. When a Client accepts a proposal, the engineering services agreement shown in the
            contract dialog is made between the Client and the Engineer; StampWorks arranges it, holds the
            payment in escrow and keeps the project record, as these Terms describe.
          </p>

          <h2>2. Accounts</h2>
          <ul>
            <li>You must be at least 18, give accurate information and keep it current.</li>
            <li>
              Keep your password and sign-in PINs to yourself. You are responsible for what is done with your
              account.
            </li>
            <li>
              We may suspend or close an account that breaks these Terms, misrepresents a licence or puts
              other users at risk. Money held for open projects is then settled under sections 6 to 8.
            </li>
          </ul>

          <h2>3. Engineers</h2>
          <ul>
            <li>
              Before proposing, an Engineer needs a verified licence of the type the project asks for, issued
              for the project’s country and state and not expired, and a connected payout account.
            </li>
            <li>
              We verify a licence by checking the proof you upload against the issuing board’s public records.
              Verification says the licence was active when we checked; keeping it active, and telling us when
              it lapses or is restricted, is your duty.
            </li>
            <li>
              Seal only work you prepared or supervised, within your licence and your board’s rules. A
              proposal states its price and delivery time in days; once paid, they are part of the agreement.
            </li>
          </ul>

          <h2>4. Clients</h2>
          <ul>
            <li>
              Describe the project truthfully: what is needed, where it is (country and state) and the licence
              type it requires. Engineers rely on it to propose.
            </li>
            <li>
              Submitting the stamped work to the authority having jurisdiction, and meeting the permit’s
              conditions, remains your responsibility.
            </li>
          </ul>

          <h2>5. Payment and escrow: when money moves</h2>
          <ol>
            <li>
              <strong>Accepting a proposal.</strong> You are not charged to post a project or receive
              proposals. To accept one, you sign its contract and pay its full price by card. Cards are
              handled by our payment provider; StampWorks never sees or stores card numbers.
            </li>
            <li>
              <strong>Escrow.</strong> The payment is held by StampWorks for that project (“escrow”). Neither
              party can take it out while the work is under way.
            </li>
            <li>
              <strong>Release.</strong> When the Client accepts a submission, the escrow is released:{' '}
              {ENGINEER_PERCENT}% to the Engineer’s StampWorks balance and {PLATFORM_FEE_PERCENT}% to
              StampWorks as its fee.
            </li>
            <li>
              <strong>Automatic release.</strong> A submission that gets no decision from the Client for{' '}
              {AUTO_RELEASE_DAYS} days is accepted for the Client, exactly as if the Client had accepted it.
              We remind the Client before that happens. Rejecting the submission or reporting a problem stops
              the clock. An Engineer’s pay does not depend on a Client who stops answering.
            </li>
            <li>
              <strong>Payout.</strong> See section 9.
            </li>
          </ol>

          <h2>6. Refunds</h2>
          <ul>
            <li>
              A Client may cancel a deal and get the full price back within {REFUND_HOURS} hours of the
              successful payment, from Payment History, with no reason needed.
            </li>
            <li>
              The refund window ends early, for good, when the Engineer sends the first submission: from then
              on a Client who is not satisfied rejects the submission or reports a problem (section 7). A
              Client cannot keep stamped drawings and the money.
            </li>
            <li>
              There is no refund from Payment History once the project is completed or while a problem is
              reported on it.
            </li>
            <li>
              A refund goes back to the card that paid, through the payment provider; the project opens again
              for proposals. Card refunds usually appear within 5 to 10 business days, depending on the bank.
            </li>
          </ul>

          <h2>7. Problems and disputes</h2>
          <ul>
            <li>
              Either party may report a problem on a paid project. The project is then frozen: the escrow
              stays where it is, no refund or release happens, and a support ticket opens in which both
              parties and our staff can write and share files.
            </li>
            <li>
              Staff read the contract, the proposal, the messages and files in the ticket and the project
              chat, the submissions and their seal check, and the project record. They may ask either party
              for more. They decide on what the parties agreed and what was delivered against it, not on who
              writes more.
            </li>
            <li>
              Staff settle in one of three ways: <strong>release</strong> the escrow to the Engineer (the fee
              applies as on any release); <strong>refund</strong> the Client in full; or{' '}
              <strong>split</strong> it, an amount in cents to the Client and the rest to the Engineer, with
              StampWorks’ {PLATFORM_FEE_PERCENT}% fee taken only from the Engineer’s part. Both parties are
              told the decision and the reason in the ticket.
            </li>
            <li>
              A staff decision settles the money held on the Platform. It does not stop either party from
              using the courts or other remedies against the other.
            </li>
          </ul>

          <h2>8. The StampWorks fee</h2>
          <p>
            StampWorks keeps {PLATFORM_FEE_PERCENT}% of each amount released to an Engineer; the Engineer
            receives {ENGINEER_PERCENT}%. The fee is rounded to the nearest cent, and the two parts always add
            up to the amount released. The fee is shown on every proposal and in the contract before anyone
            signs. Clients pay no fee on top of the price, and nothing is kept from a refund.
          </p>

          <h2>9. Payouts</h2>
          <ul>
            <li>
              Money released to an Engineer is paid out on the Sunday at the end of the week after the week of
              the release (weeks run Monday to Sunday, in UTC), to the connected payout account.
            </li>
            <li>
              A payout is sent when the Engineer’s payout account can receive payments and the total due is at
              least {formatCents(MIN_PAYOUT_CENTS)}. A smaller total, or one for an account that is not ready,
              waits for the next Sunday; nothing is lost.
            </li>
            <li>
              If the payment provider refuses a transfer, the money goes back to the Engineer’s balance, the
              Engineer is told to check the payout account, and every later Sunday run tries again until it is
              paid. Taxes on earnings are the Engineer’s own.
            </li>
          </ul>

          <h2>10. The seal check: what it proves and what it does not</h2>
          <p>
            Every PDF an Engineer submits is checked for digital signatures. For each signature the check
            reports whether the file was changed after signing, whether the certificate chains to a
            certificate authority we trust, whether it was valid when it signed, whether the signature carries
            a trusted timestamp, and whether it names the Engineer who delivered it. Only a file that meets
            all of these is shown as a verified seal.
          </p>
          <p>It does not prove:</p>
          <ul>
            <li>
              that the design is correct, safe or meets any code: that is the Engineer’s professional duty;
            </li>
            <li>that a building department or other authority will accept the drawings;</li>
            <li>
              that the Engineer’s licence is in good standing on the day you read it (we verify licences when
              added and watch their expiry dates, but boards can act at any time);
            </li>
            <li>
              that the certificate has not been revoked since it was issued: the check does not ask the
              authority’s revocation lists;
            </li>
            <li>anything about a printed or scanned copy, or a wet stamp on paper.</li>
          </ul>

          <h2>11. Acceptable use</h2>
          <p>
            Do not misrepresent a licence or qualification, pay or get paid outside the Platform for a project
            found on it, upload unlawful or infringing material or malware, harass anyone, or try to reach
            data or accounts that are not yours.
          </p>

          <h2>12. Files and intellectual property</h2>
          <p>
            You keep the rights in what you upload and let StampWorks store and show it only as needed to run
            the Platform for you and the other party. Rights in deliverables pass from Engineer to Client as
            their agreement says; unless it says otherwise, the Client may use them for the project they were
            made for once the escrow is released to the Engineer.
          </p>

          <h2>13. Liability</h2>
          <p>
            The Engineer alone is responsible for the engineering work. StampWorks provides the Platform “as
            is”. To the extent the law allows, StampWorks is not liable for indirect or consequential loss,
            and its total liability for a project is limited to the fee it received for that project. Nothing
            here limits liability that cannot be limited by law.
          </p>

          <h2>14. Closing your account and changes to these Terms</h2>
          <p>
            You may delete your account from your profile page at any time; what is then kept is described in
            the Privacy Policy. We may change these Terms; the date at the top says when they last changed,
            and we tell you by e-mail of any change that affects your rights at least 14 days before it
            applies. A contract already signed keeps the Terms it was signed under.
          </p>

          <h2>15. Contact</h2>
          <p>
            Questions about these Terms?{' '}
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
