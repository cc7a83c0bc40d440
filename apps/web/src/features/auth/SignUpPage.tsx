// /sign-up (docs/PRODUCT.md#screens): role (engineer by default, or client), full name, e-mail, optional
// profile picture and password; on success the visitor signs in at /sign-in, where the
// first sign-in asks for the PIN that verifies the address.
import { AUTH_MESSAGES, type SignupBody, signupBodySchema } from '@app/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { BriefcaseBusiness, HardHat, Loader2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import { PasswordInput } from '../../components/form/PasswordInput';
import { toast } from '../../components/toast/toast';
import { authErrorMessage, type HttpFailure, requestJson } from '../../lib/http';
import { usePageMeta } from '../../lib/usePageMeta';
import { AuthCard, FormMessage } from './AuthCard';
import { ProfilePictureField } from './ProfilePictureField';

const ROLE_CHOICES = [
  { value: 'engineer', label: 'Engineer', hint: 'I stamp drawings', Icon: HardHat },
  { value: 'client', label: 'Client', hint: 'I need stamped drawings', Icon: BriefcaseBusiness },
] as const;

export function SignUpPage() {
  usePageMeta('Sign up', 'Create a StampWorks account as a licensed engineer or as a client.');
  const navigate = useNavigate();
  const [serverError, setServerError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const {
    register,
    handleSubmit,
    setValue,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<SignupBody, unknown, z.output<typeof signupBodySchema>>({
    resolver: zodResolver(signupBodySchema),
    defaultValues: { role: 'engineer', fullName: '', email: '', password: '', profilePicture: null },
  });
  const role = watch('role');
  const picture = watch('profilePicture') ?? null;

  // Empty fields share one message at the top; a field's own problem shows under it.
  const missing = Object.values(errors).some((e) => e?.message === AUTH_MESSAGES.signupRequired);
  const fieldError = (name: keyof SignupBody) => {
    const message = errors[name]?.message;
    return message && message !== AUTH_MESSAGES.signupRequired ? message : null;
  };
  const invalid = (name: keyof SignupBody) => !!errors[name];

  const onSubmit = handleSubmit(async (body) => {
    setServerError(null);
    try {
      const answer = await requestJson<{ message: string }>('/auth/signup', {
        method: 'POST',
        body: { ...body, profilePicture: body.profilePicture || undefined },
      });
      toast.success(answer.message || 'Account created. Please sign in.');
      // Sign-in opens with the new address filled in (signedUpEmail).
      navigate('/sign-in', { state: { email: body.email } });
    } catch (error) {
      // A field the server names (an e-mail already in use) shows its message under that
      // field only; anything else is one message at the top. Never both.
      const fields = ((error as HttpFailure).data as { fields?: Record<string, string> } | undefined)?.fields;
      const shown = Object.entries(fields ?? {}).filter(
        (entry): entry is ['fullName' | 'email' | 'password', string] =>
          entry[0] === 'fullName' || entry[0] === 'email' || entry[0] === 'password',
      );
      for (const [name, message] of shown) setError(name, { message });
      if (!shown.length) setServerError(authErrorMessage(error, 'Signup failed'));
    }
  });
  /** Each try starts clean: the last try's server message goes even if this one stops at a field. */
  const submit = (e: FormEvent) => {
    setServerError(null);
    return onSubmit(e);
  };

  const emailError = fieldError('email');
  const nameError = fieldError('fullName');
  const passwordError = fieldError('password');

  return (
    <AuthCard
      title="Create your account"
      subtitle="Join StampWorks as a licensed engineer or as a client who needs stamped drawings."
      footer={
        <>
          Already have an account?{' '}
          <Link to="/sign-in" className="font-semibold text-brand-700 hover:underline">
            Sign in
          </Link>
        </>
      }
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        {missing && <FormMessage kind="error">{AUTH_MESSAGES.signupRequired}</FormMessage>}
        {serverError && <FormMessage kind="error">{serverError}</FormMessage>}
        <fieldset>
          <legend className="label">I am joining as</legend>
          <div className="grid grid-cols-2 gap-2 rounded-xl bg-slate-100 p-1">
            {ROLE_CHOICES.map(({ value, label, hint, Icon }) => (
              <label
                key={value}
                className={`flex cursor-pointer flex-col items-center rounded-lg px-3 py-2 text-center text-sm transition focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-brand-600 ${
                  role === value
                    ? 'bg-white font-semibold text-brand-700 shadow-sm ring-1 ring-brand-600/30'
                    : 'text-slate-600 hover:text-slate-900'
                }`}
              >
                <input type="radio" value={value} className="sr-only" {...register('role')} />
                <span className="flex items-center gap-1.5">
                  <Icon className="h-4 w-4" aria-hidden />
                  {label}
                </span>
                <span className="text-xs font-normal text-slate-600">{hint}</span>
              </label>
            ))}
          </div>
        </fieldset>
        <div>
          <label htmlFor="signup-name" className="label">
            Full name
          </label>
          <input
            id="signup-name"
            autoComplete="name"
            className="input aria-[invalid=true]:border-red-500"
            aria-invalid={invalid('fullName')}
            {...register('fullName')}
          />
          {nameError && <p className="field-error">{nameError}</p>}
        </div>
        <div>
          <label htmlFor="signup-email" className="label">
            Email
          </label>
          <input
            id="signup-email"
            type="email"
            autoComplete="email"
            className="input aria-[invalid=true]:border-red-500"
            placeholder="you@example.com"
            aria-invalid={invalid('email')}
            aria-describedby={emailError ? 'signup-email-error' : undefined}
            {...register('email')}
          />
          {emailError && (
            <p id="signup-email-error" className="field-error">
              {emailError}
            </p>
          )}
        </div>
        <ProfilePictureField
          value={picture}
          onChange={(url) => setValue('profilePicture', url)}
          onUploadingChange={setUploading}
        />
        <div>
          <label htmlFor="signup-password" className="label">
            Password
          </label>
          <PasswordInput
            id="signup-password"
            autoComplete="new-password"
            aria-invalid={invalid('password')}
            aria-describedby="signup-password-hint"
            {...register('password')}
          />
          {passwordError ? (
            <p id="signup-password-hint" className="field-error">
              {passwordError}
            </p>
          ) : (
            <p id="signup-password-hint" className="mt-1 text-xs text-slate-500">
              At least 8 characters; very common passwords are refused.
            </p>
          )}
        </div>
        <button type="submit" className="btn-primary w-full" disabled={isSubmitting || uploading}>
          {isSubmitting && <Loader2 className="h-4 w-4 animate-spin" aria-hidden />}
          {isSubmitting ? 'Creating account...' : 'Create Account'}
        </button>
      </form>
    </AuthCard>
  );
}
