#!/usr/bin/env node
// Browser tests drive Debian's Chromium (Playwright's own browser download cannot run
// here). Installs it with apt when missing and allowed, or says clearly what to do.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (existsSync(path)) process.exit(0);

const isRoot = process.getuid?.() === 0;
const hasApt = existsSync('/usr/bin/apt-get');
if (isRoot && hasApt) {
  console.log('Chromium is missing: installing Debian’s chromium package (apt-get)...');
  execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', {
    stdio: 'inherit',
    shell: '/bin/bash',
  });
  if (existsSync(path)) process.exit(0);
}
console.error(
  [
    `Browser tests need Chromium at ${path}, and it is not there.`,
    hasApt
      ? '  Install it with:  sudo apt-get install chromium'
      : '  Install Chromium with your package manager,',
    '  or point CHROMIUM_PATH at an existing Chromium or Chrome binary.',
  ].join('\n'),
);
process.exit(1);
