// /ResetPassword/{email}?token=... (docs/PRODUCT.md#screens, docs/PRODUCT.md): the link mailed by the reset
// request. A new password and its confirmation; on success, back to /sign-in after 2 s.
import { AUTH_MESSAGES, passwordProblem } from '@app/shared';
import { Loader2 } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { PasswordInput } from '../../components/form/PasswordInput';
import { authErrorMessage, requestJson } from '../../lib/http';
import { usePageMeta } from '../../lib/usePageMeta';
import { AuthCard, FormMessage } from './AuthCard';

const REDIRECT_MS = 2000;

export function ResetPasswordPage() {
  usePageMeta('Reset password', 'Choose a new password for your StampWorks account.');
  const { email = '' } = useParams();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [saving, setSaving] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);

  useEffect(() => {
    if (!result?.ok) return;
    const t = setTimeout(() => navigate('/sign-in'), REDIRECT_MS);
    return () => clearTimeout(t);
  }, [result, navigate]);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!password || !confirm) {
      setResult({ ok: false, message: AUTH_MESSAGES.signinRequired });
      return;
    }
    if (password !== confirm) {
      setResult({ ok: false, message: AUTH_MESSAGES.passwordsDoNotMatch });
      return;
    }
    const problem = passwordProblem(password);
    if (problem) {
      setResult({ ok: false, message: problem });
      return;
    }
    setSaving(true);
    setResult(null);
    try {
      await requestJson(`/auth/updatePassword/${encodeURIComponent(email)}`, {
        method: 'PUT',
        body: { password, token },
      });
      setResult({ ok: true, message: AUTH_MESSAGES.passwordResetDone });
    } catch (error) {
      setResult({ ok: false, message: authErrorMessage(error, 'Failed to reset the password.') });
    } finally {
      setSaving(false);
    }
  };

  return (
    <AuthCard
      title="Reset your password"
      subtitle={
        <>
          Choose a new password for <span className="font-medium text-slate-800">{email}</span>.
        </>
      }
      footer={
        <Link to="/sign-in" className="font-semibold text-brand-700 hover:underline">
          Back to sign in
        </Link>
      }
    >
      {!token ? (
        <div className="space-y-4">
          <FormMessage kind="error">{AUTH_MESSAGES.resetLinkInvalid}</FormMessage>
          <Link to="/forgetPassword" className="btn-primary w-full">
            Request a new link
          </Link>
        </div>
      ) : (
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          {result && <FormMessage kind={result.ok ? 'success' : 'error'}>{result.message}</FormMessage>}
          <div>
            <label htmlFor="reset-password" className="label">
              New password
            </label>
            <PasswordInput
              id="reset-password"
              name="password"
              autoComplete="new-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          </div>
          <div>
            <label htmlFor="reset-confirm" className="label">
              Confirm new password
            </label>
            <PasswordInput
              id="reset-confirm"
              name="confirmPassword"
              autoComplete="new-password"
              value={confirm}
              onChange={(e) => setConfirm(e.target.value)}
            />
          </div>
          <button type="submit" className="btn-primary w-full" disabled={saving || !!result?.ok}>
            {saving && <Loader2 className="h-4 w-4 animate-spin" aria-hidden />}
            {saving ? 'Saving...' : 'Reset Password'}
          </button>
        </form>
      )}
    </AuthCard>
  );
}
