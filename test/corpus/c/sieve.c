#include <stdio.h>
#include <stdlib.h>

/* Counts the primes up to limit with the sieve of Eratosthenes, storing the first `capacity` of them. */
int sieve_primes(int limit, int *primes, int capacity) {
    if (limit < 2 || capacity < 0) {
        return 0;
    }
    char *composite = calloc((size_t)limit + 1, 1);
    if (composite == NULL) {
        return -1;
    }
    int found = 0;
    for (int n = 2; n <= limit; n++) {
        if (composite[n]) {
            continue;
        }
        if (found < capacity) {
            primes[found] = n;
        }
        found++;
        for (long multiple = (long)n * n; multiple <= limit; multiple += n) {
            composite[multiple] = 1;
        }
    }
    free(composite);
    return found;
}

int main(void) {
    const int limits[] = {0, 1, 2, 10, 30, 100, 1000, 7919};
    const int counts[] = {0, 0, 1, 4, 10, 25, 168, 1000};
    const int last_stored[] = {0, 0, 2, 7, 19, 19, 19, 19};
    int failures = 0;
    for (int i = 0; i < 8; i++) {
        int primes[8] = {0};
        int found = sieve_primes(limits[i], primes, 8);
        int stored = found < 8 ? found : 8;
        int last = stored > 0 ? primes[stored - 1] : 0;
        printf("sieve_primes(%d) = %d primes, last stored %d\n", limits[i], found, last);
        if (found != counts[i] || last != last_stored[i]) {
            printf("  expected %d primes, last stored %d\n", counts[i], last_stored[i]);
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
