/* Clock and sorting helpers the C bench programs share. */
#ifndef RECKON_BENCH_TIMING_H
#define RECKON_BENCH_TIMING_H

#include <time.h>

/* Microseconds on the monotonic clock. */
static inline double now_us(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e6 + t.tv_nsec / 1e3;
}

/* qsort's comparison for doubles, ascending. */
static inline int compare_doubles(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

#endif
