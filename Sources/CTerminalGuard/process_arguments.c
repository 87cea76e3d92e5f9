#include "process_arguments.h"

static int saved_count = 0;
static char *const *saved_arguments = 0;

/* glibc calls the functions of .init_array with (argc, argv, envp), before main. */
static void save_arguments(int count, char **arguments, char **environment) {
    (void)environment;
    saved_count = count;
    saved_arguments = arguments;
}

__attribute__((section(".init_array"), used))
static void (*const save_arguments_at_start)(int, char **, char **) = save_arguments;

int tour_process_argument_count(void) { return saved_count; }
char *const *tour_process_arguments(void) { return saved_arguments; }
