// The 'Create Proposal' and edit-proposal modals (docs/PRODUCT.md#screens, #validation): description, licence type
// and amount in dollars (sent in cents), with the fee preview once the amount is above 0.
// A refused save keeps the dialog open and says why: the server's field messages under
// their fields, any other refusal (a 409 on a proposal decided meanwhile) above the buttons.

import {
  centsToDecimal,
  dollarsProblem,
  dollarsToCents,
  LICENSE_TYPES,
  MAX_DELIVERY_DAYS,
  MAX_PROPOSAL_CENTS,
  PROPOSAL_MESSAGES,
  type ProposalFormResult,
  proposalFormSchema,
} from '@app/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2 } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { DollarInput } from '../../components/form/DollarInput';
import { FormError } from '../../components/form/FormError';
import { Modal, ModalActions } from '../../components/Modal';
import { formRefusal } from '../../lib/apiErrors';
import { FeePreview } from './FeePreview';

// The shared proposal form with the amount typed in dollars (sent as cents).
const formSchema = proposalFormSchema.omit({ proposed_amount: true, delivery_days: true }).extend({
  license_type: z.union([z.literal(''), proposalFormSchema.shape.license_type]).refine((v) => v !== '', {
    message: PROPOSAL_MESSAGES.licenseTypeRequired,
  }),
  amount: z.string().superRefine((v, ctx) => {
    const problem = dollarsProblem(v, {
      message: PROPOSAL_MESSAGES.validAmount,
      maxCents: MAX_PROPOSAL_CENTS,
    });
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  }),
  // Typed as text; the shared schema checks the number it becomes.
  delivery_days: z
    .string()
    .trim()
    .regex(/^\d{1,3}$/, PROPOSAL_MESSAGES.deliveryDays)
    .transform(Number)
    .pipe(proposalFormSchema.shape.delivery_days),
});
type FormValues = z.input<typeof formSchema>;
type FormOutput = z.output<typeof formSchema>;
/** The form's fields, in the server's names where a refusal may name one. */
const FIELD_OF_SERVER: Record<string, keyof FormValues> = {
  description: 'description',
  license_type: 'license_type',
  proposed_amount: 'amount',
  delivery_days: 'delivery_days',
};

export function ProposalFormDialog({
  open,
  onOpenChange,
  title,
  submitLabel,
  initial,
  onSubmit,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  submitLabel: string;
  initial: {
    description: string;
    license_type: string;
    proposed_amount: number | null;
    delivery_days: number | null;
  };
  /** Resolves when saved (the dialog closes); throws the failed call's error when refused. */
  onSubmit: (values: ProposalFormResult) => Promise<void>;
}) {
  const id = useId();
  const [refusal, setRefusal] = useState<string | null>(null);
  const defaults: FormValues = {
    description: initial.description,
    license_type: initial.license_type as FormValues['license_type'],
    amount: initial.proposed_amount == null ? '' : centsToDecimal(initial.proposed_amount),
    delivery_days: initial.delivery_days == null ? '' : String(initial.delivery_days),
  };
  const {
    register,
    handleSubmit,
    watch,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<FormValues, unknown, FormOutput>({
    resolver: zodResolver(formSchema),
    defaultValues: defaults,
  });

  // Each opening starts from the proposal as it is now.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the dialog opens
  useEffect(() => {
    if (open) {
      reset(defaults);
      setRefusal(null);
    }
  }, [open]);

  const amount = watch('amount');
  const cents = dollarsToCents(amount);
  const describedBy = (name: keyof FormValues) => (errors[name] ? `${id}-${name}-error` : undefined);

  return (
    <Modal open={open} onOpenChange={onOpenChange} title={title}>
      <form
        noValidate
        className="space-y-4"
        onSubmit={handleSubmit(async (v) => {
          setRefusal(null);
          try {
            await onSubmit({
              description: v.description.trim(),
              license_type: v.license_type as ProposalFormResult['license_type'],
              proposed_amount: dollarsToCents(v.amount) ?? 0,
              delivery_days: v.delivery_days,
            });
            onOpenChange(false);
          } catch (e) {
            const { fields, message } = formRefusal(e, Object.keys(FIELD_OF_SERVER), `${title} failed.`);
            for (const [field, text] of Object.entries(fields))
              if (text) setError(FIELD_OF_SERVER[field], { message: text });
            setRefusal(message);
          }
        })}
      >
        <div>
          <label htmlFor={`${id}-description`} className="label">
            Description
          </label>
          <textarea
            id={`${id}-description`}
            rows={5}
            className="input"
            placeholder="Your approach, what you will deliver and when."
            aria-invalid={errors.description ? true : undefined}
            aria-describedby={describedBy('description')}
            {...register('description')}
          />
          {errors.description && (
            <p id={`${id}-description-error`} className="field-error">
              {errors.description.message}
            </p>
          )}
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <label htmlFor={`${id}-license_type`} className="label">
              License type
            </label>
            <select
              id={`${id}-license_type`}
              className="input"
              aria-invalid={errors.license_type ? true : undefined}
              aria-describedby={describedBy('license_type')}
              {...register('license_type')}
            >
              <option value="">Select a license type</option>
              {LICENSE_TYPES.map((t) => (
                <option key={t} value={t}>
                  {t}
                </option>
              ))}
            </select>
            {errors.license_type && (
              <p id={`${id}-license_type-error`} className="field-error">
                {errors.license_type.message}
              </p>
            )}
          </div>
          <div>
            <label htmlFor={`${id}-amount`} className="label">
              Proposed amount (USD)
            </label>
            <DollarInput
              id={`${id}-amount`}
              aria-invalid={errors.amount ? true : undefined}
              aria-describedby={describedBy('amount')}
              {...register('amount')}
            />
            {errors.amount && (
              <p id={`${id}-amount-error`} className="field-error">
                {errors.amount.message}
              </p>
            )}
          </div>
        </div>
        <div>
          <label htmlFor={`${id}-delivery_days`} className="label">
            Delivery time (days)
          </label>
          <input
            id={`${id}-delivery_days`}
            type="text"
            inputMode="numeric"
            className="input sm:w-40"
            placeholder={`1 to ${MAX_DELIVERY_DAYS}`}
            aria-invalid={errors.delivery_days ? true : undefined}
            aria-describedby={describedBy('delivery_days')}
            {...register('delivery_days')}
          />
          {errors.delivery_days && (
            <p id={`${id}-delivery_days-error`} className="field-error">
              {errors.delivery_days.message}
            </p>
          )}
        </div>
        <FeePreview cents={cents} />
        <FormError message={refusal} />
        <ModalActions>
          <button type="button" className="btn-secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </button>
          <button type="submit" className="btn-primary" disabled={isSubmitting}>
            {isSubmitting && <Loader2 className="h-4 w-4 animate-spin" aria-hidden />}
            {submitLabel}
          </button>
        </ModalActions>
      </form>
    </Modal>
  );
}
