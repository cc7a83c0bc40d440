// 'Account' of the profile page: the engineer's or the client's account record (docs/PRODUCT.md#data,
// docs/PRODUCT.md#validation). The account is created by the first save and updated afterwards.
import {
  ACCOUNT_MESSAGES,
  AVAILABILITIES,
  type Availability,
  COMPANY_NAME_MAX,
  type Country,
  centsToDecimal,
  dollarsProblem,
  dollarsToCents,
  EDUCATION_LABELS,
  EDUCATIONS,
  type Education,
  formatPhone,
  httpUrlSchema,
  isStateOf,
  MAX_HOURLY_RATE_CENTS,
  normalizePhone,
  SPECIALIZATION_LABELS,
  SPECIALIZATIONS,
  type Specialization,
} from '@app/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import {
  type Control,
  Controller,
  type FieldValues,
  type Path,
  type UseFormRegisterReturn,
  useController,
  useForm,
} from 'react-hook-form';
import { z } from 'zod';
import { Panel } from '../../components/dashboard/DashboardShell';
import { CheckboxGroup, CountryStateFields } from '../../components/form/ChoiceFields';
import { DollarInput } from '../../components/form/DollarInput';
import { toast } from '../../components/toast/toast';
import { errorFields, errorMessage } from '../../lib/apiErrors';
import type { SessionUser } from '../../lib/session';
import {
  type ClientAccount,
  type EngineerAccount,
  useClientAccountQuery,
  useCreateClientAccountMutation,
  useCreateEngineerAccountMutation,
  useEngineerAccountQuery,
  useUpdateClientAccountMutation,
  useUpdateEngineerAccountMutation,
} from './api';

const HOURLY_RATE_MESSAGE = 'Hourly rate must be 0 or more.';
// A US or Australian number as people write it; the server stores it in E.164.
const PHONE = z.string().refine((v) => normalizePhone(v) !== null, ACCOUNT_MESSAGES.phone);
const WEB_ADDRESS = z
  .string()
  .trim()
  .refine((v) => v === '' || httpUrlSchema.safeParse(v).success, ACCOUNT_MESSAGES.url);
const STATE_OF_COUNTRY = {
  message: ACCOUNT_MESSAGES.stateOfCountry,
  path: ['state'],
};

const SPECIALIZATION_OPTIONS = SPECIALIZATIONS.map((s) => ({ value: s, label: SPECIALIZATION_LABELS[s] }));

const isMissing = (error: unknown) => (error as { status?: unknown } | undefined)?.status === 404;

export function AccountTab({ user }: { user: SessionUser }) {
  return user.role === 'engineer' ? (
    <EngineerAccountForm userId={user.id} />
  ) : (
    <ClientAccountForm userId={user.id} />
  );
}

function LoadState({ loading, error }: { loading: boolean; error: unknown }) {
  if (loading) {
    return (
      <div className="flex items-center gap-2 py-8 text-sm text-slate-600" role="status">
        <Loader2 className="h-4 w-4 animate-spin" aria-hidden /> Loading account...
      </div>
    );
  }
  if (error && !isMissing(error)) {
    return (
      <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
        Could not load account.
      </p>
    );
  }
  return null;
}

/* ---------------------------------------------------------------- engineer */

// The form's own text fields, checked with the messages the server answers (accounts.ts).
const engineerSchema = (hasStoredSsn: boolean) =>
  z
    .object({
      phone_number: PHONE,
      // Write-only: required the first time, afterwards typed only to replace the stored one.
      ssn: z
        .string()
        .refine(
          (v) => (v === '' && hasStoredSsn) || /^\d{9}$/.test(v.replace(/[\s-]/g, '')),
          ACCOUNT_MESSAGES.ssn,
        ),
      country: z.string().min(1, ACCOUNT_MESSAGES.country),
      state: z.string(),
      specializations: z.array(z.string()).min(1, ACCOUNT_MESSAGES.specializations),
      highest_education: z.string().min(1, ACCOUNT_MESSAGES.education),
      years_of_experience: z
        .string()
        .refine((v) => /^\d+$/.test(v.trim()) && Number(v) <= 80, ACCOUNT_MESSAGES.experience),
      portfolio: WEB_ADDRESS,
      hours_rate: z.string().superRefine((v, ctx) => {
        const problem = dollarsProblem(v, { message: HOURLY_RATE_MESSAGE, maxCents: MAX_HOURLY_RATE_CENTS });
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      }),
      availability: z.string().min(1, ACCOUNT_MESSAGES.availability),
    })
    .refine((v) => isStateOf(v.country, v.state), STATE_OF_COUNTRY);
