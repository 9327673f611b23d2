#include <iostream>
#include <utility>

// The start below `limit` whose Collatz sequence takes the most steps to reach 1, and that step count.
std::pair<long long, int> longest_collatz(long long limit) {
    if (limit < 2) {
        return {0, -1};
    }
    long long best_start = 1;
    int best_steps = 0;
    long long start = 1;
    do {
        long long n = start;
        int steps = 0;
        while (n != 1) {
            if (n % 2 == 0) {
                n /= 2;
            } else {
                n = 3 * n + 1;
            }
            steps++;
        }
        if (steps > best_steps) {
            best_steps = steps;
            best_start = start;
        }
        start += 1;
    } while (start < limit);
    return {best_start, best_steps};
}

int main() {
    const long long limits[] = {0, 1, 2, 3, 10, 100, 1000, 10000};
    const std::pair<long long, int> expected[] = {{0, -1}, {0, -1}, {1, 0}, {2, 1}, {9, 19}, {97, 118}, {871, 178}, {6171, 261}};
    int failures = 0;
    for (int i = 0; i < 8; ++i) {
        auto [start, steps] = longest_collatz(limits[i]);
        std::cout << "longest_collatz(" << limits[i] << ") = " << start << " with " << steps << " steps\n";
        if (start != expected[i].first || steps != expected[i].second) {
            std::cout << "  expected " << expected[i].first << " with " << expected[i].second << " steps\n";
            ++failures;
        }
    }
    if (failures > 0) {
        std::cout << failures << " check(s) failed\n";
        return 1;
    }
    std::cout << "all checks passed\n";
    return 0;
}
