#!/usr/bin/env node
'use strict';
// `npx tour` and the `tour` of node_modules/.bin: runs this platform's binary with the
// same arguments, terminal and environment, and exits as it did.
const { spawn } = require('child_process');
const os = require('os');
const fs = require('fs');
const path = require('path');
const { findTourBin } = require('..');

/** This script, or another copy of it (another project's node_modules), rather than tour. */
function isWrapper(file, self) {
  try {
    const real = fs.realpathSync(file);
    return real === self || real.endsWith(path.join('tour-onboarding', 'bin', 'tour.js'));
  } catch (_) {
    return true;
  }
}

// npx puts node_modules/.bin first on PATH, and its `tour` is this script: the first
// `tour` on PATH may be this wrapper, or another copy of it. Never run a wrapper: a
// wrapper that runs itself spawns without end. TOUR_ONBOARDING_WRAPPER marks a run
// that a wrapper started, for a copy this check cannot see through.
const self = fs.realpathSync(__filename);
const binary = process.env.TOUR_ONBOARDING_WRAPPER ? null : findTourBin({ skip: (file) => isWrapper(file, self) });
if (!binary) {
  process.stderr.write(`tour: no binary for ${process.platform} ${process.arch}; ` +
    'tour-onboarding has packages for linux x64 and linux arm64\n');
  process.exit(127);
}
const child = spawn(binary, process.argv.slice(2), { stdio: 'inherit', env: { ...process.env, TOUR_ONBOARDING_WRAPPER: '1' } });
// Ctrl-C reaches the tour from the terminal itself (one process group): it restores the
// terminal and exits 130, so this wrapper only waits. A signal sent to the wrapper alone
// is passed on.
process.on('SIGINT', () => {});
for (const name of ['SIGTERM', 'SIGHUP']) process.on(name, () => child.kill(name));
child.on('error', (error) => {
  process.stderr.write(`tour: cannot run ${binary}: ${error.message}\n`);
  process.exit(126);
});
child.on('exit', (code, signal) => {
  process.exit(signal ? 128 + (os.constants.signals[signal] || 0) : code);
});
