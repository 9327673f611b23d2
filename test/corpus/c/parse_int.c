#include <stdio.h>
#include <stdlib.h>

#define PARSE_INT_MAX 2147483647L
#define PARSE_INT_MIN (-2147483647L - 1)

/* Parses a decimal int with optional surrounding blanks and sign; returns 1 on success, 0 otherwise. */
int parse_int(const char *text, int *out) {
    const char *p = text;
    while (*p == ' ' || *p == '\t') {
        p++;
    }
    int negative = 0;
    if (*p == '+' || *p == '-') {
        negative = *p == '-';
        p++;
    }
    if (*p < '0' || *p > '9') {
        return 0;
    }
    long value = 0;
    while (*p >= '0' && *p <= '9') {
        value = value * 10 + (*p - '0');
        if ((!negative && value > PARSE_INT_MAX) || (negative && -value < PARSE_INT_MIN)) {
            return 0;
        }
        p++;
    }
    while (*p == ' ' || *p == '\t') {
        p++;
    }
    if (*p != '\0') {
        return 0;
    }
    *out = negative ? (int)-value : (int)value;
    return 1;
}

int main(void) {
    struct {
        const char *text;
        int ok;
        int value;
    } cases[] = {
        {"42", 1, 42},
        {"  -17 ", 1, -17},
        {"+0", 1, 0},
        {"2147483647", 1, 2147483647},
        {"-2147483648", 1, -2147483647 - 1},
        {"2147483648", 0, 0},
        {"", 0, 0},
        {"-", 0, 0},
        {"12a", 0, 0},
        {"\t007\t", 1, 7},
    };
    int failures = 0;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        int value = 0;
        int ok = parse_int(cases[i].text, &value);
        printf("parse_int(\"%s\") = %d, %d\n", cases[i].text, ok, value);
        if (ok != cases[i].ok || value != cases[i].value) {
            printf("  expected %d, %d\n", cases[i].ok, cases[i].value);
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
