#!/usr/bin/env node
// The deployment test (npm run test:deploy) runs Debian's nginx as the TLS proxy. Installs it
// with apt when missing and allowed (as ensure-chromium.mjs does Chromium), or says what to do.
import { execSync } from 'node:child_process';
import { existsSync, rmSync, writeFileSync } from 'node:fs';

const path = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
if (existsSync(path)) process.exit(0);

const isRoot = process.getuid?.() === 0;
const hasApt = existsSync('/usr/bin/apt-get');
if (isRoot && hasApt) {
  console.log('nginx is missing: installing Debian’s nginx package (apt-get)...');
  // A policy-rc.d answering 101 keeps the package from starting its own server on port 80 (the
  // test starts the nginx it needs, on loopback ports of its own); one already there is kept.
  const policy = '/usr/sbin/policy-rc.d';
  const ownPolicy = !existsSync(policy);
  if (ownPolicy) writeFileSync(policy, '#!/bin/sh\nexit 101\n', { mode: 0o755 });
  try {
    execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx', {
      stdio: 'inherit',
      shell: '/bin/bash',
    });
  } finally {
    if (ownPolicy) rmSync(policy, { force: true });
  }
  if (existsSync(path)) process.exit(0);
}
console.error(
  [
    `The deployment test needs nginx at ${path}, and it is not there.`,
    hasApt ? '  Install it with:  sudo apt-get install nginx' : '  Install nginx with your package manager,',
    '  or point NGINX_PATH at an nginx binary.',
  ].join('\n'),
);
process.exit(1);
