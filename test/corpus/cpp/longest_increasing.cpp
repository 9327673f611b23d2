#include <algorithm>
#include <iostream>
#include <string>
#include <vector>

// A longest strictly increasing subsequence (the earliest-ending one when there are several), O(n^2).
std::vector<int> longest_increasing_subsequence(const std::vector<int>& values) {
    const int n = static_cast<int>(values.size());
    if (n == 0) {
        return {};
    }
    std::vector<int> length(n, 1);
    std::vector<int> previous(n, -1);
    int best_end = 0;
    for (int i = 1; i < n; ++i) {
        for (int j = 0; j < i; ++j) {
            if (values[j] < values[i] && length[j] + 1 > length[i]) {
                length[i] = length[j] + 1;
                previous[i] = j;
            }
        }
        if (length[i] > length[best_end]) {
            best_end = i;
        }
    }
    std::vector<int> result;
    for (int k = best_end; k != -1; k = previous[k]) {
        result.push_back(values[k]);
    }
    std::reverse(result.begin(), result.end());
    return result;
}

static std::string render(const std::vector<int>& values) {
    std::string out;
    for (std::size_t i = 0; i < values.size(); ++i) {
        out += (i > 0 ? "," : "") + std::to_string(values[i]);
    }
    return out;
}

int main() {
    const std::vector<std::pair<std::vector<int>, std::string>> cases = {
        {{}, ""},
        {{5}, "5"},
        {{10, 9, 2, 5, 3, 7, 101, 18}, "2,5,7,101"},
        {{0, 8, 4, 12, 2, 10, 6, 14, 1, 9, 5, 13, 3, 11, 7, 15}, "0,4,6,9,13,15"},
        {{3, 3, 3}, "3"},
        {{5, 4, 3, 2, 1}, "5"},
        {{-2, -1, 0, 1}, "-2,-1,0,1"},
        {{1, 5, 2, 3}, "1,2,3"},
    };
    int failures = 0;
    for (std::size_t i = 0; i < cases.size(); ++i) {
        std::string result = render(longest_increasing_subsequence(cases[i].first));
        std::cout << "longest_increasing_subsequence(case " << i << ") = [" << result << "]\n";
        if (result != cases[i].second) {
            std::cout << "  expected [" << cases[i].second << "]\n";
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
