#define _GNU_SOURCE
#include "terminal_guard.h"

#include <errno.h>
#include <stdlib.h>
#include <sys/mman.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdatomic.h>
#include <string.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

static const int relayed_signals[] = {SIGINT, SIGTERM, SIGHUP, SIGWINCH, SIGTSTP, SIGCONT};
/* Crashes, and every other signal whose default action ends the process: each restores
   the terminal before it takes effect. The first CRASH_COUNT are always taken over: the
   Swift runtime's backtracer handles them (SIGQUIT, from Ctrl-\, included) and, on a
   terminal, would wait for a key with the screen still ours. The rest are taken over only
   where the default action stands. */
static const int fatal_signals[] = {
    SIGSEGV, SIGBUS, SIGILL, SIGABRT, SIGTRAP, SIGFPE, SIGQUIT,
    SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF, SIGSYS, SIGXCPU, SIGXFSZ,
    SIGPIPE, SIGIO, SIGPWR, SIGSTKFLT,
};
#define CRASH_COUNT 7
#define RELAYED_COUNT (sizeof(relayed_signals) / sizeof(relayed_signals[0]))
#define FATAL_COUNT (sizeof(fatal_signals) / sizeof(fatal_signals[0]))
/* The real-time signals end the process by default too. */
#define REALTIME_MAX 64

static struct sigaction previous_relayed[RELAYED_COUNT];
static struct sigaction previous_fatal[FATAL_COUNT];
static struct sigaction previous_realtime[REALTIME_MAX + 1];
static int realtime_installed[REALTIME_MAX + 1];
static int fatal_installed[FATAL_COUNT];
static sigset_t previous_mask;

static volatile sig_atomic_t installed = 0;
static int pipe_read_fd = -1;
static int pipe_write_fd = -1;
static int saved_input_fd = -1;
static int saved_output_fd = -1;
static int have_saved_modes = 0;
static struct termios saved_modes;
static char restore_sequence[256];
static volatile sig_atomic_t restore_sequence_length = 0;

/* Puts `bytes` where a signal handler reads them: the length is 0 while they are copied,
   so a handler in between writes nothing rather than half. Too long: nothing. */
static void publish(char *buffer, size_t capacity, volatile sig_atomic_t *published, const char *bytes, size_t length) {
    *published = 0;
    if (length > capacity) return;
    /* The compiler may move plain stores across a volatile one: the fences keep the copy
       after the 0 and before the length, as a handler on this thread sees them. */
    atomic_signal_fence(memory_order_seq_cst);
    memcpy(buffer, bytes, length);
    atomic_signal_fence(memory_order_seq_cst);
    *published = (sig_atomic_t)length;
}

void tour_guard_set_restore_sequence(const char *bytes, size_t length) {
    publish(restore_sequence, sizeof restore_sequence, &restore_sequence_length, bytes, length);
}

/* Device-attribute answers the terminal still owes (start-up questions not yet fenced). */
static volatile sig_atomic_t fences_outstanding = 0;

void tour_guard_note_fences(int count) { fences_outstanding = count < 0 ? 0 : count; }

/* What the drain asks, and how many answers it brings (two behind GNU screen, which
   answers one itself ahead of the outer terminal's mouse reports). */
static char exit_fence[32] = "\033[c";
static size_t exit_fence_length = 3;
static volatile sig_atomic_t exit_fence_answers = 1;

void tour_guard_set_exit_fence(const char *bytes, size_t length, int answers) {
    if (length == 0 || length > sizeof exit_fence || answers < 1) return;
    exit_fence_answers = 0;
    atomic_signal_fence(memory_order_seq_cst);
    memcpy(exit_fence, bytes, length);
    exit_fence_length = length;
    atomic_signal_fence(memory_order_seq_cst);
    exit_fence_answers = answers;
}

/* What takes the run's pictures off the terminal (a kitty delete, wrapped for tmux),
   written before the restore sequence: empty until a picture is drawn in pixels. */
static char picture_cleanup[64];
static volatile sig_atomic_t picture_cleanup_length = 0;

void tour_guard_set_picture_cleanup(const char *bytes, size_t length) {
    publish(picture_cleanup, sizeof picture_cleanup, &picture_cleanup_length, bytes, length);
}

/* The run's pictures freed, then the restore sequence: what both handlers write first. */
static void write_restore(void) {
    if (saved_output_fd < 0) return;
    if (picture_cleanup_length > 0) {
        ssize_t ignored = write(saved_output_fd, picture_cleanup, (size_t)picture_cleanup_length);
        (void)ignored;
    }
    if (restore_sequence_length > 0) {
        ssize_t ignored = write(saved_output_fd, restore_sequence, (size_t)restore_sequence_length);
        (void)ignored;
    }
}

