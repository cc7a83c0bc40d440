// The dialog behind `Modal` (components/Modal.tsx), fetched the first time a dialog opens: a
// Radix dialog, so focus is trapped inside, Escape and the Close button close it, and its
// title names it for screen readers. Long content scrolls inside; the footer's buttons stay
// at the bottom.
import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { ModalActions } from './ModalActions';

const WIDTHS = { sm: 'max-w-md', md: 'max-w-xl', lg: 'max-w-3xl' } as const;

type ModalProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  size?: keyof typeof WIDTHS;
  /** 'danger' draws the dialog in red (error dialogs). */
  tone?: 'default' | 'danger';
  /** Buttons under the content (a form inside the dialog puts its own in ModalActions). */
  footer?: ReactNode;
  children?: ReactNode;
};

export function ModalDialog({
  open,
  onOpenChange,
  title,
  description,
  size = 'md',
  tone = 'default',
  footer,
  children,
}: ModalProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50 backdrop-blur-[1px]" />
        <Dialog.Content
          className={`fixed left-1/2 top-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] ${WIDTHS[size]} -translate-x-1/2 -translate-y-1/2 flex-col rounded-xl border bg-white shadow-xl focus:outline-none ${tone === 'danger' ? 'border-red-300' : 'border-transparent'}`}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <div className="flex items-start justify-between gap-4 border-b border-slate-200 px-5 py-4 sm:px-6">
            <div className="min-w-0">
              <Dialog.Title
                className={`text-lg font-semibold ${tone === 'danger' ? 'text-red-700' : 'text-slate-900'}`}
              >
                {title}
              </Dialog.Title>
              {description && (
                <Dialog.Description className="mt-1 text-sm text-slate-600">{description}</Dialog.Description>
              )}
            </div>
            <Dialog.Close
              aria-label="Close dialog"
              className="-mr-2 -mt-1 rounded-md p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-800"
            >
              <X className="h-5 w-5" aria-hidden />
            </Dialog.Close>
          </div>
          <div className="overflow-y-auto px-5 py-4 sm:px-6">
            {children}
            {footer && <ModalActions>{footer}</ModalActions>}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
