// Types for tour-onboarding: call the `tour` command from a Node tool.

/** What a run of `tour` came to, from its exit code (tour(1), EXIT STATUS). */
export declare const Outcome: {
  /** 0: "Get started", or nothing to show. */
  readonly FINISHED: "finished";
  /** 1: q or Esc. */
  readonly SKIPPED: "skipped";
  /** 2: the arguments. */
  readonly USAGE_ERROR: "usage error";
  /** 65: the tour file is wrong (`tour check` says where). */
  readonly BAD_FILE: "bad file";
  /** 66: the file, or something it names, is missing. */
  readonly MISSING_FILE: "missing file";
  /** 74: nothing recorded. */
  readonly OUTPUT_FAILED: "output failed";
  /** 129, 130, 143: a hang-up, Ctrl-C, SIGTERM; the tour shows again next time. */
  readonly INTERRUPTED: "interrupted";
  /** No binary for this platform, or it cannot run. */
  readonly UNAVAILABLE: "unavailable";
  /** Any other exit code. */
  readonly OTHER: "other";
};
export type Outcome = (typeof Outcome)[keyof typeof Outcome];

/** What every call takes. */
export interface RunOptions {
  /** More options for `tour`, placed before the tour file (for example `["--no-animation"]`). */
  args?: readonly string[];
  /** The environment `tour` runs with; `process.env` when left out. */
  env?: Record<string, string | undefined>;
}

/** The Outcome of an exit status, or of the signal that ended the process. */
export declare function outcomeFromExit(status: number | null, signal?: string | null): Outcome;
/** The path of the `tour` binary: this platform's package's, else the first on PATH; null when there is none. */
export declare function findTourBin(options?: { skip?: (file: string) => boolean }): string | null;
/** Runs `tour ...args` on this process's terminal and waits for it. */
export declare function play(args?: readonly string[], options?: Pick<RunOptions, "env">): Outcome;
/** Values for the tour's `{name}`s (`--set`): the person's own keys (`{search: "?"}`), the tool's name. */
export interface ValueOptions {
  values?: Record<string, string>;
}
/** `tour --once TOUR_FILE`: what this person has not seen of the tour, or nothing. Call it on every start. */
export declare function once(tourFile: string, options?: RunOptions & ValueOptions): Outcome;
/** `tour whats-new TOUR_FILE`: every page an update brought, newest first; records nothing. */
export declare function whatsNew(tourFile: string, options?: RunOptions & ValueOptions & { since?: string }): Outcome;
/** `tour tip TIPS_FILE`: the tip that is due, printed in place, or nothing. */
export declare function tip(tipsFile: string, options?: RunOptions): Outcome;
/** `tour tip --off TIPS_FILE` (`--on` with `{on: true}`), for your own `mytool tips off`; prints nothing. */
export declare function tipsOff(tipsFile: string, options?: Pick<RunOptions, "env"> & { on?: boolean }): Outcome;
/** `tour done TOUR_FILE ITEM`: ticks ITEM of the tour's checklist, when your command for it worked; prints nothing. */
export declare function done(tourFile: string, item: string, options?: Pick<RunOptions, "env">): Outcome;
/** `tour --reset TOUR_FILE`: forgets what was seen, so the tour shows again. */
export declare function reset(tourFile: string, options?: Pick<RunOptions, "env">): Outcome;
/** `tour answers TOUR_FILE`: the latest answer to each question; `{}` when none or when `tour` cannot run. */
export declare function answers(tourFile: string, options?: Pick<RunOptions, "env">): Record<string, string>;
