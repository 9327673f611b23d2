#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Sorts values in place (ascending, or descending when asked); returns how many elements moved. */
int insertion_sort(int *values, int count, int descending) {
    int shifts = 0;
    for (int i = 1; i < count; i++) {
        int key = values[i];
        int j = i - 1;
        while (j >= 0 && (descending ? values[j] < key : values[j] > key)) {
            values[j + 1] = values[j];
            j--;
            shifts += 1;
        }
        values[j + 1] = key;
    }
    return shifts;
}

static void format_array(const int *values, int count, char *out, size_t size) {
    size_t used = 0;
    out[0] = '\0';
    for (int i = 0; i < count && used < size; i++) {
        used += (size_t)snprintf(out + used, size - used, i == 0 ? "%d" : " %d", values[i]);
    }
}

int main(void) {
    struct {
        int values[8];
        int count;
        int descending;
        const char *sorted;
        int shifts;
    } cases[] = {
        {{0}, 0, 0, "", 0},
        {{4}, 1, 0, "4", 0},
        {{5, 2, 9, 1, 5, 6}, 6, 0, "1 2 5 5 6 9", 6},
        {{1, 2, 3, 4}, 4, 0, "1 2 3 4", 0},
        {{1, 2, 3, 4}, 4, 1, "4 3 2 1", 6},
        {{3, -1, -7, 3, 0}, 5, 1, "3 3 0 -1 -7", 4},
        {{8, 7, 6, 5, 4, 3, 2, 1}, 8, 0, "1 2 3 4 5 6 7 8", 28},
    };
    int failures = 0;
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        char text[128];
        int shifts = insertion_sort(cases[c].values, cases[c].count, cases[c].descending);
        format_array(cases[c].values, cases[c].count, text, sizeof text);
        printf("insertion_sort(case %zu, descending=%d) = [%s], %d shifts\n", c, cases[c].descending, text, shifts);
        if (strcmp(text, cases[c].sorted) != 0 || shifts != cases[c].shifts) {
            printf("  expected [%s], %d shifts\n", cases[c].sorted, cases[c].shifts);
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