static pid_t parent_at_install = 0;
/* The tool tour follows (TOUR_HOST_PID) died, and the terminal was given back at once,
   in the signal handler: the run loop then writes nothing more. */
static volatile sig_atomic_t following_host = 0;
static volatile sig_atomic_t handed_back = 0;
/* When it was handed back there, the shell had the terminal already. */
static volatile sig_atomic_t shell_drew_first = 0;
/* tour's screen is up (not yet handed back, or taken again after `fg`). */
static volatile sig_atomic_t screen_up = 0;

void tour_guard_note_screen_up(int up) { screen_up = up; }


/* The terminal is still this process's: its process group is the terminal's foreground
   group. Otherwise the shell is reading the terminal (it took it back when the tool that
   started tour died or stopped): an answer asked for now would reach its prompt, and a
   flush would drop its keys. Whether the parent lives says nothing here: a launcher that
   starts tour and exits without waiting leaves tour in the foreground, and the modes must
   still come back. tcgetpgrp is async-signal-safe. */
int tour_guard_terminal_is_ours(void) {
    int input = saved_input_fd >= 0 ? saved_input_fd : STDIN_FILENO;
    pid_t foreground = tcgetpgrp(input);
    /* -1: not our controlling terminal (a pty handed over without a session): no job
       control to lose. */
    return foreground < 0 || foreground == getpgrp();
}

void tour_guard_end_with_host(long host) {
#ifdef __linux__
    if (host <= 1 || getppid() != (pid_t)host) return;
    following_host = 1;
    prctl(PR_SET_PDEATHSIG, SIGTERM);
    /* Gone between the two calls: no signal will come for it now. */
    if (getppid() != (pid_t)host) raise(SIGTERM);
#else
    (void)host;
#endif
}

int tour_guard_parent_left(void) {
    return parent_at_install != 0 && getppid() != parent_at_install;
}

/* Reads and drops input until the terminal has answered every fence owed, the exit
   fence asked now included, or 300 ms: what it sent (a mouse release, a late answer) goes
   nowhere. Only poll, read, write and clock_gettime: all async-signal-safe. A DA1 answer
   is ESC [ ? ... c (or CSI ? ... c); the scan keeps its state across reads. */
static void drain_input(void) {
    if (saved_output_fd < 0 || saved_input_fd < 0 || exit_fence_answers < 1) return;
    if (!tour_guard_terminal_is_ours()) return;
    /* The tool that started us is gone: a shell may read the answer; flush only. */
    if (tour_guard_parent_left()) {
        tcflush(saved_input_fd, TCIFLUSH);
        return;
    }
    ssize_t ignored = write(saved_output_fd, exit_fence, exit_fence_length);
    (void)ignored;
    int owed = fences_outstanding + exit_fence_answers;
    struct timespec start, now;
    clock_gettime(CLOCK_MONOTONIC, &start);
    /* 0: outside, 1: after ESC, 2: in CSI, 3: in CSI after '?' */
    int state = 0;
    unsigned char buffer[256];
    while (owed > 0) {
        clock_gettime(CLOCK_MONOTONIC, &now);
        long elapsed = (now.tv_sec - start.tv_sec) * 1000 + (now.tv_nsec - start.tv_nsec) / 1000000;
        if (elapsed >= 300) break;
        struct pollfd entry = {saved_input_fd, POLLIN, 0};
        int ready = poll(&entry, 1, (int)(300 - elapsed));
        if (ready < 0 && errno == EINTR) continue;
        if (ready <= 0) break;
        ssize_t count = read(saved_input_fd, buffer, sizeof buffer);
        if (count < 0 && (errno == EINTR || errno == EAGAIN)) continue;
        if (count <= 0) break;
        for (ssize_t i = 0; i < count; i++) {
            unsigned char byte = buffer[i];
            if (byte == 0x1B) state = 1;
            else if (byte == 0x9B || (state == 1 && byte == '[')) state = 2;
            else if (state == 2) state = byte == '?' ? 3 : 0;
            else if (state == 3) {
                if (byte == 'c') { owed--; state = 0; }
                else if (byte < 0x20 || byte > 0x3F) state = 0;
            } else state = 0;
        }
    }
    tcflush(saved_input_fd, TCIFLUSH);
}

/* The modes tour's program runs in, as last set: whether anybody has set others since. */
static int have_program_modes = 0;
static struct termios program_modes;

void tour_guard_note_program_modes(void) {
    int input = saved_input_fd >= 0 ? saved_input_fd : STDIN_FILENO;
    have_program_modes = tcgetattr(input, &program_modes) == 0;
}

static int same_modes(const struct termios *a, const struct termios *b) {
    return a->c_iflag == b->c_iflag && a->c_oflag == b->c_oflag && a->c_cflag == b->c_cflag &&
           a->c_lflag == b->c_lflag && memcmp(a->c_cc, b->c_cc, sizeof a->c_cc) == 0;
}

