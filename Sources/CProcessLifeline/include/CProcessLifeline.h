#ifndef C_PROCESS_LIFELINE_H
#define C_PROCESS_LIFELINE_H

/// Asks the kernel to send this process SIGKILL when its parent ends, however the parent ends
/// (Linux: prctl(PR_SET_PDEATHSIG)). Returns 0 when set, -1 where the system has no such thing.
int navhooks_die_with_parent(void);

#endif
