// The 'Create Proposal' and edit-proposal modals (spec §2, §5): description, licence type
// and amount in dollars (sent in cents), with the fee preview once the amount is above 0.
// Spec §8: submit and update failures are logged only; the dialog stays open.

import {
  centsToDecimal,
  dollarsProblem,
  dollarsToCents,
  LICENSE_TYPES,
  MAX_PROPOSAL_CENTS,
  PROPOSAL_MESSAGES,
  type ProposalFormResult,
  proposalFormSchema,
} from '@app/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2 } from 'lucide-react';
import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { DollarInput } from '../../components/form/DollarInput';
import { Modal, ModalActions } from '../../components/Modal';
import { FeePreview } from './FeePreview';

// The shared proposal form with the amount typed in dollars (sent as cents).
const formSchema = proposalFormSchema.omit({ proposed_amount: true }).extend({
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
});
type FormValues = z.input<typeof formSchema>;

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
  initial: { description: string; license_type: string; proposed_amount: number | null };
  /** Resolves true when saved (the dialog closes), false when it failed. */
  onSubmit: (values: ProposalFormResult) => Promise<boolean>;
}) {
  const id = useId();
  const defaults: FormValues = {
    description: initial.description,
    license_type: initial.license_type as FormValues['license_type'],
    amount: initial.proposed_amount == null ? '' : centsToDecimal(initial.proposed_amount),
  };
  const {
    register,
    handleSubmit,
    watch,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<FormValues>({ resolver: zodResolver(formSchema), defaultValues: defaults });

  // Each opening starts from the proposal as it is now.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the dialog opens
  useEffect(() => {
    if (open) reset(defaults);
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
          const ok = await onSubmit({
            description: v.description.trim(),
            license_type: v.license_type as ProposalFormResult['license_type'],
            proposed_amount: dollarsToCents(v.amount) ?? 0,
          });
          if (ok) onOpenChange(false);
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
        <FeePreview cents={cents} />
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
