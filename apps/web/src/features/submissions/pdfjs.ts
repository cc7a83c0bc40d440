// pdf.js, loaded on demand: the library and its worker are fetched only when a preview is
// first opened on the submissions page, and never on any other page. The worker is a file
// of this site (the CSP admits no other source), and eval is off for the same reason.
type PdfJs = typeof import('pdfjs-dist');

let loading: Promise<PdfJs> | null = null;

export function loadPdfJs(): Promise<PdfJs> {
  loading ??= Promise.all([import('pdfjs-dist'), import('pdfjs-dist/build/pdf.worker.min.mjs?url')])
    .then(([pdfjs, worker]) => {
      pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
      return pdfjs;
    })
    .catch((err) => {
      loading = null;
      throw err;
    });
  return loading;
}
