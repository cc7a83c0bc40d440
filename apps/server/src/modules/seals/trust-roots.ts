// The trust store of the seal check: the certification authorities whose certificates make a
// seal 'trusted' (docs/DELIVERABLES.md 'Trust store'). SEAL_TRUST_ROOTS names a file of PEM
// certificates — e.g. the roots of a permit office's list such as Adobe's AATL, or the demo
// authority in development; none by default, so nothing is trusted until an operator says so.
// It is read here, not in config.ts, because the worker threads that check PDFs receive the
// roots' text with each task and nothing else of the configuration.
import { X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';

const BEGIN = '-----BEGIN CERTIFICATE-----';
const END = '-----END CERTIFICATE-----';

/** Each BEGIN…END block of a PEM text, in order (a scan, not a pattern: linear in the text). */
function pemBlocks(pem: string): string[] {
  const blocks: string[] = [];
  for (let at = pem.indexOf(BEGIN); at >= 0; ) {
    const end = pem.indexOf(END, at + BEGIN.length);
    if (end < 0) break;
    blocks.push(pem.slice(at, end + END.length));
    at = pem.indexOf(BEGIN, end + END.length);
  }
  return blocks;
}

/** The certificates in a PEM text (others, and unreadable ones, are skipped). */
export function parseTrustRoots(pem: string): X509Certificate[] {
  const roots: X509Certificate[] = [];
  for (const block of pemBlocks(pem)) {
    try {
      roots.push(new X509Certificate(block));
    } catch {
      // A damaged entry in an operator's bundle must not stop the others.
    }
  }
  return roots;
}

let cached: { path: string; pem: string } | undefined;

/** The PEM text of the configured trust store (SEAL_TRUST_ROOTS), '' when none; read once per path. */
export function configuredTrustRootsPem(env: NodeJS.ProcessEnv = process.env): string {
  const path = env.SEAL_TRUST_ROOTS?.trim();
  if (!path) return '';
  if (cached?.path !== path) cached = { path, pem: readFileSync(path, 'utf8') };
  return cached.pem;
}