type EngineerValues = z.infer<ReturnType<typeof engineerSchema>>;

function engineerValues(a: EngineerAccount | undefined): EngineerValues {
  const country = a?.country ?? '';
  return {
    phone_number: formatPhone(a?.phone_number),
    ssn: '',
    country,
    // A stored state outside the country's list is cleared (docs/PRODUCT.md#validation).
    state: isStateOf(country, a?.state) ? a!.state! : '',
    specializations: a?.specializations ?? [],
    highest_education: a?.highest_education ?? '',
    years_of_experience: a ? String(a.years_of_experience) : '',
    portfolio: a?.portfolio ?? '',
    hours_rate: a ? centsToDecimal(a.hours_rate) : '',
    availability: a?.availability ?? '',
  };
}

function EngineerAccountForm({ userId }: { userId: string }) {
  const { data: account, isLoading, error } = useEngineerAccountQuery(userId);
  const [create, createState] = useCreateEngineerAccountMutation();
  const [update, updateState] = useUpdateEngineerAccountMutation();
  const saving = createState.isLoading || updateState.isLoading;
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<EngineerValues>({
    resolver: zodResolver(engineerSchema(!!account)),
    defaultValues: engineerValues(undefined),
  });

  useEffect(() => {
    if (account) reset(engineerValues(account));
  }, [account, reset]);

  if (isLoading || (error && !isMissing(error))) {
    return (
      <Panel title="Account">
        <LoadState loading={isLoading} error={error} />
      </Panel>
    );
  }

  const onSubmit = async (v: EngineerValues) => {
    setFormError(null);
    const ssn = v.ssn.replace(/[\s-]/g, '');
    const fields = {
      phone_number: v.phone_number.trim(),
      country: v.country as Country,
      state: v.state,
      specializations: v.specializations as Specialization[],
      highest_education: v.highest_education as Education,
      years_of_experience: Number(v.years_of_experience),
      portfolio: v.portfolio.trim() || null,
      hours_rate: dollarsToCents(v.hours_rate) ?? 0,
      availability: v.availability as Availability,
    };
    try {
      const saved = account
        ? await update({ id: account.id, userId, body: { ...fields, ...(ssn ? { ssn } : {}) } }).unwrap()
        : await create({ userId, body: { ...fields, ssn } }).unwrap();
      reset(engineerValues(saved));
      toast.success('Profile saved successfully!');
    } catch (e) {
      for (const [field, message] of Object.entries(errorFields(e))) {
        if (field in engineerValues(undefined)) setError(field as keyof EngineerValues, { message });
      }
      setFormError(errorMessage(e, 'Failed to save.'));
    }
  };

  const ssnHint = account ? `Stored: ending in ${account.ssn_last4}` : null;
  return (
    <Panel
      title="Account"
      description="What clients see on your public profile, and how we reach you. Your SSN is never shown to anyone."
    >
      <form onSubmit={handleSubmit(onSubmit)} noValidate className="space-y-5">
        <div className="grid gap-4 sm:grid-cols-2">
          <PhoneField registration={register('phone_number')} error={errors.phone_number?.message} />
          <div>
            <label htmlFor="acc-ssn" className="label">
              SSN
            </label>
            <input
              id="acc-ssn"
              inputMode="numeric"
              autoComplete="off"
              placeholder={account ? `•••••${account.ssn_last4}` : '9 digits'}
              aria-describedby={ssnHint ? 'acc-ssn-hint' : undefined}
              aria-invalid={!!errors.ssn || undefined}
              className="input"
              {...register('ssn')}
            />
            {ssnHint && (
              <p id="acc-ssn-hint" className="mt-1 text-xs text-slate-600">
                {ssnHint}. Type a new one only to replace it.
              </p>
            )}
            {errors.ssn && <p className="field-error">{errors.ssn.message}</p>}
          </div>
          <CountryStateControl
            control={control}
            countryError={errors.country?.message}
            stateError={errors.state?.message}
          />
        </div>

        <Controller
          control={control}
          name="specializations"
          render={({ field }) => (
            <CheckboxGroup
              name="specializations"
              legend="Specializations"
              options={SPECIALIZATION_OPTIONS}
              value={field.value}
              onChange={field.onChange}
              error={errors.specializations?.message}
              columns={3}
            />
          )}
        />

        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <label htmlFor="acc-education" className="label">
              Highest education
            </label>
            <select id="acc-education" className="input" {...register('highest_education')}>
              <option value="">Select</option>
              {EDUCATIONS.map((e) => (
                <option key={e} value={e}>
                  {EDUCATION_LABELS[e]}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="acc-years" className="label">
              Years of experience
            </label>
            <input
              id="acc-years"
              type="number"
              min={0}
              max={80}
              step={1}
              className="input"
              aria-invalid={!!errors.years_of_experience || undefined}
              {...register('years_of_experience')}
            />
            {errors.years_of_experience && (
              <p className="field-error">{errors.years_of_experience.message}</p>
            )}
          </div>
          <div>
            <label htmlFor="acc-portfolio" className="label">
              Portfolio URL
            </label>
            <input
              id="acc-portfolio"
              type="url"
              placeholder="https://"
              className="input"
              aria-invalid={!!errors.portfolio || undefined}
              {...register('portfolio')}
            />
            {errors.portfolio && <p className="field-error">{errors.portfolio.message}</p>}
          </div>
          <div>
            <label htmlFor="acc-rate" className="label">
              Hourly rate (USD)
            </label>
            <DollarInput
              id="acc-rate"
              aria-invalid={!!errors.hours_rate || undefined}
              {...register('hours_rate')}
            />
            {errors.hours_rate && <p className="field-error">{errors.hours_rate.message}</p>}
          </div>
          <div>
            <label htmlFor="acc-availability" className="label">
              Availability
            </label>
            <select id="acc-availability" className="input" {...register('availability')}>
              <option value="">Select</option>
              {AVAILABILITIES.map((a) => (
                <option key={a} value={a}>
                  {a === 'full-time' ? 'Full-time' : 'Part-time'}
                </option>
              ))}
            </select>
          </div>
        </div>

        <FormFooter error={formError} saving={saving} />
      </form>
    </Panel>
  );
}

/** The phone number both account forms ask for (a US or Australian number, shown formatted). */
function PhoneField({ registration, error }: { registration: UseFormRegisterReturn; error?: string }) {
  return (
    <div>
      <label htmlFor="acc-phone" className="label">
        Phone number
      </label>
      <input
        id="acc-phone"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        placeholder="(512) 555-0142 or 0412 345 678"
        className="input"
        aria-invalid={!!error || undefined}
        {...registration}
      />
      {error && <p className="field-error">{error}</p>}
    </div>
  );
}

/** Country and state bound to either account form: a new country clears the state. */
function CountryStateControl<T extends FieldValues & { country: string; state: string }>({
  control,
  countryError,
  stateError,
}: {
  control: Control<T>;
  countryError?: string;
  stateError?: string;
}) {
  const { field: country } = useController({ control, name: 'country' as Path<T> });
  const { field: state } = useController({ control, name: 'state' as Path<T> });
  return (
    <CountryStateFields
      idPrefix="acc"
      country={country.value}
      state={state.value}
      onCountryChange={(c) => {
        country.onChange(c);
        state.onChange('');
      }}
      onStateChange={state.onChange}
      countryError={countryError}
      stateError={stateError}
    />
  );
}

function FormFooter({ error, saving }: { error: string | null; saving: boolean }) {
  return (
    <>
      {error && (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {error}
        </p>
      )}
      <div className="flex justify-end">
        <button type="submit" className="btn-primary" disabled={saving}>
          {saving && <Loader2 className="h-4 w-4 animate-spin" aria-hidden />}
          Save
        </button>
      </div>
    </>
  );
}

/* ------------------------------------------------------------------ client */

const clientSchema = z
  .object({
    phone_number: PHONE,
    company_name: z.string().trim().max(COMPANY_NAME_MAX),
    company_website: WEB_ADDRESS,
    country: z.string().min(1, ACCOUNT_MESSAGES.country),
    state: z.string(),
  })
  .refine((v) => isStateOf(v.country, v.state), STATE_OF_COUNTRY);
type ClientValues = z.infer<typeof clientSchema>;

function clientValues(a: ClientAccount | undefined): ClientValues {
  const country = a?.country ?? '';
  return {
    phone_number: formatPhone(a?.phone_number),
    company_name: a?.company_name ?? '',
    company_website: a?.company_website ?? '',
    country,
    state: isStateOf(country, a?.state) ? a!.state! : '',
  };
}

function ClientAccountForm({ userId }: { userId: string }) {
  const { data: account, isLoading, error } = useClientAccountQuery(userId);
  const [create, createState] = useCreateClientAccountMutation();
  const [update, updateState] = useUpdateClientAccountMutation();
  const saving = createState.isLoading || updateState.isLoading;
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<ClientValues>({ resolver: zodResolver(clientSchema), defaultValues: clientValues(undefined) });

  useEffect(() => {
    if (account) reset(clientValues(account));
  }, [account, reset]);

  if (isLoading || (error && !isMissing(error))) {
    return (
      <Panel title="Account">
        <LoadState loading={isLoading} error={error} />
      </Panel>
    );
  }

  const onSubmit = async (v: ClientValues) => {
    setFormError(null);
    const body = {
      phone_number: v.phone_number.trim(),
      company_name: v.company_name.trim() || null,
      company_website: v.company_website.trim() || null,
      country: v.country as Country,
      state: v.state,
    };
    try {
      const saved = account
        ? await update({ id: account.id, userId, body }).unwrap()
        : await create({ userId, body }).unwrap();
      reset(clientValues(saved));
      toast.success('Profile saved successfully!');
    } catch (e) {
      for (const [field, message] of Object.entries(errorFields(e))) {
        if (field in clientValues(undefined)) setError(field as keyof ClientValues, { message });
      }
      setFormError(errorMessage(e, 'Failed to save.'));
    }
  };

  return (
    <Panel
      title="Account"
      description="Your contact details and company, shown to engineers on your projects."
    >
      <form onSubmit={handleSubmit(onSubmit)} noValidate className="space-y-5">
        <div className="grid gap-4 sm:grid-cols-2">
          <PhoneField registration={register('phone_number')} error={errors.phone_number?.message} />
          <div>
            <label htmlFor="acc-company" className="label">
              Company name
            </label>
            <input
              id="acc-company"
              className="input"
              autoComplete="organization"
              {...register('company_name')}
            />
          </div>
          <div className="sm:col-span-2">
            <label htmlFor="acc-website" className="label">
              Company website
            </label>
            <input
              id="acc-website"
              type="url"
              placeholder="https://"
              className="input"
              aria-invalid={!!errors.company_website || undefined}
              {...register('company_website')}
            />
            {errors.company_website && <p className="field-error">{errors.company_website.message}</p>}
          </div>
          <CountryStateControl
            control={control}
            countryError={errors.country?.message}
            stateError={errors.state?.message}
          />
        </div>
        <FormFooter error={formError} saving={saving} />
      </form>
    </Panel>
  );
}
