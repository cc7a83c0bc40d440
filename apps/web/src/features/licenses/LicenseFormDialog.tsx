// Add or edit a licence (docs/PRODUCT.md#validation): all six fields required ('All fields are required.'),
// the state list follows the country, and a proof document (PDF or image) is uploaded
// through /api/files with its progress shown.
import {
  acceptFor,
  chosenFileProblem,
  isoDay,
  isStateOf,
  LICENSE_MESSAGES,
  LICENSE_NUMBER_MAX,
  LICENSE_TYPES,
  SPECIALIZATION_LABELS,
  SPECIALIZATIONS,
} from '@app/shared';
import { FileText, Loader2, Upload } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { CheckboxGroup, CountryStateFields } from '../../components/form/ChoiceFields';
import { UploadProgress } from '../../components/form/UploadProgress';
import { Modal } from '../../components/Modal';
import { PrivateFileLink } from '../../components/PrivateFileLink';
import { toast } from '../../components/toast/toast';
import { errorMessage } from '../../lib/apiErrors';
import { useAppSelector } from '../../lib/store';
import { uploadFile } from '../../lib/upload';
import { type License, type LicenseInput, useAddLicenseMutation, useUpdateLicenseMutation } from './api';

const SPECIALIZATION_OPTIONS = SPECIALIZATIONS.map((s) => ({ value: s, label: SPECIALIZATION_LABELS[s] }));
const PROOF_REQUIRED = 'Attach proof of the license (PDF or image).';

type Draft = {
  license_number: string;
  license_type: string;
  issue_country: string;
  issue_state: string;
  specializations: string[];
  expiration_date: string;
  proof_url: string | null;
};

function draftOf(l: License | null): Draft {
  return {
    license_number: l?.license_number ?? '',
    license_type: l?.license_type ?? '',
    issue_country: l?.issue_country ?? '',
    // A stored state outside the country's list is cleared.
    issue_state: l && isStateOf(l.issue_country, l.issue_state) ? l.issue_state : '',
    specializations: l?.specializations ?? [],
    expiration_date: l?.expiration_date?.slice(0, 10) ?? '',
    proof_url: l?.proof_url ?? null,
  };
}

export function LicenseFormDialog({
  open,
  onOpenChange,
  userId,
  license,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  userId: string;
  /** The licence to edit; null adds a new one. */
  license: License | null;
}) {
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={license ? 'Edit License' : 'Add License'}
      description={
        license
          ? 'Saving changes sends the license back for review.'
          : 'An administrator checks every license against its proof before it counts as verified.'
      }
      size="lg"
    >
      {/* Mounted afresh on every opening, so the form starts from the licence shown. */}
      {open && <LicenseForm userId={userId} license={license} onDone={() => onOpenChange(false)} />}
    </Modal>
  );
}

