// The project form of docs/PRODUCT.md#data, #validation, used by /create_project and the Update Project dialog.
// Title, description, specialization, licence type, budget (above 0), country and state are
// required, as the server requires them (docs/PRODUCT.md#projects); the rest must be valid
// when given. The budget is typed in dollars and sent in cents. A refused save shows the
// server's message under its field, or above the buttons.

import {
  COUNTRIES,
  type CreateProjectBody,
  centsToDecimal,
  deadlineProblem,
  dollarsProblem,
  dollarsToCents,
  LICENSE_TYPES,
  MAX_BUDGET_CENTS,
  missingProjectFields,
  PROJECT_LIMITS,
  PROJECT_MESSAGES,
  projectTextSchema,
  SPECIALIZATION_LABELS,
  SPECIALIZATIONS,
  statesFor,
  URGENCY_LEVELS,
} from '@app/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2 } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { DollarInput } from '../../components/form/DollarInput';
import { FormError } from '../../components/form/FormError';
import { formRefusal } from '../../lib/apiErrors';
import { localDay } from '../../lib/format';
import { AttachmentField } from './AttachmentField';
import { URGENCY_LABELS } from './format';

/** The shared project rules, with the budget typed in dollars and the deadline checked
 * against the browser's today (a deadline that has passed since may stay as it was). */
const formSchema = (keptDeadline: string) =>
  projectTextSchema
    .extend({
      specializations: z.array(z.string()),
      license_type: z.string(),
      budget: z.string().superRefine((v, ctx) => {
        const problem = dollarsProblem(v, {
          message: PROJECT_MESSAGES.invalidBudget,
          maxCents: MAX_BUDGET_CENTS,
          optional: true,
        });
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      }),
      deadline: z.string().superRefine((v, ctx) => {
        const problem = v === keptDeadline ? null : deadlineProblem(v, localDay());
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      }),
      country: z.string(),
      state: z.string(),
      attachments: z.string().nullable(),
      notes: z.string().max(PROJECT_LIMITS.notes, PROJECT_MESSAGES.notesTooLong),
      urgency_level: z.string(),
    })
    .superRefine((v, ctx) => {
      // The shared rule with the server's messages; a budget that is not an amount already
      // has its own message.
      const typed = v.budget.trim() === '' ? null : (dollarsToCents(v.budget) ?? 1);
      for (const m of missingProjectFields({ ...v, budget: typed }))
        ctx.addIssue({ code: 'custom', path: [m.field], message: m.message });
    });
export type ProjectFormValues = z.input<ReturnType<typeof formSchema>>;

export const EMPTY_PROJECT: ProjectFormValues = {
  title: '',
  description: '',
  specializations: [],
  license_type: '',
  budget: '',
  deadline: '',
  country: '',
  state: '',
  attachments: null,
  notes: '',
  urgency_level: '',
};

/** The form's values for an existing project (Update Project). */
export function projectToForm(p: {
  title: string;
  description: string;
  specializations: string[];
  license_type: string | null;
  budget: number | null;
  deadline: string | null;
  country: string | null;
  state: string | null;
  attachments: string | null;
  notes: string | null;
  urgency_level: string | null;
}): ProjectFormValues {
  return {
    title: p.title,
    description: p.description,
    specializations: p.specializations,
    license_type: p.license_type ?? '',
    budget: p.budget == null ? '' : centsToDecimal(p.budget),
    deadline: p.deadline?.slice(0, 10) ?? '',
    country: p.country ?? '',
    state: p.state ?? '',
    attachments: p.attachments,
    notes: p.notes ?? '',
    urgency_level: p.urgency_level ?? '',
  };
}

