#include <array>
#include <iostream>
#include <string>

// The longest substring without a repeated character (the first one when there are ties).
std::string longest_unique_substring(const std::string& text) {
    std::array<int, 256> last_seen;
    last_seen.fill(-1);
    std::size_t best_start = 0;
    std::size_t best_length = 0;
    std::size_t window_start = 0;
    std::size_t i = 0;
    while (i < text.size()) {
        const unsigned char ch = static_cast<unsigned char>(text[i]);
        if (last_seen[ch] >= 0 && static_cast<std::size_t>(last_seen[ch]) >= window_start) {
            window_start = last_seen[ch] + 1;
        }
        last_seen[ch] = static_cast<int>(i);
        std::size_t length = i - window_start + 1;
        if (length > best_length) {
            best_length = length;
            best_start = window_start;
        }
        i++;
    }
    return text.substr(best_start, best_length);
}

int main() {
    const std::pair<std::string, std::string> cases[] = {
        {"", ""},
        {"a", "a"},
        {"abcabcbb", "abc"},
        {"bbbbb", "b"},
        {"pwwkew", "wke"},
        {"abba", "ab"},
        {"dvdf", "vdf"},
        {"the quick brown fox", "quick brown"},
        {"0123456789", "0123456789"},
    };
    int failures = 0;
    for (const auto& [text, expected] : cases) {
        std::string result = longest_unique_substring(text);
        std::cout << "longest_unique_substring(\"" << text << "\") = \"" << result << "\"\n";
        if (result != expected) {
            std::cout << "  expected \"" << expected << "\"\n";
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
