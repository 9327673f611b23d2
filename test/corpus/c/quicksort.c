#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Sorts values[low..high] (inclusive) in ascending order with Hoare-style partitioning. */
void quicksort(int *values, int low, int high) {
    if (low >= high) {
        return;
    }
    int pivot = values[low + (high - low) / 2];
    int i = low;
    int j = high;
    while (i <= j) {
        while (values[i] < pivot) {
            i++;
        }
        while (values[j] > pivot) {
            j--;
        }
        if (i <= j) {
            int tmp = values[i];
            values[i] = values[j];
            values[j] = tmp;
            i++;
            j--;
        }
    }
    if (low < j) {
        quicksort(values, low, j);
    }
    if (i < high) {
        quicksort(values, i, high);
    }
}

static void join(const int *values, int count, char *out, size_t size) {
    size_t used = 0;
    out[0] = '\0';
    for (int i = 0; i < count && used < size; i++) {
        used += (size_t)snprintf(out + used, size - used, i == 0 ? "%d" : ",%d", values[i]);
    }
}

int main(void) {
    struct {
        int values[10];
        int count;
        const char *sorted;
    } cases[] = {
        {{0}, 0, ""},
        {{9}, 1, "9"},
        {{2, 1}, 2, "1,2"},
        {{3, 1, 4, 1, 5, 9, 2, 6, 5, 3}, 10, "1,1,2,3,3,4,5,5,6,9"},
        {{5, 5, 5, 5}, 4, "5,5,5,5"},
        {{10, 9, 8, 7, 6, 5, 4, 3, 2, 1}, 10, "1,2,3,4,5,6,7,8,9,10"},
        {{-3, 0, -3, 7, -100, 42}, 6, "-100,-3,-3,0,7,42"},
    };
    int failures = 0;
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        char text[96];
        quicksort(cases[c].values, 0, cases[c].count - 1);
        join(cases[c].values, cases[c].count, text, sizeof text);
        printf("quicksort(case %zu) = [%s]\n", c, text);
        if (strcmp(text, cases[c].sorted) != 0) {
            printf("  expected [%s]\n", cases[c].sorted);
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
