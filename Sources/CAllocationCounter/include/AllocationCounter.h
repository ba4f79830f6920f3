#ifndef NAVHOOKS_ALLOCATION_COUNTER_H
#define NAVHOOKS_ALLOCATION_COUNTER_H

/// Counts heap allocations (malloc, calloc, realloc) made by the whole process while
/// counting is on. Used only by `navhooks-bench perf` to report allocations per dispatch.
///
/// Works where the C library is glibc: the counter replaces malloc, calloc and realloc in
/// the executable and forwards to glibc's own. Elsewhere `nh_allocation_counting_supported`
/// returns 0 and the counter stays at 0. In a build with a sanitizer (thread, address,
/// memory) the counter stands aside: it replaces nothing, since the sanitizer owns malloc,
/// and `nh_allocation_counting_supported` returns 0.

/// 1 when allocations can be counted on this platform.
int nh_allocation_counting_supported(void);
/// Starts counting from zero.
void nh_allocation_counting_start(void);
/// Stops counting and returns the number of allocations since the last start.
long nh_allocation_counting_stop(void);

#endif
