// /forgetPassword (docs/PRODUCT.md#screens): asks for a reset e-mail. The server answers the same way
// whether or not the address has an account (docs/PRODUCT.md).
import { passwordResetBodySchema } from '@app/shared';
import { Loader2, MailCheck } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { authErrorMessage, requestJson } from '../../lib/http';
import { usePageMeta } from '../../lib/usePageMeta';
import { AuthCard, FormMessage } from './AuthCard';

export function ForgotPasswordPage() {
  usePageMeta('Forgot password', 'Get an e-mail with a link to choose a new StampWorks password.');
  const [email, setEmail] = useState('');
  const [sending, setSending] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = passwordResetBodySchema.safeParse({ email });
    if (!parsed.success) {
      setResult({ ok: false, message: parsed.error.issues[0].message });
      return;
    }
    setSending(true);
    setResult(null);
    try {
      const answer = await requestJson<{ success: boolean; message: string }>('/auth/password-reset', {
        method: 'POST',
        body: parsed.data,
      });
      setResult({ ok: answer.success !== false, message: answer.message });
    } catch (error) {
      setResult({ ok: false, message: authErrorMessage(error, 'Failed to send the reset e-mail.') });
    } finally {
      setSending(false);
    }
  };

  return (
    <AuthCard
      title="Forgot your password?"
      subtitle="Enter the e-mail address of your account and we will send you a link to reset your password."
      footer={
        <Link to="/sign-in" className="font-semibold text-brand-700 hover:underline">
          Back to sign in
        </Link>
      }
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        {result &&
          (result.ok ? (
            <p
              role="status"
              className="flex items-start gap-2 rounded-lg border border-green-200 bg-green-50 px-3 py-2 text-sm text-green-800"
            >
              <MailCheck className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
              {result.message}
            </p>
          ) : (
            <FormMessage kind="error">{result.message}</FormMessage>
          ))}
        <div>
          <label htmlFor="forgot-email" className="label">
            Email
          </label>
          <input
            id="forgot-email"
            name="email"
            type="email"
            autoComplete="email"
            className="input"
            placeholder="you@example.com"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </div>
        <button type="submit" className="btn-primary w-full" disabled={sending}>
          {sending && <Loader2 className="h-4 w-4 animate-spin" aria-hidden />}
          {sending ? 'Sending...' : 'Send Reset Email'}
        </button>
      </form>
    </AuthCard>
  );
}
