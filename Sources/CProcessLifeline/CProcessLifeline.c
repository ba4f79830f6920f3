#if defined(__linux__)
#define _GNU_SOURCE
#endif
#include "CProcessLifeline.h"

#include <fcntl.h>
#include <pthread.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#if defined(__linux__)
#include <signal.h>
#include <sys/prctl.h>

int navhooks_die_with_parent(void) { return prctl(PR_SET_PDEATHSIG, SIGKILL) == 0 ? 0 : -1; }
#else
int navhooks_die_with_parent(void) { return -1; }
#endif

extern char **environ;

static char scratch_path[4096];
static const char *scratch_result = NULL;
static pthread_once_t scratch_once = PTHREAD_ONCE_INIT;

static void make_scratch_folder(void) {
    const char *temporary = getenv("TMPDIR");
    if (temporary == NULL || temporary[0] == '\0') temporary = "/tmp";
    int length = snprintf(scratch_path, sizeof scratch_path, "%s%snavhooks-%d-XXXXXX", temporary,
                          temporary[strlen(temporary) - 1] == '/' ? "" : "/", (int)getpid());
    if (length <= 0 || (size_t)length >= sizeof scratch_path || mkdtemp(scratch_path) == NULL) return;

    int fds[2];
#if defined(__linux__)
    if (pipe2(fds, O_CLOEXEC) != 0) goto fail;
#else
    if (pipe(fds) != 0) goto fail;
    fcntl(fds[0], F_SETFD, FD_CLOEXEC);
    fcntl(fds[1], F_SETFD, FD_CLOEXEC);
#endif
    posix_spawn_file_actions_t actions;
    posix_spawnattr_t attributes;
    posix_spawn_file_actions_init(&actions);
    posix_spawnattr_init(&attributes);
    // The shell reads the pipe's reading end as its standard input (dup2 clears close-on-exec)
    // and writes nowhere; its own process group keeps a terminal's Ctrl-C away from it.
    posix_spawn_file_actions_adddup2(&actions, fds[0], 0);
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
    posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETPGROUP);
    posix_spawnattr_setpgroup(&attributes, 0);
    char *arguments[] = {
        "/bin/sh", "-c", "trap '' INT TERM HUP; while read -r _; do :; done; rm -rf -- \"$0\"", scratch_path, NULL,
    };
    pid_t pid;
    int spawned = posix_spawn(&pid, "/bin/sh", &actions, &attributes, arguments, environ);
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attributes);
    close(fds[0]);
    if (spawned != 0) {
        close(fds[1]);
        goto fail;
    }
    // fds[1] stays open until this process ends: its closing is the shell's signal.
    scratch_result = scratch_path;
    return;
fail:
    rmdir(scratch_path);
}

const char *navhooks_scratch_folder(void) {
    pthread_once(&scratch_once, make_scratch_folder);
    return scratch_result;
}

int navhooks_cloexec_pipe(int ends[2]) {
#if defined(__linux__)
    return pipe2(ends, O_CLOEXEC) == 0 ? 0 : -1;
#else
    if (pipe(ends) != 0) return -1;
    fcntl(ends[0], F_SETFD, FD_CLOEXEC);
    fcntl(ends[1], F_SETFD, FD_CLOEXEC);
    return 0;
#endif
}
