#include "AllocationCounter.h"

#include <stddef.h>
#include <stdatomic.h>

// A sanitizer (`swift build --sanitize=thread` or `=address`) owns malloc: it intercepts it to
// track every block, and a block taken from glibc behind its back (what the counter below
// forwards to) crashes it at the first free. So in a sanitized build the counter stands aside:
// it replaces nothing, `nh_allocation_counting_supported` returns 0 and the counts stay 0
// (`perf`'s allocation figures from such a build are not measurements).
#if defined(__has_feature)
#if __has_feature(thread_sanitizer) || __has_feature(address_sanitizer) || __has_feature(memory_sanitizer)
#define NH_SANITIZED 1
#endif
#endif
#if defined(__SANITIZE_THREAD__) || defined(__SANITIZE_ADDRESS__)
#define NH_SANITIZED 1
#endif

#if defined(__GLIBC__) && !defined(NH_SANITIZED)
extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);

static atomic_int counting;
static atomic_long allocations;

static inline void count_one(void) {
    if (atomic_load_explicit(&counting, memory_order_relaxed)) {
        atomic_fetch_add_explicit(&allocations, 1, memory_order_relaxed);
    }
}

void *malloc(size_t size) {
    count_one();
    return __libc_malloc(size);
}

void *calloc(size_t count, size_t size) {
    count_one();
    return __libc_calloc(count, size);
}

void *realloc(void *pointer, size_t size) {
    count_one();
    return __libc_realloc(pointer, size);
}

int nh_allocation_counting_supported(void) { return 1; }

void nh_allocation_counting_start(void) {
    atomic_store(&allocations, 0);
    atomic_store(&counting, 1);
}

long nh_allocation_counting_stop(void) {
    atomic_store(&counting, 0);
    return atomic_load(&allocations);
}
#else
int nh_allocation_counting_supported(void) { return 0; }
void nh_allocation_counting_start(void) {}
long nh_allocation_counting_stop(void) { return 0; }
#endif