int tour_guard_give_modes_back(const struct termios *shell, int when) {
    int input = saved_input_fd >= 0 ? saved_input_fd : STDIN_FILENO;
    if (tour_guard_terminal_is_ours()) return tcsetattr(input, when, shell) == 0;
    struct termios now;
    if (!have_program_modes || tcgetattr(input, &now) != 0 || !same_modes(&now, &program_modes)) return 0;
    /* From a background group tcsetattr stops the process (SIGTTOU) unless it is blocked. */
    sigset_t stop, previous;
    sigemptyset(&stop);
    sigaddset(&stop, SIGTTOU);
    sigprocmask(SIG_BLOCK, &stop, &previous);
    int given = tcsetattr(input, when, shell) == 0;
    sigprocmask(SIG_SETMASK, &previous, NULL);
    return given;
}

int tour_guard_handed_back(void) { return handed_back; }
int tour_guard_shell_drew_first(void) { return shell_drew_first; }

/* The SIGTERM that the host's death sends (PR_SET_PDEATHSIG) comes before the shell hears
   of that death, and the shell then takes the terminal and prints its prompt at once: the
   run loop would lose that race, and leaving the alternate screen after the prompt is
   drawn would wipe the prompt. So the terminal is given back here, now: the modes (see
   tour_guard_give_modes_back), then the restore sequence, no question asked (a shell may
   read the answer). Where the shell won the race anyway (its prompt went to the
   alternate screen just left), the run loop has it draw the prompt again (PromptRedraw). */
static void hand_back_for_dead_host(void) {
    /* The modes first: a shell that takes the terminal reads them at once (zsh keeps what
       it finds as its own; dash just uses them). */
    if (tour_guard_terminal_is_ours()) tcflush(saved_input_fd, TCIFLUSH);
    if (have_saved_modes) tour_guard_give_modes_back(&saved_modes, TCSANOW);
    write_restore();
    if (!tour_guard_terminal_is_ours()) shell_drew_first = 1;
    handed_back = 1;
}

static void relay_signal(int signal_number) {
    int saved_errno = errno;
    if (signal_number == SIGTERM && following_host && screen_up && !handed_back && getppid() != parent_at_install) {
        hand_back_for_dead_host();
    }
    unsigned char byte = (unsigned char)signal_number;
    if (pipe_write_fd >= 0) {
        ssize_t ignored = write(pipe_write_fd, &byte, 1);
        (void)ignored;
    }
    errno = saved_errno;
}

static void restore_terminal_and_reraise(int signal_number) {
    write_restore();
    /* Before the shell's modes come back: in canonical mode an answer (no newline) would not be read. */
    drain_input();
    /* Once the shell has the terminal, only where nobody set modes since tour's. */
    if (have_saved_modes) tour_guard_give_modes_back(&saved_modes, TCSANOW);
    struct sigaction default_action;
    memset(&default_action, 0, sizeof default_action);
    default_action.sa_handler = SIG_DFL;
    sigemptyset(&default_action.sa_mask);
    sigaction(signal_number, &default_action, NULL);
    sigset_t unblock;
    sigemptyset(&unblock);
    sigaddset(&unblock, signal_number);
    sigprocmask(SIG_UNBLOCK, &unblock, NULL);
    raise(signal_number);
    /* Still here: the default action was ignored, as it is for a PID namespace's init
       (`docker run -it IMAGE tour`, `unshare --pid --fork`) for every signal the kernel
       does not force. The screen is given back; living on without it would run this exit
       again at the next key, its fence answered into the shell. */
    _exit(128 + signal_number);
}