/** The request body: '' means not given (null), the budget in cents. */
export function formToBody(v: ProjectFormValues): CreateProjectBody {
  return {
    title: v.title.trim(),
    description: v.description.trim(),
    specializations: v.specializations as CreateProjectBody['specializations'],
    license_type: (v.license_type || null) as CreateProjectBody['license_type'],
    budget: v.budget.trim() === '' ? null : dollarsToCents(v.budget),
    deadline: v.deadline || null,
    country: (v.country || null) as CreateProjectBody['country'],
    state: v.state || null,
    attachments: v.attachments || null,
    notes: v.notes.trim() || null,
    urgency_level: (v.urgency_level || null) as CreateProjectBody['urgency_level'],
  };
}

/** The form's fields, which are also the server's names for them. */
const PROJECT_FORM_FIELDS = Object.keys(EMPTY_PROJECT) as Array<keyof ProjectFormValues>;

function RequiredMark() {
  return (
    <span className="ml-0.5 text-red-700" aria-hidden>
      *
    </span>
  );
}

function Field({
  id,
  label,
  required,
  error,
  hint,
  children,
}: {
  id: string;
  label: string;
  required?: boolean;
  error?: string;
  hint?: string;
  children: ReactNode;
}) {
  return (
    <div>
      <label htmlFor={id} className="label">
        {label}
        {required && <RequiredMark />}
      </label>
      {children}
      {hint && !error && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

export function ProjectForm({
  defaultValues = EMPTY_PROJECT,
  submitLabel,
  submittingLabel,
  failureMessage,
  onSubmit,
  onCancel,
}: {
  defaultValues?: ProjectFormValues;
  submitLabel: string;
  submittingLabel: string;
  /** Shown above the buttons when a save fails without a message of the server's. */
  failureMessage: string;
  /** Resolves when saved; throws the failed call's error when refused (shown here). */
  onSubmit: (body: CreateProjectBody) => Promise<void>;
  onCancel?: () => void;
}) {
  const id = useId();
  const [uploading, setUploading] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    control,
    watch,
    setValue,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ProjectFormValues>({
    resolver: zodResolver(formSchema(defaultValues.deadline)),
    defaultValues,
  });
  const country = watch('country');
  const states = statesFor(country);
  const described = (name: string, hasHint = false) =>
    errors[name as keyof ProjectFormValues]
      ? `${id}-${name}-error`
      : hasHint
        ? `${id}-${name}-hint`
        : undefined;

  return (
    <form
      onSubmit={handleSubmit(async (v) => {
        setRefusal(null);
        try {
          await onSubmit(formToBody(v));
        } catch (e) {
          const { fields, message } = formRefusal(e, PROJECT_FORM_FIELDS, failureMessage);
          for (const [field, text] of Object.entries(fields))
            if (text) setError(field as keyof ProjectFormValues, { message: text });
          setRefusal(message);
        }
      })}
      noValidate
      className="space-y-5"
    >
      <p className="text-sm text-slate-600">
        Fields marked <span className="text-red-700">*</span> are required.
      </p>
      <Field id={`${id}-title`} label="Title" required error={errors.title?.message}>
        <input
          id={`${id}-title`}
          className="input"
          placeholder="e.g. Structural review of a two-storey timber frame extension"
          aria-invalid={errors.title ? true : undefined}
          aria-describedby={described('title')}
          {...register('title')}
        />
      </Field>

      <Field id={`${id}-description`} label="Description" required error={errors.description?.message}>
        <textarea
          id={`${id}-description`}
          rows={6}
          className="input"
          placeholder="What needs to be designed, reviewed or stamped, and for which authority?"
          aria-invalid={errors.description ? true : undefined}
          aria-describedby={described('description')}
          {...register('description')}
        />
      </Field>

      <fieldset aria-describedby={described('specializations')}>
        <legend className="label">
          Specializations
          <RequiredMark />
        </legend>
        <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
          {SPECIALIZATIONS.map((s) => (
            <label
              key={s}
              className="flex cursor-pointer items-center gap-2 rounded-lg border border-slate-200 bg-white px-3 py-2 text-sm text-slate-800 hover:border-brand-600 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
            >
              <input
                type="checkbox"
                value={s}
                className="h-4 w-4 rounded border-slate-300 accent-brand-600"
                {...register('specializations')}
              />
              {SPECIALIZATION_LABELS[s]}
            </label>
          ))}
        </div>
        {errors.specializations && (
          <p id={`${id}-specializations-error`} className="field-error">
            {errors.specializations.message}
          </p>
        )}
      </fieldset>

      <div className="grid gap-5 sm:grid-cols-2">
        <Field id={`${id}-license`} label="License type" required error={errors.license_type?.message}>
          <select
            id={`${id}-license`}
            className="input"
            aria-invalid={errors.license_type ? true : undefined}
            aria-describedby={errors.license_type ? `${id}-license-error` : undefined}
            {...register('license_type')}
          >
            <option value="">Select a license type</option>
            {LICENSE_TYPES.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </select>
        </Field>
        <Field id={`${id}-budget`} label="Budget (USD)" required error={errors.budget?.message}>
          <DollarInput
            id={`${id}-budget`}
            aria-invalid={errors.budget ? true : undefined}
            aria-describedby={described('budget')}
            {...register('budget')}
          />
        </Field>
        <Field id={`${id}-deadline`} label="Deadline" error={errors.deadline?.message}>
          <input
            id={`${id}-deadline`}
            type="date"
            min={localDay()}
            className="input"
            {...register('deadline')}
          />
        </Field>
        <Field id={`${id}-urgency`} label="Urgency">
          <select id={`${id}-urgency`} className="input" {...register('urgency_level')}>
            <option value="">Select urgency</option>
            {URGENCY_LEVELS.map((u) => (
              <option key={u} value={u}>
                {URGENCY_LABELS[u]}
              </option>
            ))}
          </select>
        </Field>
        <Field id={`${id}-country`} label="Country" required error={errors.country?.message}>
          <select
            id={`${id}-country`}
            className="input"
            aria-invalid={errors.country ? true : undefined}
            aria-describedby={described('country')}
            {...register('country', {
              onChange: () => setValue('state', ''),
            })}
          >
            <option value="">Select a country</option>
            {COUNTRIES.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </Field>
        <Field
          id={`${id}-state`}
          label="State"
          required={!!country && states.length > 0}
          error={errors.state?.message}
          hint={country ? undefined : 'Choose a country first.'}
        >
          <select
            id={`${id}-state`}
            className="input"
            disabled={!country}
            aria-invalid={errors.state ? true : undefined}
            aria-describedby={described('state', !country)}
            {...register('state')}
          >
            <option value="">{country ? 'Select a state' : 'Select a country first'}</option>
            {states.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </Field>
      </div>

      <Controller
        control={control}
        name="attachments"
        render={({ field }) => (
          <AttachmentField value={field.value} onChange={field.onChange} onUploadingChange={setUploading} />
        )}
      />

      <Field id={`${id}-notes`} label="Notes" error={errors.notes?.message}>
        <textarea
          id={`${id}-notes`}
          rows={3}
          className="input"
          placeholder="Anything else the engineer should know (site access, codes, formats)."
          aria-invalid={errors.notes ? true : undefined}
          aria-describedby={described('notes')}
          {...register('notes')}
        />
      </Field>

      <FormError message={refusal} />
      <div className="flex flex-col-reverse gap-2 border-t border-slate-200 pt-5 sm:flex-row sm:justify-end">
        {onCancel && (
          <button type="button" className="btn-secondary" onClick={onCancel}>
            Cancel
          </button>
        )}
        <button type="submit" className="btn-primary" disabled={isSubmitting || uploading}>
          {isSubmitting && <Loader2 className="h-4 w-4 animate-spin" aria-hidden />}
          {isSubmitting ? submittingLabel : submitLabel}
        </button>
      </div>
    </form>
  );
}
