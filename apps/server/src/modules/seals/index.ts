// Seals: what a delivered PDF's digital signatures say, checked off the main thread.

export { engineerNameForSeal } from './engineer-name.ts';
export { checkPdf, PDF_CHECK_QUEUE, PDF_CHECK_TIME_MS } from './pdf-check.ts';
export { PDF_CHECK_LIMITS } from './pdf-signatures.ts';