int tour_guard_install(int input_fd, int output_fd, const char *restore_bytes, size_t restore_length) {
    if (installed) return pipe_read_fd;
    int fds[2];
    if (pipe2(fds, O_CLOEXEC | O_NONBLOCK) != 0) return -1;
    pipe_read_fd = fds[0];
    pipe_write_fd = fds[1];
    saved_input_fd = input_fd;
    saved_output_fd = output_fd;
    parent_at_install = getppid();
    have_saved_modes = tcgetattr(input_fd, &saved_modes) == 0;
    tour_guard_set_restore_sequence(restore_bytes, restore_length);

    struct sigaction action;
    memset(&action, 0, sizeof action);
    sigemptyset(&action.sa_mask);
    action.sa_handler = relay_signal;
    action.sa_flags = SA_RESTART;
    for (size_t i = 0; i < RELAYED_COUNT; i++) sigaction(relayed_signals[i], &action, &previous_relayed[i]);

    action.sa_handler = restore_terminal_and_reraise;
    action.sa_flags = SA_RESETHAND | SA_NODEFER;
    /* Past the crash signals, only where the default action stands: a host tool's own
       handler, or an ignored signal, is left alone (it does not end the process). */
    for (size_t i = 0; i < FATAL_COUNT; i++) {
        fatal_installed[i] = 0;
        if (sigaction(fatal_signals[i], NULL, &previous_fatal[i]) != 0) continue;
        int is_default = previous_fatal[i].sa_handler == SIG_DFL && !(previous_fatal[i].sa_flags & SA_SIGINFO);
        if (i < CRASH_COUNT || is_default) fatal_installed[i] = sigaction(fatal_signals[i], &action, NULL) == 0;
    }
    for (int signal_number = SIGRTMIN; signal_number <= SIGRTMAX && signal_number <= REALTIME_MAX; signal_number++) {
        realtime_installed[signal_number] = 0;
        if (sigaction(signal_number, NULL, &previous_realtime[signal_number]) == 0 &&
            previous_realtime[signal_number].sa_handler == SIG_DFL && !(previous_realtime[signal_number].sa_flags & SA_SIGINFO)) {
            realtime_installed[signal_number] = sigaction(signal_number, &action, NULL) == 0;
        }
    }
    /* A parent may have started us with these blocked; the tour cannot work without them. */
    sigset_t needed;
    sigemptyset(&needed);
    for (size_t i = 0; i < RELAYED_COUNT; i++) sigaddset(&needed, relayed_signals[i]);
    for (size_t i = 0; i < FATAL_COUNT; i++) sigaddset(&needed, fatal_signals[i]);
    sigprocmask(SIG_UNBLOCK, &needed, &previous_mask);
    installed = 1;
    return pipe_read_fd;
}

void tour_guard_uninstall(void) {
    if (!installed) return;
#ifdef __linux__
    if (following_host) prctl(PR_SET_PDEATHSIG, 0);
#endif
    following_host = 0;
    handed_back = 0;
    shell_drew_first = 0;
    have_program_modes = 0;
    screen_up = 0;
    picture_cleanup_length = 0;
    for (size_t i = 0; i < RELAYED_COUNT; i++) sigaction(relayed_signals[i], &previous_relayed[i], NULL);
    for (size_t i = 0; i < FATAL_COUNT; i++) {
        if (fatal_installed[i]) sigaction(fatal_signals[i], &previous_fatal[i], NULL);
    }
    for (int signal_number = SIGRTMIN; signal_number <= SIGRTMAX && signal_number <= REALTIME_MAX; signal_number++) {
        if (realtime_installed[signal_number]) sigaction(signal_number, &previous_realtime[signal_number], NULL);
    }
    sigprocmask(SIG_SETMASK, &previous_mask, NULL);
    close(pipe_read_fd);
    close(pipe_write_fd);
    pipe_read_fd = pipe_write_fd = -1;
    installed = 0;
}

/* A tool that runs tour is in tour's process group, with the shell's job control above
   it: a tool that stopped at the Ctrl-Z itself would let the shell take the terminal while
   tour is still handing it back, so tools ignore SIGTSTP while tour runs. Stopping is then
   tour's to do, for the whole job, once the terminal is handed back: SIGSTOP, which a tool
   ignoring SIGTSTP cannot ignore. `fg` continues the whole group. A parent that leads its
   own session (tmux, script, a pane's program) has no shell above it to say `fg`: there,
   as for tour started by the shell itself, tour stops alone, as SIGTSTP would. */
static int stops_whole_job(void) {
    pid_t parent = getppid();
    return parent > 1 && getpgid(parent) == getpgrp() && getsid(parent) != parent;
}

void tour_guard_suspend_self(void) {
    if (stops_whole_job()) {
        kill(0, SIGSTOP);  /* stops here until SIGCONT */
        return;
    }
    struct sigaction default_action, ours;
    memset(&default_action, 0, sizeof default_action);
    default_action.sa_handler = SIG_DFL;
    sigemptyset(&default_action.sa_mask);
    sigaction(SIGTSTP, &default_action, &ours);
    sigset_t unblock;
    sigemptyset(&unblock);
    sigaddset(&unblock, SIGTSTP);
    sigprocmask(SIG_UNBLOCK, &unblock, NULL);
    raise(SIGTSTP);  /* stops here until SIGCONT */
    sigaction(SIGTSTP, &ours, NULL);
}

int tour_frame_buffer_create(void) {
#ifdef MFD_CLOEXEC
    int fd = memfd_create("tour-frame", MFD_CLOEXEC);
    if (fd >= 0) return fd;
#endif
    char path[] = "/tmp/tour-frame-XXXXXX";
    int temporary = mkostemp(path, O_CLOEXEC);
    if (temporary >= 0) unlink(path);
    return temporary;
}
