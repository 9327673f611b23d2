#include <stdio.h>
#include <stdlib.h>

/* Greatest common divisor of a and b (never negative), with Bezout coefficients: a*x + b*y = gcd. */
long extended_gcd(long a, long b, long *x, long *y) {
    if (b == 0) {
        *x = a >= 0 ? 1 : -1;
        *y = 0;
        return a >= 0 ? a : -a;
    }
    long x1 = 0;
    long y1 = 0;
    long g = extended_gcd(b, a % b, &x1, &y1);
    *x = y1;
    *y = x1 - (a / b) * y1;
    return g;
}

int main(void) {
    const long pairs[][2] = {{240, 46}, {46, 240}, {17, 5}, {0, 9}, {9, 0}, {-12, 18}, {35, -14}, {1, 1}, {1071, 462}};
    const long expected_gcd[] = {2, 2, 1, 9, 9, 6, 7, 1, 21};
    int failures = 0;
    for (int i = 0; i < 9; i++) {
        long a = pairs[i][0];
        long b = pairs[i][1];
        long x = 0;
        long y = 0;
        long g = extended_gcd(a, b, &x, &y);
        printf("extended_gcd(%ld, %ld) = %ld, x = %ld, y = %ld\n", a, b, g, x, y);
        if (g != expected_gcd[i] || a * x + b * y != g) {
            printf("  expected %ld with a*x + b*y = gcd\n", expected_gcd[i]);
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
