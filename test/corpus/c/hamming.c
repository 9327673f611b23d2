#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Number of differing bits between two strings of the same length, or -1 when the lengths differ. */
int bit_distance(const char *a, const char *b) {
    size_t length = strlen(a);
    if (length != strlen(b)) {
        return -1;
    }
    int distance = 0;
    for (size_t i = 0; i < length; i++) {
        unsigned int diff = (unsigned char)a[i] ^ (unsigned char)b[i];
        while (diff != 0) {
            diff &= diff - 1;
            distance++;
        }
    }
    return distance;
}

int main(void) {
    const char *pairs[][2] = {
        {"", ""}, {"a", "a"}, {"a", "b"}, {"this is a test", "wokka wokka!!!"}, {"abc", "abcd"}, {"\x7f", "\x01"}, {"AAAA", "aaaa"},
    };
    const int expected[] = {0, 0, 2, 37, -1, 6, 4};
    int failures = 0;
    for (int i = 0; i < 7; i++) {
        int result = bit_distance(pairs[i][0], pairs[i][1]);
        printf("bit_distance(case %d) = %d\n", i, result);
        if (result != expected[i]) {
            printf("  expected %d\n", expected[i]);
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
