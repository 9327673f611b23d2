#include <stdio.h>
#include <stdlib.h>

/* Parses a size such as "512", "64k", "1.5M" or "2G" (binary multiples) into bytes; returns 1 on
   success and 0 for malformed text, a fraction of a byte or a size above the limit. */
int parse_size(const char *text, long limit, long *bytes) {
    long whole = 0;
    long fraction = 0;
    long scale = 1;
    const char *p = text;
    if (*p < '0' || *p > '9') {
        return 0;
    }
    while (*p >= '0' && *p <= '9') {
        whole = whole * 10 + (*p - '0');
        if (whole > limit) {
            return 0;
        }
        p++;
    }
    if (*p == '.') {
        p++;
        while (*p >= '0' && *p <= '9' && scale < 1000000) {
            fraction = fraction * 10 + (*p - '0');
            scale *= 10;
            p++;
        }
    }
    char suffix = *p;
    long multiplier;
    if (suffix == '\0') {
        multiplier = 1;
    } else if (suffix == 'k' || suffix == 'K') {
        multiplier = 1024L;
    } else if (suffix == 'm' || suffix == 'M') {
        multiplier = 1024L * 1024;
    } else if (suffix == 'g' || suffix == 'G') {
        multiplier = 1024L * 1024 * 1024;
    } else {
        return 0;
    }
    if (suffix != '\0' && p[1] != '\0') {
        return 0;
    }
    long extra = fraction * multiplier;
    if (extra % scale != 0 || whole > limit / multiplier) {
        return 0;
    }
    long total = whole * multiplier + extra / scale;
    if (total > limit) {
        return 0;
    }
    *bytes = total;
    return 1;
}

int main(void) {
    const long limit = 1L << 40;
    struct {
        const char *text;
        int ok;
        long bytes;
    } cases[] = {
        {"0", 1, 0},
        {"512", 1, 512},
        {"64k", 1, 65536},
        {"1.5M", 1, 1572864},
        {"2G", 1, 2147483648L},
        {"0.5K", 1, 512},
        {"1.3", 0, 0},
        {"10X", 0, 0},
        {"5kb", 0, 0},
        {"", 0, 0},
        {"1024G", 1, 1099511627776L},
        {"2048G", 0, 0},
    };
    int failures = 0;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        long bytes = 0;
        int ok = parse_size(cases[i].text, limit, &bytes);
        printf("parse_size(\"%s\") = %d, %ld\n", cases[i].text, ok, bytes);
        if (ok != cases[i].ok || bytes != cases[i].bytes) {
            printf("  expected %d, %ld\n", cases[i].ok, cases[i].bytes);
            failures++;
        }
    }
    if (failures > 0) {
        printf("%d check(s) failed\n", failures);
        return EXIT_FAILURE;
    }
    printf("all checks passed\n");
    return EXIT_SUCCESS;
}
