#include "AllocationCounter.h"

#include <stddef.h>
#include <stdatomic.h>

#if defined(__GLIBC__)
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
