#include <iostream>
#include <string>
#include <vector>

// Appends the moves that carry `disks` disks from peg `from` to peg `to`; returns how many were added.
int solve_hanoi(int disks, char from, char to, char spare, std::vector<std::string>& moves) {
    if (disks <= 0) {
        return 0;
    }
    int count = solve_hanoi(disks - 1, from, spare, to, moves);
    std::string move = "d" + std::to_string(disks) + ":" + from + to;
    moves.push_back(move);
    count += 1;
    count += solve_hanoi(disks - 1, spare, to, from, moves);
    return count;
}

static std::string join(const std::vector<std::string>& moves, std::size_t limit) {
    std::string out;
    for (std::size_t i = 0; i < moves.size() && i < limit; ++i) {
        out += (i > 0 ? " " : "") + moves[i];
    }
    return out;
}

int main() {
    struct Case {
        int disks;
        int count;
        std::string first_moves;
    };
    const std::vector<Case> cases = {
        {0, 0, ""},
        {-2, 0, ""},
        {1, 1, "d1:AC"},
        {2, 3, "d1:AB d2:AC d1:BC"},
        {3, 7, "d1:AC d2:AB d1:CB d3:AC d1:BA d2:BC d1:AC"},
        {4, 15, "d1:AB d2:AC d1:BC d3:AB d1:CA d2:CB d1:AB"},
        {10, 1023, "d1:AB d2:AC d1:BC d3:AB d1:CA d2:CB d1:AB"},
    };
    int failures = 0;
    for (const Case& c : cases) {
        std::vector<std::string> moves;
        int count = solve_hanoi(c.disks, 'A', 'C', 'B', moves);
        std::string shown = join(moves, 7);
        std::cout << "solve_hanoi(" << c.disks << ") = " << count << " moves, starting " << shown << "\n";
        if (count != c.count || static_cast<int>(moves.size()) != c.count || shown != c.first_moves) {
            std::cout << "  expected " << c.count << " moves, starting " << c.first_moves << "\n";
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
