#ifndef TOUR_PROCESS_ARGUMENTS_H
#define TOUR_PROCESS_ARGUMENTS_H

/* The process's arguments as the C entry point got them. A statically linked Swift
   program reads CommandLine from /proc/self/cmdline, which a bare chroot or a build
   sandbox does not have; glibc hands argc and argv to every ELF constructor instead. */
int tour_process_argument_count(void);
char *const *tour_process_arguments(void);

#endif
