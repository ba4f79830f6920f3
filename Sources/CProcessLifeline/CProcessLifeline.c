#include "CProcessLifeline.h"

#if defined(__linux__)
#include <signal.h>
#include <sys/prctl.h>

int navhooks_die_with_parent(void) { return prctl(PR_SET_PDEATHSIG, SIGKILL) == 0 ? 0 : -1; }
#else
int navhooks_die_with_parent(void) { return -1; }
#endif
