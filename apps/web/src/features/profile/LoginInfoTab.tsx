// 'Login Info' of the profile page: name, e-mail, picture and a password change (docs/PRODUCT.md#validation:
// new and confirm must match; server messages about the old password, a mismatch or the
// e-mail are shown under that field).

import {
  AUTH_MESSAGES,
  acceptFor,
  chosenFileProblem,
  emailSchema,
  fullNameSchema,
  passwordProblem,
} from '@app/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { ImageUp, Loader2 } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Avatar } from '../../components/avatar/Avatar';
import { Panel } from '../../components/dashboard/DashboardShell';
import { PasswordInput } from '../../components/form/PasswordInput';
import { UploadProgress } from '../../components/form/UploadProgress';
import { toast } from '../../components/toast/toast';
import { errorMessage } from '../../lib/apiErrors';
import { type SessionUser, sessionActions } from '../../lib/session';
import { useAppDispatch, useAppSelector } from '../../lib/store';
import { uploadFile } from '../../lib/upload';
import { useUpdateLoginInfoMutation } from './api';

const schema = (currentEmail: string) =>
  z
    .object({
      full_name: fullNameSchema('Full name is required.'),
      email: emailSchema(AUTH_MESSAGES.invalidEmail),
      oldPassword: z.string(),
      newPassword: z.string(),
      confirmPassword: z.string(),
    })
    .superRefine((v, ctx) => {
      if (v.newPassword) {
        const problem = passwordProblem(v.newPassword);
        if (problem) ctx.addIssue({ code: 'custom', path: ['newPassword'], message: problem });
      }
      if (v.newPassword !== v.confirmPassword) {
        ctx.addIssue({
          code: 'custom',
          path: ['confirmPassword'],
          message: AUTH_MESSAGES.passwordsDoNotMatch,
        });
      }
      const emailChanged = v.email !== currentEmail.toLowerCase();
      if ((v.newPassword || emailChanged) && !v.oldPassword) {
        ctx.addIssue({ code: 'custom', path: ['oldPassword'], message: AUTH_MESSAGES.oldPasswordRequired });
      }
    });
type Values = z.input<ReturnType<typeof schema>>;

/** The field a server message belongs to (docs/PRODUCT.md#validation). */
function fieldOf(message: string): keyof Values | null {
  if (message.includes('Old password')) return 'oldPassword';
  if (message.includes('match')) return 'confirmPassword';
  if (message.includes('Email')) return 'email';
  return null;
}

