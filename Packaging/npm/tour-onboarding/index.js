'use strict';
// Find and call the `tour` command from a Node tool. Each call runs `tour` on the tool's
// own terminal, waits for it (the tour owns the screen meanwhile) and returns an Outcome.
// It never throws for an outcome and never stops the tool: with no binary for this
// platform, or one that cannot run, the outcome is Outcome.UNAVAILABLE and nothing is
// printed. In a pipe, in CI, or with TOUR_DISABLE=1, `tour` itself shows nothing.
const { spawnSync } = require('child_process');
const fs = require('fs');
const path = require('path');

/** What a run of `tour` came to, from its exit code (tour(1), EXIT STATUS). */
const Outcome = Object.freeze({
  FINISHED: 'finished',           // 0: "Get started", or nothing to show
  SKIPPED: 'skipped',             // 1: q or Esc
  USAGE_ERROR: 'usage error',     // 2: the arguments
  BAD_FILE: 'bad file',           // 65: the tour file is wrong (tour check says where)
  MISSING_FILE: 'missing file',   // 66: the file, or something it names, is missing
  OUTPUT_FAILED: 'output failed', // 74: nothing recorded
  INTERRUPTED: 'interrupted',     // 129, 130, 143: a hang-up, Ctrl-C, SIGTERM; shows again next time
  UNAVAILABLE: 'unavailable',     // no binary for this platform, or it cannot run
  OTHER: 'other',                 // any other exit code
});

const KNOWN_CODES = new Map([
  [0, Outcome.FINISHED], [1, Outcome.SKIPPED], [2, Outcome.USAGE_ERROR], [65, Outcome.BAD_FILE],
  [66, Outcome.MISSING_FILE], [74, Outcome.OUTPUT_FAILED], [126, Outcome.UNAVAILABLE], [127, Outcome.UNAVAILABLE],
  [129, Outcome.INTERRUPTED], [130, Outcome.INTERRUPTED], [143, Outcome.INTERRUPTED],
]);

/** The Outcome of an exit status, or of the signal that ended the process. */
function outcomeFromExit(status, signal) {
  if (signal) return Outcome.INTERRUPTED;
  return KNOWN_CODES.get(status) || Outcome.OTHER;
}

// One package per platform holds the binary, as esbuild ships its own; npm installs
// only the one whose `os` and `cpu` match (optionalDependencies).
const PLATFORM_PACKAGES = {
  'linux x64': 'tour-onboarding-linux-x64',
  'linux arm64': 'tour-onboarding-linux-arm64',
};

function isExecutableFile(file) {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch (_) {
    return false;
  }
}

/**
 * The path of the `tour` binary: this platform's package's, else the first on PATH; null
 * when there is none. `options.skip(file)` passes over a file on PATH (bin/tour.js skips
 * wrappers, itself among them).
 */
function findTourBin(options = {}) {
  const platformPackage = PLATFORM_PACKAGES[`${process.platform} ${process.arch}`];
  if (platformPackage) {
    try {
      const binary = require.resolve(`${platformPackage}/bin/tour`);
      if (isExecutableFile(binary)) return binary;
    } catch (_) {
      // not installed: fall back to PATH
    }
  }
  for (const folder of (process.env.PATH || '').split(path.delimiter)) {
    const file = folder && path.join(folder, 'tour');
    if (file && isExecutableFile(file) && !(options.skip && options.skip(file))) return file;
  }
  return null;
}

// While the tour is up, signals are the tour's. spawnSync blocks this thread, so a
// listener can only keep Node from acting on a signal until the tour is over:
// - Ctrl-C: tour gives the terminal back and exits 130; a listener keeps Node from dying
//   of the same SIGINT, so the tool gets the outcome and goes on.
// - Ctrl-Z: Node must not stop before tour has handed the terminal back, or the shell
//   takes it while tour is still writing; tour stops the whole job once it has.
// - SIGTERM and SIGHUP to the tool end Node as before; TOUR_HOST_PID asks tour to follow
//   it out (it gives the terminal back and exits 143), as Node cannot pass them on here.
function withTourSignals(work) {
  const ignore = () => {};
  const held = ['SIGINT', 'SIGTSTP'];
  for (const name of held) process.on(name, ignore);
  try {
    return work();
  } finally {
    for (const name of held) process.removeListener(name, ignore);
  }
}

