/* A fake wall clock for the simulated day of requests.py: LD_PRELOAD it, and CLOCK_REALTIME (with time()
 * and gettimeofday()) runs FAKE_CLOCK_OFFSET seconds ahead. The monotonic clock is left alone, so time
 * budgets still measure real time. (libfaketime would do, but under it Swift programs lose their
 * command-line arguments.) Built by the benchmarks (support.py) and the daylight-saving tests (FakeClock.swift);
 * never part of weather. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdlib.h>
#include <sys/time.h>
#include <time.h>

static double offset(void) {
    static int known;
    static double value;
    if (!known) {
        const char *text = getenv("FAKE_CLOCK_OFFSET");
        value = text ? strtod(text, NULL) : 0;
        known = 1;
    }
    return value;
}

static void shift(struct timespec *moment) {
    double seconds = moment->tv_sec + moment->tv_nsec / 1e9 + offset();
    moment->tv_sec = (time_t)seconds;
    moment->tv_nsec = (long)((seconds - (double)moment->tv_sec) * 1e9);
}

int clock_gettime(clockid_t clock, struct timespec *moment) {
    static int (*real)(clockid_t, struct timespec *);
    if (!real) real = (int (*)(clockid_t, struct timespec *))dlsym(RTLD_NEXT, "clock_gettime");
    int result = real(clock, moment);
    if (result == 0 && (clock == CLOCK_REALTIME || clock == CLOCK_REALTIME_COARSE)) shift(moment);
    return result;
}

int gettimeofday(struct timeval *restrict moment, void *restrict zone) {
    struct timespec now;
    clock_gettime(CLOCK_REALTIME, &now);
    if (moment) {
        moment->tv_sec = now.tv_sec;
        moment->tv_usec = now.tv_nsec / 1000;
    }
    (void)zone;
    return 0;
}

time_t time(time_t *result) {
    struct timespec now;
    clock_gettime(CLOCK_REALTIME, &now);
    if (result) *result = now.tv_sec;
    return now.tv_sec;
}