function LicenseForm({
  userId,
  license,
  onDone,
}: {
  userId: string;
  license: License | null;
  onDone: () => void;
}) {
  const token = useAppSelector((s) => s.session.token);
  const [draft, setDraft] = useState<Draft>(() => draftOf(license));
  const [error, setError] = useState<string | null>(null);
  const [proofError, setProofError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [proofName, setProofName] = useState<string | null>(license?.proof_name ?? null);
  const [add, addState] = useAddLicenseMutation();
  const [update, updateState] = useUpdateLicenseMutation();
  const saving = addState.isLoading || updateState.isLoading;
  const id = useId();
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));

  const onProof = async (file: File | undefined) => {
    if (!file) return;
    setProofError(null);
    const problem = chosenFileProblem('license_proof', file);
    if (problem) {
      setProofError(problem);
      return;
    }
    setProgress(0);
    try {
      const url = await uploadFile(file, 'license_proof', { token, onProgress: setProgress });
      set('proof_url', url);
      setProofName(file.name);
    } catch (e) {
      setProofError(errorMessage(e, 'File upload failed.'));
    } finally {
      setProgress(null);
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    const d = draft;
    if (
      !d.license_number.trim() ||
      !d.license_type ||
      !d.issue_country ||
      !d.issue_state ||
      d.specializations.length === 0 ||
      !d.expiration_date
    ) {
      setError(LICENSE_MESSAGES.required);
      return;
    }
    if (!d.proof_url) {
      setError(PROOF_REQUIRED);
      return;
    }
    const body = { ...d, license_number: d.license_number.trim() } as LicenseInput;
    try {
      if (license) {
        await update({ id: license.id, userId, body }).unwrap();
        toast.success('License updated successfully!');
      } else {
        await add({ userId, body }).unwrap();
        toast.success('License added successfully!');
      }
      onDone();
    } catch (err) {
      setError(errorMessage(err, 'Failed to save license'));
    }
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor={`${id}-number`} className="label">
            License number
          </label>
          <input
            id={`${id}-number`}
            className="input"
            maxLength={LICENSE_NUMBER_MAX}
            value={draft.license_number}
            onChange={(e) => set('license_number', e.target.value)}
          />
        </div>
        <div>
          <label htmlFor={`${id}-type`} className="label">
            License type
          </label>
          <select
            id={`${id}-type`}
            className="input"
            value={draft.license_type}
            onChange={(e) => set('license_type', e.target.value)}
          >
            <option value="">Select a type</option>
            {LICENSE_TYPES.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </select>
        </div>
        <CountryStateFields
          idPrefix={`${id}-issue`}
          countryLabel="Issue country"
          stateLabel="Issue state"
          country={draft.issue_country}
          state={draft.issue_state}
          onCountryChange={(c) => setDraft((d) => ({ ...d, issue_country: c, issue_state: '' }))}
          onStateChange={(s) => set('issue_state', s)}
        />
        <div>
          <label htmlFor={`${id}-expiry`} className="label">
            Expiration date
          </label>
          <input
            id={`${id}-expiry`}
            type="date"
            className="input"
            min={isoDay(new Date())}
            value={draft.expiration_date}
            onChange={(e) => set('expiration_date', e.target.value)}
          />
        </div>
      </div>
      <CheckboxGroup
        name="license-specializations"
        legend="Specializations"
        options={SPECIALIZATION_OPTIONS}
        value={draft.specializations}
        onChange={(v) => set('specializations', v)}
        columns={3}
      />
      <div>
        <span className="label" id={`${id}-proof-label`}>
          Proof of license (PDF or image)
        </span>
        <div className="flex flex-wrap items-center gap-3 rounded-lg border border-dashed border-slate-300 bg-slate-50 p-3">
          <label htmlFor={`${id}-proof`} className="btn-secondary cursor-pointer">
            <Upload className="h-4 w-4" aria-hidden />
            {draft.proof_url ? 'Replace document' : 'Upload document'}
          </label>
          <input
            id={`${id}-proof`}
            type="file"
            accept={acceptFor('license_proof')}
            className="sr-only"
            aria-labelledby={`${id}-proof-label`}
            disabled={progress !== null}
            onChange={(e) => {
              void onProof(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
          {progress !== null ? (
            <div className="flex min-w-40 flex-1 items-center gap-2">
              <UploadProgress value={progress} className="flex-1" />
              <span className="text-xs tabular-nums text-slate-600">{progress}%</span>
            </div>
          ) : draft.proof_url ? (
            <PrivateFileLink
              href={draft.proof_url}
              className="inline-flex min-w-0 items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
            >
              <FileText className="h-4 w-4 shrink-0" aria-hidden />
              <span className="truncate">{proofName ?? 'View uploaded document'}</span>
            </PrivateFileLink>
          ) : (
            <span className="text-sm text-slate-600">
              No document yet. PDF up to 25 MB, images up to 5 MB.
            </span>
          )}
        </div>
        {proofError && (
          <p className="field-error" role="alert">
            {proofError}
          </p>
        )}
      </div>
      {error && (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {error}
        </p>
      )}
      <div className="flex flex-wrap justify-end gap-2 pt-2">
        <button type="button" className="btn-secondary" onClick={onDone}>
          Cancel
        </button>
        <button type="submit" className="btn-primary" disabled={saving || progress !== null}>
          {saving && <Loader2 className="h-4 w-4 animate-spin" aria-hidden />}
          {license ? 'Save changes' : 'Add License'}
        </button>
      </div>
    </form>
  );
}
