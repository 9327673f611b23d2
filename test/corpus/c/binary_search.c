#include <stdio.h>
#include <stdlib.h>

/* Index of the first occurrence of target in the ascending array, or -1 when it is absent. */
int binary_search(const int *values, int count, int target) {
    int low = 0;
    int high = count - 1;
    while (low <= high) {
        int mid = low + (high - low) / 2;
        if (values[mid] == target) {
            while (mid > 0 && values[mid - 1] == target) {
                mid--;
            }
            return mid;
        } else if (values[mid] < target) {
            low = mid + 1;
        } else {
            high = mid - 1;
        }
    }
    return -1;
}

int main(void) {
    const int sorted[] = {-5, 0, 2, 2, 2, 7, 11, 19, 23, 42};
    const int count = (int)(sizeof sorted / sizeof sorted[0]);
    const int targets[] = {-5, 42, 2, 11, 3, -9, 100, 19};
    const int expected[] = {0, 9, 2, 6, -1, -1, -1, 7};
    int failures = 0;
    for (int i = 0; i < 8; i++) {
        int result = binary_search(sorted, count, targets[i]);
        printf("binary_search(%d) = %d\n", targets[i], result);
        if (result != expected[i]) {
            printf("  expected %d\n", expected[i]);
            failures++;
        }
    }
    int empty_result = binary_search(sorted, 0, 2);
    printf("binary_search(empty, 2) = %d\n", empty_result);
    if (empty_result != -1) {
        printf("  expected -1\n");
        failures++;
    }
    if (failures > 0) {
        printf("%d check(s) failed\n", failures);
        return EXIT_FAILURE;
    }
    printf("all checks passed\n");
    return EXIT_SUCCESS;
}
