// The one dialog of the app (forms, confirmations, details, errors). Its code (Radix's
// dialog, focus trap and scroll lock: components/ModalDialog.tsx) is fetched the first time
// a dialog opens, not with every page that could open one (docs/PERFORMANCE.md).
import { lazyWhenOpen } from '../lib/lazyWhenOpen';

export { ModalActions } from './ModalActions';

export const Modal = lazyWhenOpen(async () => (await import('./ModalDialog')).ModalDialog);
