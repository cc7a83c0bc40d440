// 'Licenses' of the profile page (engineers only): the engineer's licences with their
// review status. Verified licences are locked: no edit or delete (docs/PRODUCT.md#states).
import { SPECIALIZATION_LABELS, type Specialization } from '@app/shared';
import { FileText, Loader2, Pencil, Plus, ScrollText, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { EmptyState, Panel } from '../../components/dashboard/DashboardShell';
import { ListState } from '../../components/ListState';
import { Modal } from '../../components/Modal';
import { PrivateFileLink } from '../../components/PrivateFileLink';
import { toast } from '../../components/toast/toast';
import { errorMessage } from '../../lib/apiErrors';
import { formatDate } from '../../lib/format';
import { type License, useDeleteLicenseMutation, useUserLicensesQuery } from './api';
import { ExpiryWarning } from './ExpiryWarning';
import { LicenseFormDialog } from './LicenseFormDialog';
import { LicenseStatusBadge, LockedBadge } from './LicenseStatusBadge';

export function LicensesTab({ userId }: { userId: string }) {
  const { data: licenses, isLoading, error } = useUserLicensesQuery(userId);
  const [editing, setEditing] = useState<License | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [deleting, setDeleting] = useState<License | null>(null);

  const openForm = (l: License | null) => {
    setEditing(l);
    setFormOpen(true);
  };

  return (
    <Panel
      title="Licenses"
      description="Clients see verified licenses on your profile; projects that require a license type need a verified, unexpired one."
      actions={
        <button type="button" className="btn-primary" onClick={() => openForm(null)}>
          <Plus className="h-4 w-4" aria-hidden />
          Add License
        </button>
      }
    >
      <ListState
        isLoading={isLoading}
        error={error}
        isEmpty={!licenses?.length}
        loadingText="Loading licenses..."
        errorText="Failed to fetch licenses"
        empty={
          <EmptyState icon={ScrollText}>No licenses yet. Add your first license to get verified.</EmptyState>
        }
      >
        <ul className="space-y-3">
          {(licenses ?? []).map((l) => (
            <LicenseItem key={l.id} license={l} onEdit={() => openForm(l)} onDelete={() => setDeleting(l)} />
          ))}
        </ul>
      </ListState>
      <LicenseFormDialog open={formOpen} onOpenChange={setFormOpen} userId={userId} license={editing} />
      <DeleteLicenseDialog userId={userId} license={deleting} onClose={() => setDeleting(null)} />
    </Panel>
  );
}

function LicenseItem({
  license: l,
  onEdit,
  onDelete,
}: {
  license: License;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const locked = l.verification_status === 'verified';
  return (
    <li
      className="rounded-lg border border-slate-200 p-4"
      aria-label={`${l.license_type} license ${l.license_number}`}
      data-testid="license-item"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="font-semibold text-slate-900">
              {l.license_type} · {l.license_number}
            </h3>
            <LicenseStatusBadge status={l.verification_status} />
            {l.is_expired && (
              <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-700">
                Expired
              </span>
            )}
            <ExpiryWarning daysLeft={l.expires_in_days} />
          </div>
          <dl className="mt-2 grid grid-cols-1 gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
            <div className="flex gap-1">
              <dt className="text-slate-500">Issued in:</dt>
              <dd className="text-slate-800">
                {l.issue_state}, {l.issue_country}
              </dd>
            </div>
            <div className="flex gap-1">
              <dt className="text-slate-500">Expires:</dt>
              <dd className="text-slate-800">{formatDate(l.expiration_date, 'N/A')}</dd>
            </div>
            <div className="flex gap-1 sm:col-span-2">
              <dt className="text-slate-500">Specializations:</dt>
              <dd className="text-slate-800">
                {l.specializations.map((s) => SPECIALIZATION_LABELS[s as Specialization] ?? s).join(', ')}
              </dd>
            </div>
          </dl>
          {l.proof_url && (
            <PrivateFileLink
              href={l.proof_url}
              className="mt-2 inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
            >
              <FileText className="h-4 w-4 shrink-0" aria-hidden />
              <span className="break-all">{l.proof_name ?? 'Proof document'}</span>
            </PrivateFileLink>
          )}
        </div>
        <div className="flex items-center gap-2">
          {locked ? (
            <LockedBadge />
          ) : (
            <>
              <button type="button" className="btn-secondary px-3" onClick={onEdit}>
                <Pencil className="h-4 w-4" aria-hidden />
                Edit
              </button>
              <button
                type="button"
                className="btn-secondary px-3 text-red-700 hover:bg-red-50"
                onClick={onDelete}
              >
                <Trash2 className="h-4 w-4" aria-hidden />
                Delete
              </button>
            </>
          )}
        </div>
      </div>
      {l.verification_status === 'rejected' && (
        <p className="mt-3 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          <span className="font-semibold">Rejected:</span> {l.rejection_reason || 'No reason was given.'} Edit
          the license to send it for review again.
        </p>
      )}
    </li>
  );
}

function DeleteLicenseDialog({
  userId,
  license,
  onClose,
}: {
  userId: string;
  license: License | null;
  onClose: () => void;
}) {
  const [remove, { isLoading }] = useDeleteLicenseMutation();
  const confirm = async () => {
    if (!license) return;
    try {
      await remove({ id: license.id, userId }).unwrap();
      toast.success('License deleted successfully!');
      onClose();
    } catch (e) {
      toast.error(errorMessage(e, 'Failed to delete license'));
    }
  };
  return (
    <Modal
      open={!!license}
      onOpenChange={(o) => !o && onClose()}
      title="Delete license?"
      description={
        license ? `${license.license_type} license ${license.license_number} will be removed.` : undefined
      }
      footer={
        <>
          <button type="button" className="btn-secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="button" className="btn-danger" onClick={confirm} disabled={isLoading}>
            {isLoading && <Loader2 className="h-4 w-4 animate-spin" aria-hidden />}
            Delete
          </button>
        </>
      }
    />
  );
}
