// Where the card provider's checkout sends the client back (docs/PRODUCT.md#screens, #states, #messages):
// /success?session_id=... asks the server whether the provider confirmed the payment. The
// confirmation is the provider's event, which may arrive a moment after the redirect, so an
// open checkout is asked about again every couple of seconds for up to half a minute.
// /cancel says the payment was not completed.
import { PAYMENT_MESSAGES } from '@app/shared';
import { CheckCircle2, Clock, Loader2, RotateCw, XCircle } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { CenteredCard } from '../../components/CenteredCard';
import { api } from '../../lib/api';
import { requestErrorMessage } from '../../lib/apiErrors';
import { useCurrentUser } from '../../lib/lazyStore';
import { useAppDispatch } from '../../lib/store';
import { usePageMeta } from '../../lib/usePageMeta';
import { useLazyVerifySessionQuery } from './api';
import { checkoutProject } from './checkoutReturn';

export const VERIFY_POLL_MS = 2000;
export const VERIFY_PATIENCE_MS = 30_000;

type Outcome =
  | { kind: 'checking' }
  | { kind: 'complete' }
  | { kind: 'pending' }
  | { kind: 'error'; message: string };

function useCheckoutOutcome(sessionId: string | null): [Outcome, () => void] {
  const [verify] = useLazyVerifySessionQuery();
  const dispatch = useAppDispatch();
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'checking' });
  const [round, setRound] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new round asks again
  useEffect(() => {
    if (!sessionId) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const started = Date.now();
    const ask = async () => {
      try {
        const { status } = await verify(sessionId).unwrap();
        if (stopped) return;
        if (status === 'complete') {
          // The deal is made: lists seen before (projects, proposals, payments) are stale.
          dispatch(api.util.invalidateTags(['Payment', 'Project', 'Proposal']));
          setOutcome({ kind: 'complete' });
        } else if (status === 'open' && Date.now() - started < VERIFY_PATIENCE_MS) {
          timer = setTimeout(() => void ask(), VERIFY_POLL_MS);
        } else {
          setOutcome({ kind: 'pending' });
        }
      } catch (error) {
        if (stopped) return;
        // An unknown session is named as such by the server; anything else is a failed check.
        setOutcome({ kind: 'error', message: requestErrorMessage(error, PAYMENT_MESSAGES.verifyError) });
      }
    };
    setOutcome({ kind: 'checking' });
    void ask();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [sessionId, round, verify, dispatch]);

  return [outcome, () => setRound((r) => r + 1)];
}

export function PaymentSuccessPage() {
  const [params] = useSearchParams();
  const location = useLocation();
  const user = useCurrentUser();
  const sessionId = params.get('session_id');
  const [outcome, checkAgain] = useCheckoutOutcome(sessionId);
  const projectId = checkoutProject(location.state);
  const dashboard = user?.role === 'client' ? `/client_dashboard/${user.id}` : '/';
  usePageMeta(outcome.kind === 'complete' ? 'Payment Successful' : 'Payment');

  const retry = projectId ? (
    <Link to={`/project_details/${projectId}`} className="btn-primary">
      Retry Payment
    </Link>
  ) : null;
  const goToDashboard = (primary: boolean) => (
    <Link to={dashboard} className={primary ? 'btn-primary' : 'btn-secondary'}>
      Go to Dashboard
    </Link>
  );

  const missing = !sessionId;
  const kind = missing ? 'error' : outcome.kind;
  if (kind === 'checking')
    return (
      <ResultCard
        icon={<Loader2 className="h-14 w-14 animate-spin text-brand-600" aria-hidden />}
        heading="Confirming your payment"
        message="Waiting for the card provider to confirm the payment..."
      />
    );
  if (kind === 'complete')
    return (
      <ResultCard
        icon={<CheckCircle2 className="h-14 w-14 text-green-600" aria-hidden />}
        heading="Payment Successful!"
        message="The proposal is accepted and the engineer has been told. Your payment is held in escrow until you accept the final submission."
      >
        {projectId && (
          <Link to={`/project_details/${projectId}`} className="btn-primary">
            Open the project
          </Link>
        )}
        {goToDashboard(!projectId)}
      </ResultCard>
    );
  // Still pending, or the check could not be made: try again, or look again later.
  return (
    <ResultCard
      icon={
        kind === 'pending' ? (
          <Clock className="h-14 w-14 text-yellow-600" aria-hidden />
        ) : (
          <XCircle className="h-14 w-14 text-red-600" aria-hidden />
        )
      }
      heading={kind === 'pending' ? 'Payment Pending' : 'Payment'}
      message={
        missing
          ? PAYMENT_MESSAGES.sessionIdMissing
          : outcome.kind === 'error'
            ? outcome.message
            : PAYMENT_MESSAGES.stillPending
      }
      alert={kind === 'error'}
    >
      {retry}
      {!missing && (
        <button type="button" className="btn-secondary" onClick={checkAgain}>
          <RotateCw className="h-4 w-4" aria-hidden /> Check again
        </button>
      )}
      {goToDashboard(!retry)}
    </ResultCard>
  );
}

function ResultCard({
  icon,
  heading,
  message,
  alert = false,
  children,
}: {
  icon: ReactNode;
  heading: string;
  message: string;
  /** A failure is announced at once; other news politely. */
  alert?: boolean;
  children?: ReactNode;
}) {
  return (
    <CenteredCard>
      {icon}
      <h1 className="mt-4 text-2xl font-bold text-slate-900">{heading}</h1>
      <p role={alert ? 'alert' : 'status'} className="mt-2 text-slate-700">
        {message}
      </p>
      {children && <div className="mt-6 flex flex-wrap justify-center gap-2">{children}</div>}
    </CenteredCard>
  );
}

export function PaymentCancelPage() {
  usePageMeta('Payment Cancelled');
  return (
    <ResultCard
      icon={<XCircle className="h-14 w-14 text-red-600" aria-hidden />}
      heading="Payment Cancelled"
      message="Your payment was not completed, and nothing was charged."
    >
      <Link to="/explore" className="btn-primary">
        Try Again
      </Link>
      <Link to="/" className="btn-secondary">
        Go to Dashboard
      </Link>
    </ResultCard>
  );
}
