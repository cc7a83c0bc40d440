// The PIN step of sign-in (spec §2, §5): a 6-digit PIN e-mailed by the server, with a
// resend action whose confirmation shows for 4 seconds.
import { pinSchema } from '@app/shared';
import * as Dialog from '@radix-ui/react-dialog';
import { Loader2, X } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useAppDispatch } from '../../lib/store';
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

  useEffect(() => {
    if (!open) {
      setPin('');
      setError(null);
      setResend(null);
    }
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
    setResend({ ok: result.ok, message: result.message });
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setResend(null), RESEND_MESSAGE_MS);
  };

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50 backdrop-blur-[1px]" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 w-[calc(100vw-2rem)] max-w-sm -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-xl focus:outline-none">
          <div className="flex items-start justify-between gap-4">
            <Dialog.Title className="text-lg font-semibold text-slate-900">Enter your PIN</Dialog.Title>
            <Dialog.Close
              aria-label="Close"
              className="-mr-2 -mt-1 rounded-md p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-800"
            >
              <X className="h-5 w-5" aria-hidden />
            </Dialog.Close>
          </div>
          <Dialog.Description className="mt-1 text-sm text-slate-600">
            We e-mailed a 6-digit PIN{email ? ` to ${email}` : ''}. It is valid for 10 minutes.
          </Dialog.Description>
          <form onSubmit={onSubmit} noValidate className="mt-5 space-y-4">
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
                maxLength={6}
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
                disabled={resending}
                className="font-semibold text-brand-700 hover:underline disabled:opacity-50"
              >
                {resending ? 'Resending...' : 'Resend PIN'}
              </button>
            </p>
            {resend && <FormMessage kind={resend.ok ? 'success' : 'error'}>{resend.message}</FormMessage>}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
