#include <cctype>
#include <iostream>
#include <string>

// Converts camelCase, PascalCase, kebab-case or spaced identifiers to snake_case.
// An acronym stays one word: "parseHTTPResponse" -> "parse_http_response".
std::string to_snake_case(const std::string& identifier) {
    std::string out;
    const std::size_t n = identifier.size();
    for (std::size_t i = 0; i < n; ++i) {
        const unsigned char ch = static_cast<unsigned char>(identifier[i]);
        if (ch == '-' || ch == ' ' || ch == '_') {
            if (!out.empty() && out.back() != '_') {
                out += '_';
            }
        } else if (std::isupper(ch)) {
            bool after_lower = i > 0 && (std::islower(static_cast<unsigned char>(identifier[i - 1])) ||
                                         std::isdigit(static_cast<unsigned char>(identifier[i - 1])));
            bool ends_acronym = i > 0 && i + 1 < n && std::isupper(static_cast<unsigned char>(identifier[i - 1])) &&
                                std::islower(static_cast<unsigned char>(identifier[i + 1]));
            if ((after_lower || ends_acronym) && !out.empty() && out.back() != '_') {
                out += '_';
            }
            out += static_cast<char>(std::tolower(ch));
        } else {
            out += static_cast<char>(ch);
        }
    }
    while (!out.empty() && out.back() == '_') {
        out.pop_back();
    }
    return out;
}

int main() {
    const std::pair<std::string, std::string> cases[] = {
        {"", ""},
        {"already_snake", "already_snake"},
        {"camelCase", "camel_case"},
        {"PascalCaseName", "pascal_case_name"},
        {"parseHTTPResponse", "parse_http_response"},
        {"kebab-case-words", "kebab_case_words"},
        {"  Spaced  out ", "spaced_out"},
        {"version2Update", "version2_update"},
        {"ID", "id"},
        {"__private__", "private"},
    };
    int failures = 0;
    for (const auto& [input, expected] : cases) {
        std::string result = to_snake_case(input);
        std::cout << "to_snake_case(\"" << input << "\") = \"" << result << "\"\n";
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
