#include <iostream>
#include <string>
#include <utility>
#include <vector>

// Prime factorization by trial division: (prime, exponent) pairs in increasing order; empty for n < 2.
std::vector<std::pair<long long, int>> factorize(long long n) {
    std::vector<std::pair<long long, int>> factors;
    if (n < 2) {
        return factors;
    }
    int twos = 0;
    while (n % 2 == 0) {
        n /= 2;
        twos++;
    }
    if (twos > 0) {
        factors.push_back({2, twos});
    }
    for (long long p = 3; p * p <= n; p += 2) {
        int exponent = 0;
        while (n % p == 0) {
            n = n / p;
            exponent += 1;
        }
        if (exponent > 0) {
            factors.push_back({p, exponent});
        }
    }
    if (n > 1) {
        factors.push_back({n, 1});
    }
    return factors;
}

static std::string render(const std::vector<std::pair<long long, int>>& factors) {
    std::string out;
    for (const auto& [prime, exponent] : factors) {
        if (!out.empty()) {
            out += " * ";
        }
        out += std::to_string(prime);
        if (exponent > 1) {
            out += "^" + std::to_string(exponent);
        }
    }
    return out;
}

int main() {
    const std::vector<std::pair<long long, std::string>> cases = {
        {0, ""},
        {1, ""},
        {2, "2"},
        {12, "2^2 * 3"},
        {97, "97"},
        {360, "2^3 * 3^2 * 5"},
        {1001, "7 * 11 * 13"},
        {1048576, "2^20"},
        {600851475143LL, "71 * 839 * 1471 * 6857"},
        {-12, ""},
    };
    int failures = 0;
    for (const auto& [n, expected] : cases) {
        std::string result = render(factorize(n));
        std::cout << "factorize(" << n << ") = " << result << "\n";
        if (result != expected) {
            std::cout << "  expected " << expected << "\n";
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
