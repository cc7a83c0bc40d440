// The contract that precedes acceptance (docs/PRODUCT.md#screens, #limits). The text is the server's, exactly as
// it will be stored with the signature; the client signs by typing their full name and
// ticking the box, then goes to the card provider's checkout. Nothing is accepted here: the
// proposal is accepted when the provider confirms the payment.
import {
  checkoutSessionBodySchema,
  formatCents,
  PAYMENT_MESSAGES,
  PRIVACY_LAST_UPDATED,
  TERMS_LAST_UPDATED,
} from '@app/shared';
import { CreditCard, FileSignature, Loader2, RotateCw } from 'lucide-react';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { Modal, ModalActions } from '../../components/Modal';
import { api } from '../../lib/api';
import { errorFields, errorMessage } from '../../lib/apiErrors';
import { formatDate } from '../../lib/format';
import { useCurrentUser } from '../../lib/lazyStore';
import { useAppDispatch } from '../../lib/store';
import { useContractQuery, useStartCheckoutMutation } from './api';
import { rememberCheckoutProject } from './checkoutReturn';

type Errors = { signed_name?: string; agreed?: string; form?: string };

/** Answers after which the contract must be read again: the proposal changed meanwhile. */
const STALE_CONTRACT: readonly string[] = [PAYMENT_MESSAGES.contractChanged, PAYMENT_MESSAGES.amountMismatch];

export function ContractDialog({
  open,
  onOpenChange,
  projectId,
  proposalId,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  projectId: string;
  proposalId: string;
}) {
  const id = useId();
  const user = useCurrentUser();
  const dispatch = useAppDispatch();
  const contract = useContractQuery(proposalId, { skip: !open, refetchOnMountOrArgChange: true });
  const [startCheckout] = useStartCheckoutMutation();
  const [signedName, setSignedName] = useState('');
  const [agreed, setAgreed] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);

  // Back from the checkout page (the browser may restore this page as it was left).
  useEffect(() => {
    const restored = (e: PageTransitionEvent) => e.persisted && setBusy(false);
    window.addEventListener('pageshow', restored);
    return () => window.removeEventListener('pageshow', restored);
  }, []);

  useEffect(() => {
    if (open) return;
    setSignedName('');
    setAgreed(false);
    setErrors({});
  }, [open]);

  const c = contract.data;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!c || !user || busy) return;
    const parsed = checkoutSessionBodySchema.safeParse({
      project_id: projectId,
      proposal_id: proposalId,
      amount: c.amount,
      currency: c.currency,
      email: user.email,
      signed_name: signedName,
      contract_sha256: c.sha256,
      agreed,
    });
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] === 'signed_name' || issue.path[0] === 'agreed' ? issue.path[0] : 'form';
        next[key] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const { url } = await startCheckout(parsed.data).unwrap();
      rememberCheckoutProject(projectId);
      // Leaving for the checkout page: the dialog stays busy until the browser has gone.
      window.location.assign(url);
    } catch (err) {
      setBusy(false);
      const message = errorMessage(err, PAYMENT_MESSAGES.checkoutUnavailable);
      const fields = errorFields(err);
      if (fields.signed_name) {
        setErrors({ signed_name: fields.signed_name });
        return;
      }
      // The proposal or project moved on (changed, accepted, withdrawn): what the page shows is stale.
      dispatch(api.util.invalidateTags(['Proposal', 'Project']));
      if (STALE_CONTRACT.includes(message)) {
        // The proposal changed: show the new text and ask for a new signature.
        setAgreed(false);
        void contract.refetch();
        setErrors({ form: PAYMENT_MESSAGES.contractChanged });
        return;
      }
      setErrors({ form: message });
    }
  };

  return (
    <Modal
      open={open}
      onOpenChange={(o) => !busy && onOpenChange(o)}
      size="lg"
      title="Contract Agreement"
      description="Read the agreement, sign it with your full name, then pay at checkout."
    >
      {contract.isFetching && !c ? (
        <p role="status" className="flex items-center gap-2 py-8 text-sm text-slate-600">
          <Loader2 className="h-4 w-4 animate-spin" aria-hidden /> Loading the contract...
        </p>
      ) : contract.error && !c ? (
        <div className="space-y-3">
          <p role="alert" className="alert-error">
            {errorMessage(contract.error, 'Could not load the contract.')}
          </p>
          <ModalActions>
            <button type="button" className="btn-secondary" onClick={() => onOpenChange(false)}>
              Close
            </button>
            <button type="button" className="btn-primary" onClick={() => void contract.refetch()}>
              <RotateCw className="h-4 w-4" aria-hidden /> Try again
            </button>
          </ModalActions>
        </div>
      ) : c ? (
        <form onSubmit={(e) => void submit(e)} noValidate>
          <ContractText text={c.text} updating={contract.isFetching} />
          <section aria-label="Payment split" className="mt-4 rounded-lg border border-slate-200 p-3 text-sm">
            <dl className="space-y-1">
              <div className="flex justify-between gap-4">
                <dt className="text-slate-700">Contract price, due on signing</dt>
                <dd className="font-semibold text-slate-900">{formatCents(c.amount)}</dd>
              </div>
              <div className="flex justify-between gap-4">
                <dt className="text-slate-700">Platform fee (20%)</dt>
                <dd className="text-slate-900">{formatCents(c.platform_fee)}</dd>
              </div>
              <div className="flex justify-between gap-4">
                <dt className="text-slate-700">{c.engineer_name} receives (80%)</dt>
                <dd className="text-slate-900">{formatCents(c.engineer_amount)}</dd>
              </div>
            </dl>
            <p className="mt-2 text-xs text-slate-600">
              Held in escrow until you accept the final submission. Receipt to {user?.email}.
            </p>
          </section>

          <div className="mt-4">
            <label htmlFor={`${id}-name`} className="label">
              Your full name (signature)
            </label>
            <input
              id={`${id}-name`}
              className="input"
              autoComplete="name"
              value={signedName}
              onChange={(e) => setSignedName(e.target.value)}
              aria-invalid={!!errors.signed_name}
              aria-describedby={`${id}-name-hint${errors.signed_name ? ` ${id}-name-error` : ''}`}
            />
            <p id={`${id}-name-hint`} className="mt-1 text-xs text-slate-600">
              Type it as it appears on your account: {c.client_name}
            </p>
            {errors.signed_name && (
              <p id={`${id}-name-error`} className="field-error">
                {errors.signed_name}
              </p>
            )}
          </div>

          <label
            htmlFor={`${id}-agree`}
            className="mt-4 flex cursor-pointer items-start gap-3 text-sm text-slate-800"
          >
            <input
              id={`${id}-agree`}
              type="checkbox"
              className="mt-0.5 h-4 w-4 rounded border-slate-300 accent-brand-600"
              checked={agreed}
              onChange={(e) => setAgreed(e.target.checked)}
              aria-invalid={!!errors.agreed}
              aria-describedby={errors.agreed ? `${id}-agree-error` : undefined}
            />
            <span>I have read this agreement and sign it as the Client.</span>
          </label>
          <LegalLinks />
          {errors.agreed && (
            <p id={`${id}-agree-error`} className="field-error">
              {errors.agreed}
            </p>
          )}

          {errors.form && (
            <p role="alert" className="alert-error mt-4">
              {errors.form}
            </p>
          )}

          <ModalActions>
            <button
              type="button"
              className="btn-secondary"
              disabled={busy}
              onClick={() => onOpenChange(false)}
            >
              Close
            </button>
            <button type="submit" className="btn-primary" disabled={busy || contract.isFetching}>
              {busy ? (
                <Loader2 className="h-4 w-4 animate-spin" aria-hidden />
              ) : (
                <CreditCard className="h-4 w-4" aria-hidden />
              )}
              {busy ? 'Opening checkout...' : `Sign and pay ${formatCents(c.amount)}`}
            </button>
          </ModalActions>
        </form>
      ) : null}
    </Modal>
  );
}

