// 'Stripe Wallet' of the engineer dashboard: the payout account at the card provider, in
// its three states (docs/PRODUCT.md#states): none (connect form), connected without payouts (more
// information needed), payouts enabled. The status is read when the tab opens and checked again
// 1.5 s after load (docs/PRODUCT.md#limits): back from onboarding, the provider's word that
// payouts are enabled may land just after the page does. The second answer changes what the tab
// shows only when it differs.
import { type ConnectRequest, PAYOUT_COUNTRIES } from '@app/shared';
import { AlertTriangle, BadgeCheck, ExternalLink, Landmark, Loader2 } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { Panel } from '../../components/dashboard/DashboardShell';
import { Modal } from '../../components/Modal';
import { useCurrentUser } from '../../lib/lazyStore';
import { useAppSelector } from '../../lib/store';
import {
  useConnectPayoutAccountMutation,
  useLazyPayoutAccountStatusQuery,
  usePayoutDashboardLinkMutation,
} from './api';

export const STATUS_CHECK_DELAY_MS = 1500;

/** The server's message, or null when it sent none. */
function serverMessage(error: unknown): string | null {
  const m = (error as { data?: { message?: unknown } } | undefined)?.data?.message;
  return typeof m === 'string' && m ? m : null;
}

export function StripeWalletTab() {
  const token = useAppSelector((s) => s.session.token);
  const user = useCurrentUser();
  const [check, { data: status, isError, error }] = useLazyPayoutAccountStatusQuery();
  const [checked, setChecked] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    if (!token) return;
    const ask = () => void check(undefined, false).finally(() => setChecked(true));
    ask();
    const timer = setTimeout(ask, STATUS_CHECK_DELAY_MS);
    return () => clearTimeout(timer);
  }, [check, token]);

  let body: React.ReactNode;
  if (!token) {
    body = <Alert>Authentication token not found.</Alert>;
  } else if (!checked && !status) {
    body = (
      <div className="flex items-center gap-2 py-8 text-sm text-slate-600" role="status">
        <Loader2 className="h-4 w-4 animate-spin" aria-hidden /> Checking your payout account...
      </div>
    );
  } else if (isError || !status) {
    body = (
      <Alert>{serverMessage(error) ?? 'Could not check your payout account. Please try again later.'}</Alert>
    );
  } else if (!status.accountId) {
    body = <ConnectForm email={user?.email ?? ''} onFailure={setFailure} />;
  } else if (!status.payoutsEnabled) {
    body = <MoreInformationNeeded email={user?.email ?? ''} onFailure={setFailure} />;
  } else {
    body = <PayoutsEnabled onFailure={setFailure} />;
  }

  return (
    <Panel
      title="Stripe Wallet"
      description="Your payouts are sent to this account. Engineers must connect a valid payout account before proposing on projects."
    >
      {body}
      <Modal
        open={!!failure}
        onOpenChange={(o) => !o && setFailure(null)}
        title="Something went wrong"
        tone="danger"
        footer={
          <button type="button" className="btn-danger" onClick={() => setFailure(null)}>
            Close
          </button>
        }
      >
        <p className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">{failure}</p>
      </Modal>
    </Panel>
  );
}

function Alert({ children }: { children: React.ReactNode }) {
  return (
    <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
      {children}
    </p>
  );
}

/** POST /stripe/connect, then the browser goes to the provider's onboarding. */
function useStartOnboarding(onFailure: (m: string) => void) {
  const [connect, { isLoading }] = useConnectPayoutAccountMutation();
  const [leaving, setLeaving] = useState(false);
  const start = async (email: string, country: ConnectRequest['country']) => {
    try {
      const { onboardingUrl } = await connect({ email, country }).unwrap();
      setLeaving(true);
      window.location.assign(onboardingUrl);
    } catch (e) {
      const m = serverMessage(e);
      onFailure(m ? `Failed to create Stripe account: ${m}` : 'An unknown error occurred.');
    }
  };
  return { start, busy: isLoading || leaving };
}