/** Runs `tour ...args` on this process's terminal; returns its Outcome. */
function play(args = [], options = {}) {
  const binary = findTourBin();
  if (!binary) return Outcome.UNAVAILABLE;
  const env = { ...(options.env || process.env), TOUR_HOST_PID: String(process.pid) };
  return withTourSignals(() => {
    const result = spawnSync(binary, args.map(String), { stdio: 'inherit', env });
    return result.error ? Outcome.UNAVAILABLE : outcomeFromExit(result.status, result.signal);
  });
}

// Every call puts `--` before the tour file: a path that starts with "-" stays a path.
function withFile(command, tourFile, options) {
  return [...command, ...((options && options.args) || []), '--', String(tourFile)];
}

// `values` ({search: "?"}) as `--set search=?`: the person's own keys, the tool's name.
function setValues(options) {
  return Object.entries((options && options.values) || {}).flatMap(([name, value]) => ['--set', `${name}=${value}`]);
}

/** `tour --once TOUR_FILE`: what this person has not seen of the tour, or nothing. */
function once(tourFile, options = {}) {
  return play(withFile(['--once', ...setValues(options)], tourFile, options), options);
}

/** `tour whats-new TOUR_FILE`: every page an update brought (only those newer than `since`). Records nothing. */
function whatsNew(tourFile, options = {}) {
  const since = options.since ? ['--since', String(options.since)] : [];
  return play(withFile(['whats-new', ...since, ...setValues(options)], tourFile, options), options);
}

/** `tour tip TIPS_FILE`: the tip that is due, printed in place, or nothing. */
function tip(tipsFile, options = {}) {
  return play(withFile(['tip'], tipsFile, options), options);
}

/**
 * `tour tip --off TIPS_FILE` (or `--on` with `{on: true}`): for your own command, such as
 * `mytool tips off`, which the file's "off" (a tour's "tipsOff") names in the tip's last
 * line. Prints nothing, so your command says it in its own words.
 */
function tipsOff(tipsFile, options = {}) {
  const binary = findTourBin();
  if (!binary) return Outcome.UNAVAILABLE;
  const result = spawnSync(binary, ['tip', options.on ? '--on' : '--off', '--', String(tipsFile)],
    { stdio: ['ignore', 'ignore', 'inherit'], env: options.env || process.env });
  return result.error ? Outcome.UNAVAILABLE : outcomeFromExit(result.status, result.signal);
}

/**
 * `tour done TOUR_FILE ITEM`: ticks ITEM of the tour's "checklist" for this person. Call it
 * when your command for that item worked (a `sync` that synced). Prints nothing, writes the
 * tick once, and nothing when the tour was never shown (a script, CI). Returns
 * Outcome.FINISHED; Outcome.USAGE_ERROR for an item the checklist does not have (tour names
 * the nearest on stderr); Outcome.UNAVAILABLE without tour.
 */
function done(tourFile, item, options = {}) {
  const binary = findTourBin();
  if (!binary) return Outcome.UNAVAILABLE;
  const result = spawnSync(binary, ['done', '--', String(tourFile), String(item)],
    { stdio: ['ignore', 'ignore', 'inherit'], env: options.env || process.env });
  return result.error ? Outcome.UNAVAILABLE : outcomeFromExit(result.status, result.signal);
}

/** `tour --reset TOUR_FILE`: forgets what was seen, for a "show the tour again" command. */
function reset(tourFile, options = {}) {
  return play(['--reset', '--', String(tourFile)], options);
}

/**
 * `tour answers TOUR_FILE`: the latest answer to each of the tour's questions, as an
 * object ({telemetry: "no"}); {} when none, or when `tour` cannot run. Shows nothing.
 * Treat a missing answer as "no" for consent.
 */
function answers(tourFile, options = {}) {
  const binary = findTourBin();
  if (!binary) return {};
  const result = spawnSync(binary, ['answers', '--', String(tourFile)],
    { stdio: ['ignore', 'pipe', 'ignore'], env: options.env || process.env, encoding: 'utf8' });
  if (result.error || result.status !== 0) return {};
  let found;
  try {
    found = JSON.parse(result.stdout);
  } catch (_) {
    return {};
  }
  if (!found || typeof found !== 'object' || Array.isArray(found)) return {};
  const kept = {};
  for (const [key, value] of Object.entries(found)) {
    if (typeof value === 'string') kept[key] = value;
  }
  return kept;
}

module.exports = { Outcome, outcomeFromExit, findTourBin, play, once, whatsNew, tip, tipsOff, done, reset, answers };
