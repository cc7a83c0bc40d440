// /sign-in (docs/PRODUCT.md#screens): e-mail and password; without a PIN the user lands on /, with a
// PIN the dialog opens and a verified user lands on /explore — unless a protected page sent
// them here, then they go back to it.
import { AUTH_MESSAGES, signinBodySchema } from '@app/shared';
import { Loader2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { afterSignIn, signedUpEmail } from '../../lib/returnTo';
import { useAppDispatch } from '../../lib/store';
import { usePageMeta } from '../../lib/usePageMeta';
import { AuthCard, FormMessage } from './AuthCard';
import { PinDialog } from './PinDialog';
import { signIn } from './sessionThunks';

export function SignInPage() {
  usePageMeta(
    'Sign in',
    'Sign in to StampWorks to post projects, send proposals and receive stamped drawings.',
  );
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { state } = useLocation();
  // Local, not the persisted session flag: a reload mid-request must not leave it stuck.
  const [loading, setLoading] = useState(false);
  const [email, setEmail] = useState(() => signedUpEmail(state));
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [pinOpen, setPinOpen] = useState(false);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = signinBodySchema.safeParse({ email, password });
    if (!parsed.success) {
      // An empty field is the message that matters most; a malformed address comes after.
      const messages = parsed.error.issues.map((i) => i.message);
      setError(messages.includes(AUTH_MESSAGES.signinRequired) ? AUTH_MESSAGES.signinRequired : messages[0]);
      return;
    }
    setError(null);
    setLoading(true);
    const result = await dispatch(signIn({ email, password }));
    setLoading(false);
    if (!result.ok) setError(result.message);
    else if (result.pinRequired) setPinOpen(true);
    else navigate(afterSignIn(state, '/'));
  };

  return (
    <AuthCard
      title="Sign in"
      subtitle="Welcome back. Sign in to continue to StampWorks."
      footer={
        <>
          Don&apos;t have an account?{' '}
          <Link to="/sign-up" className="font-semibold text-brand-700 hover:underline">
            Sign up
          </Link>
        </>
      }
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <FormMessage kind="error">{error}</FormMessage>
        <div>
          <label htmlFor="signin-email" className="label">
            Email
          </label>
          <input
            id="signin-email"
            name="email"
            type="email"
            autoComplete="email"
            className="input"
            placeholder="you@example.com"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </div>
        <div>
          <div className="flex items-baseline justify-between gap-2">
            <label htmlFor="signin-password" className="label">
              Password
            </label>
            <Link to="/forgetPassword" className="text-sm font-medium text-brand-700 hover:underline">
              Forgot password?
            </Link>
          </div>
          <input
            id="signin-password"
            name="password"
            type={showPassword ? 'text' : 'password'}
            autoComplete="current-password"
            className="input"
            // Straight to the password when sign-up filled in the e-mail.
            // biome-ignore lint/a11y/noAutofocus: the one field left to fill after sign-up
            autoFocus={!!signedUpEmail(state)}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </div>
        <label className="flex w-fit cursor-pointer items-center gap-2 text-sm text-slate-700">
          <input
            type="checkbox"
            className="h-4 w-4 rounded border-slate-300 accent-brand-600"
            checked={showPassword}
            onChange={(e) => setShowPassword(e.target.checked)}
          />
          Show password
        </label>
        <button type="submit" className="btn-primary w-full" disabled={loading}>
          {loading && <Loader2 className="h-4 w-4 animate-spin" aria-hidden />}
          {loading ? 'Signing in...' : 'Sign In'}
        </button>
      </form>
      <PinDialog
        open={pinOpen}
        onOpenChange={setPinOpen}
        onVerified={() => navigate(afterSignIn(state, '/explore'))}
      />
    </AuthCard>
  );
}
