/* check.h - the tally every C test program keeps: a check that passes is counted, one that
 * fails is counted and, for the first 40, printed with its line.  Each program prints
 * "N passed, M failed" last and exits 0 only if M is 0. */
#ifndef PE_TESTS_CHECK_H
#define PE_TESTS_CHECK_H

#include <stdarg.h>
#include <stdio.h>

typedef struct {
    unsigned long long passed, failed;
} tally_t;

static void check_at(tally_t *t, int ok, int line, const char *fmt, ...)
{
    if (ok) {
        t->passed++;
        return;
    }
    t->failed++;
    if (t->failed <= 40) {
        va_list ap;
        va_start(ap, fmt);
        fprintf(stderr, "FAIL (line %d): ", line);
        vfprintf(stderr, fmt, ap);
        fputc('\n', stderr);
        va_end(ap);
    } else if (t->failed == 41) {
        fprintf(stderr, "(further failures not shown)\n");
    }
}

#endif /* PE_TESTS_CHECK_H */