export function LoginInfoTab({ user }: { user: SessionUser }) {
  const dispatch = useAppDispatch();
  const token = useAppSelector((s) => s.session.token);
  const [update, { isLoading }] = useUpdateLoginInfoMutation();
  const [picture, setPicture] = useState<string | null>(user.profile_picture);
  const [progress, setProgress] = useState<number | null>(null);
  const [pictureError, setPictureError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<Values>({
    resolver: zodResolver(schema(user.email)),
    defaultValues: {
      full_name: user.full_name,
      email: user.email,
      oldPassword: '',
      newPassword: '',
      confirmPassword: '',
    },
  });

  const onPicture = async (file: File | undefined) => {
    if (!file) return;
    setPictureError(null);
    const problem = chosenFileProblem('avatar', file);
    if (problem) {
      setPictureError(problem);
      return;
    }
    setProgress(0);
    try {
      setPicture(await uploadFile(file, 'avatar', { token, onProgress: setProgress }));
    } catch (error) {
      setPictureError(errorMessage(error, 'Profile picture upload failed'));
    } finally {
      setProgress(null);
    }
  };

  const onSubmit = async (v: Values) => {
    setFormError(null);
    try {
      const answer = await update({
        userId: user.id,
        body: {
          full_name: v.full_name.trim(),
          email: v.email.trim().toLowerCase(),
          profile_picture: picture,
          ...(v.oldPassword ? { oldPassword: v.oldPassword } : {}),
          ...(v.newPassword ? { newPassword: v.newPassword } : {}),
        },
      }).unwrap();
      const next = answer.user;
      // A password change revokes the other sessions and answers this one's new token.
      dispatch(
        sessionActions.updateUserSuccess({ user: next, ...(answer.token ? { token: answer.token } : {}) }),
      );
      reset({
        full_name: next.full_name,
        email: next.email,
        oldPassword: '',
        newPassword: '',
        confirmPassword: '',
      });
      toast.success('Profile updated successfully!');
    } catch (error) {
      const message = errorMessage(error, 'Failed to update profile.');
      const field = fieldOf(message);
      if (field) setError(field, { message });
      else setFormError(message);
    }
  };

  const busy = isLoading || progress !== null;
  return (
    <Panel title="Login Info" description="Your name, e-mail address, picture and password.">
      <form onSubmit={handleSubmit(onSubmit)} noValidate className="space-y-6">
        <div className="flex flex-wrap items-center gap-4">
          <Avatar name={user.full_name} picture={picture} size="lg" />
          <div>
            <label htmlFor="profile-picture" className="btn-secondary cursor-pointer">
              <ImageUp className="h-4 w-4" aria-hidden />
              {picture ? 'Change picture' : 'Upload picture'}
            </label>
            <input
              id="profile-picture"
              type="file"
              accept={acceptFor('avatar')}
              className="sr-only"
              disabled={progress !== null}
              onChange={(e) => {
                void onPicture(e.target.files?.[0]);
                e.target.value = '';
              }}
            />
            {progress !== null && (
              <div className="mt-2 w-48">
                <UploadProgress value={progress} />
              </div>
            )}
            {pictureError && (
              <p className="field-error" role="alert">
                {pictureError}
              </p>
            )}
          </div>
        </div>

        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <label htmlFor="login-full-name" className="label">
              Full name
            </label>
            <input id="login-full-name" className="input" autoComplete="name" {...register('full_name')} />
            {errors.full_name && <p className="field-error">{errors.full_name.message}</p>}
          </div>
          <div>
            <label htmlFor="login-email" className="label">
              Email
            </label>
            <input
              id="login-email"
              type="email"
              className="input"
              autoComplete="email"
              aria-invalid={!!errors.email || undefined}
              {...register('email')}
            />
            {errors.email && <p className="field-error">{errors.email.message}</p>}
          </div>
        </div>

        <fieldset className="space-y-4 border-t border-slate-200 pt-6">
          <legend className="text-base font-semibold text-slate-900">Change password</legend>
          <p className="text-sm text-slate-600">Leave these empty to keep your current password.</p>
          <div className="grid gap-4 sm:grid-cols-3">
            <div>
              <label htmlFor="login-old-password" className="label">
                Old password
              </label>
              <PasswordInput
                id="login-old-password"
                autoComplete="current-password"
                aria-invalid={!!errors.oldPassword || undefined}
                {...register('oldPassword')}
              />
              {errors.oldPassword && <p className="field-error">{errors.oldPassword.message}</p>}
            </div>
            <div>
              <label htmlFor="login-new-password" className="label">
                New password
              </label>
              <PasswordInput
                id="login-new-password"
                autoComplete="new-password"
                {...register('newPassword')}
              />
              {errors.newPassword && <p className="field-error">{errors.newPassword.message}</p>}
            </div>
            <div>
              <label htmlFor="login-confirm-password" className="label">
                Confirm new password
              </label>
              <PasswordInput
                id="login-confirm-password"
                autoComplete="new-password"
                aria-invalid={!!errors.confirmPassword || undefined}
                {...register('confirmPassword')}
              />
              {errors.confirmPassword && <p className="field-error">{errors.confirmPassword.message}</p>}
            </div>
          </div>
        </fieldset>

        {formError && (
          <p
            role="alert"
            className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
          >
            {formError}
          </p>
        )}
        <div className="flex justify-end">
          <button type="submit" className="btn-primary" disabled={busy}>
            {isLoading && <Loader2 className="h-4 w-4 animate-spin" aria-hidden />}
            Save changes
          </button>
        </div>
      </form>
    </Panel>
  );
}