function ConnectForm({ email: initialEmail, onFailure }: { email: string; onFailure: (m: string) => void }) {
  const [email, setEmail] = useState(initialEmail);
  const [country, setCountry] = useState<ConnectRequest['country']>('US');
  const { start, busy } = useStartOnboarding(onFailure);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void start(email.trim(), country);
  };
  return (
    <div className="grid gap-6 md:grid-cols-[1fr_1.2fr]">
      <div className="rounded-lg bg-brand-50 p-4 text-sm text-slate-700">
        <Landmark className="h-8 w-8 text-brand-700" aria-hidden />
        <h3 className="mt-3 font-semibold text-slate-900">Connect a payout account</h3>
        <p className="mt-1">
          Payments are held in escrow until the client accepts your final submission. Payouts run on the first
          Sunday of the following week, once you are owed at least $10.00.
        </p>
      </div>
      <form onSubmit={submit} className="space-y-4" aria-label="Connect a payout account">
        <div>
          <label htmlFor="connect-email" className="label">
            Email
          </label>
          <input
            id="connect-email"
            type="email"
            required
            autoComplete="email"
            className="input"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </div>
        <div>
          <label htmlFor="connect-country" className="label">
            Country
          </label>
          <select
            id="connect-country"
            className="input"
            value={country}
            onChange={(e) => setCountry(e.target.value as ConnectRequest['country'])}
          >
            {PAYOUT_COUNTRIES.map((c) => (
              <option key={c.code} value={c.code}>
                {c.name}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="btn-primary w-full sm:w-auto" disabled={busy}>
          {busy && <Loader2 className="h-4 w-4 animate-spin" aria-hidden />}
          Connect with Stripe
        </button>
      </form>
    </div>
  );
}

function MoreInformationNeeded({ email, onFailure }: { email: string; onFailure: (m: string) => void }) {
  const { start, busy } = useStartOnboarding(onFailure);
  return (
    <div className="flex flex-col gap-4 rounded-lg border border-amber-200 bg-amber-50 p-4 sm:flex-row sm:items-center">
      <AlertTriangle className="h-8 w-8 shrink-0 text-amber-600" aria-hidden />
      <div className="flex-1 text-sm text-amber-900">
        <h3 className="font-semibold">More information needed</h3>
        <p className="mt-1">
          Your payout account is connected, but Stripe needs more information before payouts can be enabled.
        </p>
      </div>
      <button type="button" className="btn-primary" disabled={busy} onClick={() => void start(email, 'US')}>
        {busy && <Loader2 className="h-4 w-4 animate-spin" aria-hidden />}
        Continue onboarding
      </button>
    </div>
  );
}

function PayoutsEnabled({ onFailure }: { onFailure: (m: string) => void }) {
  const [login, { isLoading }] = usePayoutDashboardLinkMutation();
  const open = async () => {
    try {
      const { loginUrl } = await login().unwrap();
      window.location.assign(loginUrl);
    } catch (e) {
      onFailure(serverMessage(e) ?? 'An unknown error occurred.');
    }
  };
  return (
    <div className="flex flex-col gap-4 rounded-lg border border-green-200 bg-green-50 p-4 sm:flex-row sm:items-center">
      <BadgeCheck className="h-8 w-8 shrink-0 text-green-700" aria-hidden />
      <div className="flex-1 text-sm text-green-900">
        <h3 className="font-semibold">Payouts enabled</h3>
        <p className="mt-1">
          Your payout account is ready. Earnings from accepted submissions are paid out to it.
        </p>
      </div>
      <button type="button" className="btn-secondary" disabled={isLoading} onClick={() => void open()}>
        {isLoading ? (
          <Loader2 className="h-4 w-4 animate-spin" aria-hidden />
        ) : (
          <ExternalLink className="h-4 w-4" aria-hidden />
        )}
        Open Stripe dashboard
      </button>
    </div>
  );
}
