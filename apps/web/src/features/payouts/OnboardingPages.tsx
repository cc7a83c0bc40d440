// Where the card provider's onboarding sends the engineer back (docs/PRODUCT.md#screens):
// /onboarding/complete redirects to the dashboard's Stripe Wallet tab after 5 seconds;
// /onboarding/refresh offers to try again.
import { CheckCircle2, XCircle } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { CenteredCard } from '../../components/CenteredCard';
import { api } from '../../lib/api';
import { useCurrentUser } from '../../lib/lazyStore';
import { useAppDispatch } from '../../lib/store';
import { usePageMeta } from '../../lib/usePageMeta';

export const ONBOARDING_REDIRECT_SECONDS = 5;

function useWalletPath() {
  const user = useCurrentUser();
  return `/engineer_dashboard/${user?.id ?? ''}?tab=stripe`;
}

export function OnboardingCompletePage() {
  usePageMeta('Onboarding Complete!');
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const walletPath = useWalletPath();
  const [left, setLeft] = useState(ONBOARDING_REDIRECT_SECONDS);

  useEffect(() => {
    // The account changed at the provider: the next status check must ask the server again.
    dispatch(api.util.invalidateTags(['PayoutAccount']));
  }, [dispatch]);

  useEffect(() => {
    const tick = setInterval(() => setLeft((s) => Math.max(0, s - 1)), 1000);
    const go = setTimeout(() => navigate(walletPath, { replace: true }), ONBOARDING_REDIRECT_SECONDS * 1000);
    return () => {
      clearInterval(tick);
      clearTimeout(go);
    };
  }, [navigate, walletPath]);

  return (
    <CenteredCard>
      <CheckCircle2 className="h-14 w-14 text-green-600" aria-hidden />
      <h1 className="mt-4 text-2xl font-bold text-slate-900 sm:text-3xl">Onboarding Complete!</h1>
      <p className="mt-2 text-slate-600">Your payout account details were submitted.</p>
      <p className="mt-4 text-sm text-slate-600" aria-live="polite">
        Taking you to your dashboard in {left} second{left === 1 ? '' : 's'}...
      </p>
      <Link to={walletPath} replace className="btn-primary mt-6">
        Go to dashboard now
      </Link>
    </CenteredCard>
  );
}

export function OnboardingRefreshPage() {
  usePageMeta('Onboarding Canceled');
  const walletPath = useWalletPath();
  return (
    <CenteredCard>
      <XCircle className="h-14 w-14 text-red-600" aria-hidden />
      <h1 className="mt-4 text-2xl font-bold text-slate-900 sm:text-3xl">Onboarding Canceled</h1>
      <p className="mt-2 text-slate-600">
        Your payout account setup was not finished. You can continue where you left off.
      </p>
      <Link to={walletPath} className="btn-primary mt-6">
        Try Again
      </Link>
    </CenteredCard>
  );
}
