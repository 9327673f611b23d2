#include <iostream>
#include <string>

// Adds two non-negative decimal integers of any length given as digit strings; "" if either is not one.
std::string add_decimal(const std::string& a, const std::string& b) {
    if (a.empty() || b.empty() || a.find_first_not_of("0123456789") != std::string::npos ||
        b.find_first_not_of("0123456789") != std::string::npos) {
        return "";
    }
    std::string sum;
    int i = static_cast<int>(a.size()) - 1;
    int j = static_cast<int>(b.size()) - 1;
    int carry = 0;
    while (i >= 0 || j >= 0 || carry > 0) {
        int digit = carry;
        if (i >= 0) {
            digit += a[i] - '0';
            i--;
        }
        if (j >= 0) {
            digit = digit + (b[j] - '0');
            j--;
        }
        carry = digit / 10;
        sum.insert(sum.begin(), static_cast<char>('0' + digit % 10));
    }
    std::size_t first = sum.find_first_not_of('0');
    return first == std::string::npos ? "0" : sum.substr(first);
}

int main() {
    struct Case {
        std::string a;
        std::string b;
        std::string sum;
    };
    const Case cases[] = {
        {"0", "0", "0"},
        {"1", "9", "10"},
        {"123", "877", "1000"},
        {"99999999999999999999", "1", "100000000000000000000"},
        {"18446744073709551615", "18446744073709551615", "36893488147419103230"},
        {"007", "3", "10"},
        {"12", "", ""},
        {"4x", "1", ""},
        {"500", "25", "525"},
    };
    int failures = 0;
    for (const Case& c : cases) {
        std::string result = add_decimal(c.a, c.b);
        std::cout << "add_decimal(\"" << c.a << "\", \"" << c.b << "\") = \"" << result << "\"\n";
        if (result != c.sum) {
            std::cout << "  expected \"" << c.sum << "\"\n";
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
