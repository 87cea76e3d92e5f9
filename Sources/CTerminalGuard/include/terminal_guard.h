#ifndef TOUR_TERMINAL_GUARD_H
#define TOUR_TERMINAL_GUARD_H

#include <stddef.h>
#include <termios.h>
#include "process_arguments.h"

/// Installs the signal handlers that keep the terminal safe while a tour is on screen.
///
/// - SIGINT, SIGTERM, SIGHUP, SIGWINCH, SIGTSTP and SIGCONT are relayed as one byte each
///   (the signal number) into a self-pipe; the run loop reads it and acts in normal context.
/// - Crash signals (SIGSEGV, SIGBUS, SIGILL, SIGABRT, SIGTRAP, SIGFPE) and every other
///   signal whose default action ends the process (SIGQUIT from Ctrl-\, SIGUSR1/2,
///   SIGALRM, SIGVTALRM, SIGPROF, SIGSYS, SIGXCPU, SIGXFSZ, SIGPIPE, SIGIO, SIGPWR,
///   SIGSTKFLT and the real-time signals) restore the terminal with async-signal-safe
///   calls only (write, poll, read, tcflush and tcsetattr): the restore sequence, then
///   a device-attributes fence whose answer is waited for (300 ms at most) so nothing the
///   terminal sent reaches the shell, then the modes; then re-raise with the default
///   action. A signal the host already handles or ignores keeps its disposition.
///
/// `restore_bytes` is what to write to `output_fd` on a crash (leave the alternate screen,
/// show the cursor, stop mouse reporting). The terminal modes restored are the ones
/// `input_fd` had at the moment of this call. Returns the pipe's read end, or -1.
int tour_guard_install(int input_fd, int output_fd, const char *restore_bytes, size_t restore_length);

/// What a crash writes to give the terminal back (at most 256 bytes), once the terminal's
/// own way of leaving the alternate screen is known.
void tour_guard_set_restore_sequence(const char *bytes, size_t length);
/// How many device-attribute answers the terminal still owes (start-up questions not yet
/// fenced), so a crash drains those too.
void tour_guard_note_fences(int count);
/// What the crash drain asks as its fence (at most 32 bytes), and how many device-attribute
/// answers it brings: two behind GNU screen, which answers one itself.
void tour_guard_set_exit_fence(const char *bytes, size_t length, int answers);
/// What a crash writes before the restore sequence to take the run's pictures off the
/// terminal (at most 64 bytes; empty for none).
void tour_guard_set_picture_cleanup(const char *bytes, size_t length);

/// 1 while the terminal is still ours: our process group is its foreground group. 0 once
/// the shell has it back (the tool that started us died of the same Ctrl-C): then nothing
/// is asked of the terminal, no input is flushed, no mode is set.
int tour_guard_terminal_is_ours(void);
/// TOUR_HOST_PID: the tool that runs tour asks to be followed out. When `host` is our
/// parent, its death sends us SIGTERM (Linux), which gives the terminal back at once: a
/// tool that dies of a SIGTERM of its own (Node's synchronous spawn cannot pass it on)
/// leaves no tour behind on the shell's screen. Call after `tour_guard_install`.
void tour_guard_end_with_host(long host);
/// Whether tour's screen is up: only then does the host's death give the terminal back
/// from the signal handler (not while the run loop hands it back, nor while stopped).
void tour_guard_note_screen_up(int up);
/// 1 once the host's death gave the terminal back from the signal handler: nothing more is
/// written to the terminal, no mode is set.
int tour_guard_handed_back(void);
/// 1 when, as the signal handler gave the terminal back, the shell had it already: its
/// prompt may have gone to the alternate screen just left.
int tour_guard_shell_drew_first(void);
/// Call after setting the program's modes: what `tour_guard_give_modes_back` compares with.
void tour_guard_note_program_modes(void);
/// Sets `shell` (the modes found at start) with `when` (TCSANOW, TCSADRAIN): while the
/// terminal is ours; once the shell has it, only while the modes are still the program's,
/// as nobody has set modes since (dash uses what it finds, zsh keeps it as its own). A line
/// editor's modes are left alone. 1 when set. Async-signal-safe.
int tour_guard_give_modes_back(const struct termios *shell, int when);
/// 1 when the parent that started us is gone: a hint that the shell may be about to take
/// the terminal back, never the decision (a launcher may exit and leave us in front).
int tour_guard_parent_left(void);
/// Puts back the handlers that were there before `tour_guard_install` and closes the pipe.
void tour_guard_uninstall(void);

/// Stops the process as SIGTSTP would have, and returns once it is continued; under a tool
/// in the same process group (which ignores SIGTSTP while tour runs), stops the whole job.
/// Call after handing the terminal back to the shell.
void tour_guard_suspend_self(void);

/// An anonymous in-memory file for ncurses to write frames into (memfd, or an unlinked
/// temporary file where memfd is missing). The run loop copies each frame from it to the
/// terminal in a single write. Returns the descriptor, or -1.
int tour_frame_buffer_create(void);

#endif
