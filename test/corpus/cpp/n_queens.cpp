#include <iostream>

// Counts the ways to finish placing queens on an n x n board, one per row, given the attacked
// columns and diagonals of the rows already filled (bit masks, n <= 16).
long count_queens(int n, int row, unsigned columns, unsigned left_diagonals, unsigned right_diagonals) {
    if (row == n) {
        return 1;
    }
    const unsigned full = (1u << n) - 1u;
    unsigned free_cells = full & ~(columns | left_diagonals | right_diagonals);
    long solutions = 0;
    while (free_cells != 0) {
        unsigned bit = free_cells & (~free_cells + 1u);
        free_cells ^= bit;
        solutions += count_queens(n, row + 1, columns | bit, (left_diagonals | bit) << 1, (right_diagonals | bit) >> 1);
    }
    return solutions;
}

int main() {
    const long expected[] = {1, 1, 0, 0, 2, 10, 4, 40, 92, 352, 724};
    int failures = 0;
    for (int n = 0; n <= 10; ++n) {
        long result = count_queens(n, 0, 0, 0, 0);
        std::cout << "count_queens(" << n << ") = " << result << "\n";
        if (result != expected[n]) {
            std::cout << "  expected " << expected[n] << "\n";
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
