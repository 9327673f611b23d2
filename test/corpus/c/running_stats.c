#include <stdio.h>
#include <stdlib.h>

struct stats {
    double mean;
    double variance;
    double min;
    double max;
};

/* Mean, sample variance, minimum and maximum in one pass (Welford); returns 0 when there are no values. */
int compute_stats(const double *values, int count, struct stats *out) {
    if (count <= 0 || values == NULL) {
        return 0;
    }
    double mean = 0.0;
    double m2 = 0.0;
    double low = values[0];
    double high = values[0];
    for (int i = 0; i < count; i++) {
        double x = values[i];
        double delta = x - mean;
        mean += delta / (i + 1);
        m2 += delta * (x - mean);
        if (x < low) {
            low = x;
        } else if (x > high) {
            high = x;
        }
    }
    out->mean = mean;
    out->variance = count > 1 ? m2 / (count - 1) : 0.0;
    out->min = low;
    out->max = high;
    return 1;
}

static int close_to(double a, double b) {
    double diff = a - b;
    return diff < 1e-9 && diff > -1e-9;
}

int main(void) {
    const double one[] = {4.5};
    const double small[] = {2, 4, 4, 4, 5, 5, 7, 9};
    const double negative[] = {-1.5, -0.5, -3.0};
    const double same[] = {3.25, 3.25, 3.25, 3.25};
    const double spread[] = {1e6, 1e6 + 1, 1e6 + 2};
    struct {
        const double *values;
        int count;
        int ok;
        struct stats expected;
    } cases[] = {
        {one, 0, 0, {0, 0, 0, 0}},
        {one, 1, 1, {4.5, 0.0, 4.5, 4.5}},
        {small, 8, 1, {5.0, 32.0 / 7.0, 2.0, 9.0}},
        {negative, 3, 1, {-5.0 / 3.0, 19.0 / 12.0, -3.0, -0.5}},
        {same, 4, 1, {3.25, 0.0, 3.25, 3.25}},
        {spread, 3, 1, {1e6 + 1, 1.0, 1e6, 1e6 + 2}},
    };
    int failures = 0;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        struct stats s = {0, 0, 0, 0};
        int ok = compute_stats(cases[i].values, cases[i].count, &s);
        printf("compute_stats(case %zu) = %d: mean %.6f, variance %.6f, min %.2f, max %.2f\n", i, ok, s.mean, s.variance,
               s.min, s.max);
        const struct stats *e = &cases[i].expected;
        if (ok != cases[i].ok || !close_to(s.mean, e->mean) || !close_to(s.variance, e->variance) ||
            !close_to(s.min, e->min) || !close_to(s.max, e->max)) {
            printf("  expected %d: mean %.6f, variance %.6f, min %.2f, max %.2f\n", cases[i].ok, e->mean, e->variance,
                   e->min, e->max);
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
