#ifndef C_PROCESS_LIFELINE_H
#define C_PROCESS_LIFELINE_H

/// Asks the kernel to send this process SIGKILL when its parent ends, however the parent ends
/// (Linux: prctl(PR_SET_PDEATHSIG)). Returns 0 when set, -1 where the system has no such thing.
int navhooks_die_with_parent(void);

/// This process's scratch folder: a fresh folder in the temporary folder ($TMPDIR, else /tmp),
/// made on the first call, that is removed with everything in it when this process ends,
/// however it ends (SIGKILL included). A small `/bin/sh` started on the first call (in its own
/// process group, ignoring SIGINT, SIGTERM and SIGHUP) waits on a pipe whose writing end only
/// this process holds (close-on-exec, so no child inherits it); the pipe closes when this
/// process ends, and the shell removes the folder. Returns NULL when the folder or the shell
/// cannot be made. The same path on every call.
const char *navhooks_scratch_folder(void);

/// Makes a pipe whose two ends are close-on-exec from the start (Linux: pipe2(O_CLOEXEC), so a
/// process another thread forks and executes meanwhile inherits neither; elsewhere pipe, then
/// fcntl). `ends[0]` reads, `ends[1]` writes. Returns 0, or -1 with errno set.
int navhooks_cloexec_pipe(int ends[2]);

#endif
