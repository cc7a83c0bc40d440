#!/usr/bin/env node
// The seal tests compare the product's verdict with poppler's `pdfsig`, an independent
// verifier, and let pdfsig add signatures of its own (NSS's certutil/pk12util hold its key)
// (docs/DELIVERABLES.md). Installs Debian's poppler-utils and libnss3-tools with apt when
// missing and allowed, or says clearly what to do. Never fails the test run: without pdfsig
// the tests skip that comparison and say so.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const path = process.env.PDFSIG_PATH ?? '/usr/bin/pdfsig';
const nssTools = '/usr/bin/pk12util';
if (existsSync(path) && existsSync(nssTools)) process.exit(0);

const isRoot = process.getuid?.() === 0;
const hasApt = existsSync('/usr/bin/apt-get');
if (isRoot && hasApt) {
  console.log(
    'pdfsig or NSS’s tools are missing: installing Debian’s poppler-utils and libnss3-tools (apt-get)...',
  );
  try {
    execSync(
      'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq poppler-utils libnss3-tools',
      {
        stdio: 'inherit',
        shell: '/bin/bash',
      },
    );
  } catch {
    // Said below.
  }
  if (existsSync(path)) process.exit(0);
}
if (existsSync(path)) process.exit(0);
console.error(
  [
    `The seal tests compare with poppler's pdfsig at ${path}, and it is not there.`,
    hasApt
      ? '  Install it with:  sudo apt-get install poppler-utils libnss3-tools'
      : '  Install poppler (poppler-utils) with your package manager,',
    '  or point PDFSIG_PATH at an existing pdfsig. Without it that comparison is skipped.',
  ].join('\n'),
);
process.exit(0);
