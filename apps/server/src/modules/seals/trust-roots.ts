// The trust store of the seal check: the certification authorities whose certificates make a
// seal 'trusted' (docs/DELIVERABLES.md#trust-store). `config.sealTrustRoots` holds the PEM text
// of the file SEAL_TRUST_ROOTS names — e.g. the roots of a permit office's list such as Adobe's
// AATL, or the demo authority in development; none by default, so nothing is trusted until an
// operator says so.
import { X509Certificate } from 'node:crypto';

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
