#include <iostream>
#include <vector>

using Matrix = std::vector<std::vector<long long>>;

// Determinant of a square matrix by cofactor expansion along the first row (fine for small matrices).
long long determinant(const Matrix& m) {
    const std::size_t n = m.size();
    if (n == 0) {
        return 1;
    }
    if (n == 1) {
        return m[0][0];
    }
    if (n == 2) {
        return m[0][0] * m[1][1] - m[0][1] * m[1][0];
    }
    long long total = 0;
    for (std::size_t col = 0; col < n; ++col) {
        if (m[0][col] == 0) {
            continue;
        }
        Matrix minor;
        for (std::size_t row = 1; row < n; ++row) {
            std::vector<long long> line;
            for (std::size_t c = 0; c < n; ++c) {
                if (c != col) {
                    line.push_back(m[row][c]);
                }
            }
            minor.push_back(line);
        }
        long long term = m[0][col] * determinant(minor);
        total += col % 2 == 0 ? term : -term;
    }
    return total;
}

int main() {
    const std::vector<std::pair<Matrix, long long>> cases = {
        {{}, 1},
        {{{7}}, 7},
        {{{1, 2}, {3, 4}}, -2},
        {{{2, 0, 1}, {1, 3, 2}, {1, 1, 2}}, 6},
        {{{6, 1, 1}, {4, -2, 5}, {2, 8, 7}}, -306},
        {{{1, 2, 3}, {4, 5, 6}, {7, 8, 9}}, 0},
        {{{1, 0, 0, 0}, {0, 2, 0, 0}, {0, 0, 3, 0}, {0, 0, 0, 4}}, 24},
        {{{0, 1, 2, 3}, {1, 0, 1, 2}, {2, 1, 0, 1}, {3, 2, 1, 0}}, -12},
    };
    int failures = 0;
    for (std::size_t i = 0; i < cases.size(); ++i) {
        long long result = determinant(cases[i].first);
        std::cout << "determinant(case " << i << ", " << cases[i].first.size() << "x" << cases[i].first.size()
                  << ") = " << result << "\n";
        if (result != cases[i].second) {
            std::cout << "  expected " << cases[i].second << "\n";
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
