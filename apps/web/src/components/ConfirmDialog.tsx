// 'Are you sure?' before anything that cannot be undone (reject, withdraw, delete).
import { Loader2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Modal, ModalActions } from './Modal';

export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  cancelLabel = 'Cancel',
  busy = false,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  busy?: boolean;
  onConfirm: () => void;
}) {
  return (
    <Modal open={open} onOpenChange={onOpenChange} size="sm" title={title} description={description}>
      <ModalActions>
        <button type="button" className="btn-secondary" onClick={() => onOpenChange(false)}>
          {cancelLabel}
        </button>
        <button type="button" className="btn-danger" disabled={busy} onClick={onConfirm}>
          {busy && <Loader2 className="h-4 w-4 animate-spin" aria-hidden />}
          {confirmLabel}
        </button>
      </ModalActions>
    </Modal>
  );
}
