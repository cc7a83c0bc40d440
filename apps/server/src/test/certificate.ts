// A self-signed certificate for 127.0.0.1, made by openssl for one test run, as the PEM files
// TLS_CERT_FILE and TLS_KEY_FILE name.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export function selfSignedCertificate(): { certFile: string; keyFile: string; dir: string; remove(): void } {
  const dir = mkdtempSync(path.join(tmpdir(), 'stampworks-tls-'));
  const certFile = path.join(dir, 'cert.pem');
  const keyFile = path.join(dir, 'key.pem');
  execFileSync(
    'openssl',
    [
      ...['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', keyFile, '-out', certFile],
      ...['-days', '1', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'],
    ],
    { stdio: 'ignore' },
  );
  return { certFile, keyFile, dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
