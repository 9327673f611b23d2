#include <stdio.h>
#include <stdlib.h>

struct char_counts {
    int vowels;
    int consonants;
    int digits;
    int spaces;
    int other;
};

/* Counts the vowels, consonants, digits, blanks and other characters of an ASCII string. */
struct char_counts classify_chars(const char *text) {
    struct char_counts counts = {0, 0, 0, 0, 0};
    for (const char *p = text; *p != '\0'; p++) {
        char c = *p;
        if (c >= 'A' && c <= 'Z') {
            c = (char)(c - 'A' + 'a');
        }
        switch (c) {
        case 'a':
        case 'e':
        case 'i':
        case 'o':
        case 'u':
            counts.vowels++;
            break;
        case ' ':
        case '\t':
        case '\n':
            counts.spaces++;
            break;
        default:
            if (c >= 'a' && c <= 'z') {
                counts.consonants++;
            } else if (c >= '0' && c <= '9') {
                counts.digits++;
            } else {
                counts.other++;
            }
            break;
        }
    }
    return counts;
}

int main(void) {
    const char *inputs[] = {"", "Hello, World!", "AEIOU aeiou", "R2-D2\tC-3PO\n", "xyz", "   "};
    const int expected[][5] = {
        {0, 0, 0, 0, 0},
        {3, 7, 0, 1, 2},
        {10, 0, 0, 1, 0},
        {1, 4, 3, 2, 2},
        {0, 3, 0, 0, 0},
        {0, 0, 0, 3, 0},
    };
    int failures = 0;
    for (int i = 0; i < 6; i++) {
        struct char_counts c = classify_chars(inputs[i]);
        int got[5] = {c.vowels, c.consonants, c.digits, c.spaces, c.other};
        printf("classify_chars(case %d) = %d vowels, %d consonants, %d digits, %d spaces, %d other\n", i, got[0], got[1],
               got[2], got[3], got[4]);
        for (int k = 0; k < 5; k++) {
            if (got[k] != expected[i][k]) {
                printf("  expected %d for count %d\n", expected[i][k], k);
                failures++;
                break;
            }
        }
    }
    if (failures > 0) {
        printf("%d check(s) failed\n", failures);
        return EXIT_FAILURE;
    }
    printf("all checks passed\n");
    return EXIT_SUCCESS;
}
