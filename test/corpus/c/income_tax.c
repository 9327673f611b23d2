#include <stdio.h>
#include <stdlib.h>

/* Yearly income tax in cents under progressive brackets, after the personal allowance and married credit. */
long income_tax(long income, int married) {
    if (income <= 0) {
        return 0;
    }
    long allowance = married ? 2400000 : 1200000;
    long taxable = income - allowance;
    if (taxable <= 0) {
        return 0;
    }
    long tax;
    if (taxable <= 1000000) {
        tax = taxable / 10;
    } else if (taxable <= 4000000) {
        tax = 100000 + (taxable - 1000000) * 20 / 100;
    } else if (taxable <= 10000000) {
        tax = 700000 + (taxable - 4000000) * 30 / 100;
    } else {
        tax = 2500000 + (taxable - 10000000) * 45 / 100;
    }
    if (married && tax > 50000) {
        tax -= 50000;
    }
    return tax;
}

int main(void) {
    const long incomes[] = {-500, 0, 1200000, 1200001, 2200000, 5200000, 14200000, 20000000, 3000000, 2400000};
    const int married[] = {0, 0, 0, 0, 0, 0, 0, 0, 1, 1};
    const long expected[] = {0, 0, 0, 0, 100000, 700000, 3850000, 6460000, 10000, 0};
    int failures = 0;
    for (int i = 0; i < 10; i++) {
        long result = income_tax(incomes[i], married[i]);
        printf("income_tax(%ld, married=%d) = %ld\n", incomes[i], married[i], result);
        if (result != expected[i]) {
            printf("  expected %ld\n", expected[i]);
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