/** The server's text: paragraphs separated by blank lines, the first one its heading. */
function ContractText({ text, updating }: { text: string; updating: boolean }) {
  const [heading, ...paragraphs] = text.split('\n\n');
  return (
    <article
      aria-label="Contract text"
      aria-busy={updating}
      className="space-y-3 rounded-lg border border-slate-200 bg-slate-50 p-4 text-sm leading-relaxed text-slate-800"
    >
      <h3 className="flex items-center gap-2 font-semibold tracking-wide text-slate-900">
        <FileSignature className="h-4 w-4 shrink-0 text-brand-600" aria-hidden />
        {heading}
      </h3>
      {paragraphs.map((p) => (
        <p key={p}>{p}</p>
      ))}
    </article>
  );
}

/**
 * The Terms and Privacy Policy the agreement relies on (escrow, refunds, disputes, payouts),
 * with the date of the version in force. They open in a new tab, so the dialog keeps its place.
 */
function LegalLinks() {
  const link = 'font-semibold text-brand-700 underline';
  return (
    <p className="mt-3 text-xs text-slate-600">
      Escrow, refunds, disputes and payouts follow the{' '}
      <a href="#/terms" target="_blank" rel="noopener noreferrer" className={link}>
        Terms of Service
      </a>{' '}
      (updated {formatDate(TERMS_LAST_UPDATED)}); your data is handled under the{' '}
      <a href="#/privacy" target="_blank" rel="noopener noreferrer" className={link}>
        Privacy Policy
      </a>{' '}
      (updated {formatDate(PRIVACY_LAST_UPDATED)}).
    </p>
  );
}
