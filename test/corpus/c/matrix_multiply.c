#include <stdio.h>
#include <stdlib.h>

/* product (rows x cols) = a (rows x inner) * b (inner x cols), all row-major; returns 0 for bad sizes. */
int matrix_multiply(const long *a, const long *b, long *product, int rows, int inner, int cols) {
    if (rows <= 0 || inner <= 0 || cols <= 0) {
        return 0;
    }
    for (int i = 0; i < rows; i++) {
        for (int j = 0; j < cols; j++) {
            long sum = 0;
            for (int k = 0; k < inner; k++) {
                sum += a[i * inner + k] * b[k * cols + j];
            }
            product[i * cols + j] = sum;
        }
    }
    return 1;
}

static int check(const char *name, const long *a, const long *b, int rows, int inner, int cols, const long *expected) {
    long product[16] = {0};
    int ok = matrix_multiply(a, b, product, rows, inner, cols);
    printf("%s (%dx%d * %dx%d) = %d [", name, rows, inner, inner, cols, ok);
    int mismatches = 0;
    for (int i = 0; i < rows * cols; i++) {
        printf(i == 0 ? "%ld" : " %ld", product[i]);
        if (product[i] != expected[i]) {
            mismatches++;
        }
    }
    printf("]\n");
    if (ok != (rows > 0 && inner > 0 && cols > 0) || mismatches > 0) {
        printf("  expected a different product\n");
        return 1;
    }
    return 0;
}

int main(void) {
    const long a[] = {1, 2, 3, 4, 5, 6};
    const long b[] = {7, 8, 9, 10, 11, 12};
    const long identity[] = {1, 0, 0, 1};
    const long square[] = {2, -1, 0, 3};
    const long row[] = {1, 2, 3};
    const long column[] = {4, 5, 6};
    int failures = 0;
    failures += check("a*b", a, b, 2, 3, 2, (const long[]){58, 64, 139, 154});
    failures += check("b*a", b, a, 3, 2, 3, (const long[]){39, 54, 69, 49, 68, 87, 59, 82, 105});
    failures += check("identity*square", identity, square, 2, 2, 2, square);
    failures += check("square*square", square, square, 2, 2, 2, (const long[]){4, -5, 0, 9});
    failures += check("row*column", row, column, 1, 3, 1, (const long[]){32});
    failures += check("column*row", column, row, 3, 1, 3, (const long[]){4, 8, 12, 5, 10, 15, 6, 12, 18});
    failures += check("empty", a, b, 0, 3, 2, (const long[]){0});
    if (failures > 0) {
        printf("%d check(s) failed\n", failures);
        return EXIT_FAILURE;
    }
    printf("all checks passed\n");
    return EXIT_SUCCESS;
}
