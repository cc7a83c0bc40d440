// The PIN step of sign-in (docs/PRODUCT.md#screens, #validation): a 6-digit PIN e-mailed by the server, with a
// resend action whose confirmation shows for 4 seconds. The resend button counts down the
// server's resend interval instead of letting the user run into 'Please wait…'.
import { PIN_LENGTH, PIN_RESEND_INTERVAL_MS, pinSchema } from '@app/shared';
import { Loader2 } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Modal } from '../../components/Modal';
import { useAppDispatch } from '../../lib/store';
import { useSecondsUntil } from '../../lib/useSecondsUntil';
import { FormMessage } from './AuthCard';
import { getPinEmail } from './deviceTokens';
import { resendPin, verifyPin } from './sessionThunks';

const RESEND_MESSAGE_MS = 4000;

export function PinDialog({
  open,
  onOpenChange,
  onVerified,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onVerified: () => void;
}) {
  const dispatch = useAppDispatch();
  const [pinLoading, setPinLoading] = useState(false);
  const [pin, setPin] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [resend, setResend] = useState<{ ok: boolean; message: string } | null>(null);
  const [resending, setResending] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const errorId = useId();
  const email = open ? getPinEmail() : null;
  // A PIN was just sent when the dialog opens: the next one can be asked for after the
  // server's resend interval, counted down on the button rather than refused with an error.
  const [resendAt, setResendAt] = useState(0);
  const wait = useSecondsUntil(resendAt);

  useEffect(() => {
    if (!open) {
      setPin('');
      setError(null);
      setResend(null);
    } else setResendAt(Date.now() + PIN_RESEND_INTERVAL_MS);
  }, [open]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = pinSchema.safeParse(pin);
    if (!parsed.success) {
      setError(parsed.error.issues[0].message);
      return;
    }
    setError(null);
    setPinLoading(true);
    const result = await dispatch(verifyPin(parsed.data));
    setPinLoading(false);
    if (result.ok) onVerified();
    else setError(result.message);
  };

  const onResend = async () => {
    setResending(true);
    const result = await resendPin();
    setResending(false);
    if (result.ok) setResendAt(Date.now() + PIN_RESEND_INTERVAL_MS);
    setResend({ ok: result.ok, message: result.message });
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setResend(null), RESEND_MESSAGE_MS);
  };

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      size="sm"
      title="Enter your PIN"
      description={`We e-mailed a 6-digit PIN${email ? ` to ${email}` : ''}. It is valid for 10 minutes.`}
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <div>
          <label htmlFor="pin" className="label">
            PIN
          </label>
          <input
            id="pin"
            name="pin"
            className="input text-center font-mono text-lg tracking-[0.5em]"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]*"
            maxLength={PIN_LENGTH}
            value={pin}
            onChange={(e) => setPin(e.target.value.replace(/\D/g, '').slice(0, 6))}
            aria-invalid={!!error}
            aria-describedby={error ? errorId : undefined}
          />
          {error && (
            <p id={errorId} role="alert" className="field-error">
              {error}
            </p>
          )}
        </div>
        <button type="submit" className="btn-primary w-full" disabled={pinLoading}>
          {pinLoading && <Loader2 className="h-4 w-4 animate-spin" aria-hidden />}
          {pinLoading ? 'Verifying...' : 'Verify PIN'}
        </button>
      </form>
      <div className="mt-4 space-y-3 text-center text-sm">
        <p className="text-slate-600">
          Didn&apos;t get it?{' '}
          <button
            type="button"
            onClick={onResend}
            disabled={resending || wait > 0}
            className="font-semibold text-brand-700 hover:underline disabled:opacity-50"
          >
            {resending ? 'Resending...' : wait > 0 ? `Resend PIN in ${wait}s` : 'Resend PIN'}
          </button>
        </p>
        {resend && <FormMessage kind={resend.ok ? 'success' : 'error'}>{resend.message}</FormMessage>}
      </div>
    </Modal>
  );
}
