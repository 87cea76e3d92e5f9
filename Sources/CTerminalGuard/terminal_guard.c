#define _GNU_SOURCE
#include "terminal_guard.h"

#include <errno.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <fcntl.h>
#include <signal.h>
#include <string.h>
#include <termios.h>
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
static size_t restore_sequence_length = 0;

static void relay_signal(int signal_number) {
    int saved_errno = errno;
    unsigned char byte = (unsigned char)signal_number;
    if (pipe_write_fd >= 0) {
        ssize_t ignored = write(pipe_write_fd, &byte, 1);
        (void)ignored;
    }
    errno = saved_errno;
}

static void restore_terminal_and_reraise(int signal_number) {
    if (have_saved_modes) tcsetattr(saved_input_fd, TCSANOW, &saved_modes);
    if (restore_sequence_length > 0 && saved_output_fd >= 0) {
        ssize_t ignored = write(saved_output_fd, restore_sequence, restore_sequence_length);
        (void)ignored;
    }
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
}

int tour_guard_install(int input_fd, int output_fd, const char *restore_bytes, size_t restore_length) {
    if (installed) return pipe_read_fd;
    int fds[2];
    if (pipe2(fds, O_CLOEXEC | O_NONBLOCK) != 0) return -1;
    pipe_read_fd = fds[0];
    pipe_write_fd = fds[1];
    saved_input_fd = input_fd;
    saved_output_fd = output_fd;
    have_saved_modes = tcgetattr(input_fd, &saved_modes) == 0;
    restore_sequence_length = restore_length < sizeof restore_sequence ? restore_length : sizeof restore_sequence;
    memcpy(restore_sequence, restore_bytes, restore_sequence_length);

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

void tour_guard_suspend_self(void) {
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
