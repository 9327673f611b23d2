#include <cctype>
#include <iostream>
#include <stdexcept>
#include <string>

static int precedence(char op) {
    switch (op) {
    case '+':
    case '-':
        return 1;
    case '*':
    case '/':
    case '%':
        return 2;
    default:
        return 0;
    }
}

static void skip_spaces(const std::string& text, std::size_t& pos) {
    while (pos < text.size() && text[pos] == ' ') {
        ++pos;
    }
}

// Precedence climbing: evaluates the integer expression at pos whose operators bind at least min_prec.
long evaluate(const std::string& text, std::size_t& pos, int min_prec) {
    skip_spaces(text, pos);
    long left = 0;
    if (pos < text.size() && text[pos] == '(') {
        ++pos;
        left = evaluate(text, pos, 1);
        skip_spaces(text, pos);
        if (pos >= text.size() || text[pos] != ')') {
            throw std::runtime_error("missing )");
        }
        ++pos;
    } else if (pos < text.size() && text[pos] == '-') {
        ++pos;
        left = -evaluate(text, pos, 3);
    } else if (pos < text.size() && std::isdigit(static_cast<unsigned char>(text[pos]))) {
        while (pos < text.size() && std::isdigit(static_cast<unsigned char>(text[pos]))) {
            left = left * 10 + (text[pos] - '0');
            ++pos;
        }
    } else {
        throw std::runtime_error("expected a number at " + std::to_string(pos));
    }
    for (;;) {
        skip_spaces(text, pos);
        char op = pos < text.size() ? text[pos] : '\0';
        int prec = precedence(op);
        if (prec == 0 || prec < min_prec) {
            return left;
        }
        ++pos;
        long right = evaluate(text, pos, prec + 1);
        switch (op) {
        case '+':
            left += right;
            break;
        case '-':
            left -= right;
            break;
        case '*':
            left *= right;
            break;
        default:
            if (right == 0) {
                throw std::runtime_error("division by zero");
            }
            left = op == '/' ? left / right : left % right;
            break;
        }
    }
}

static std::string run(const std::string& text) {
    try {
        std::size_t pos = 0;
        long value = evaluate(text, pos, 1);
        skip_spaces(text, pos);
        if (pos != text.size()) {
            return "error: trailing input at " + std::to_string(pos);
        }
        return std::to_string(value);
    } catch (const std::runtime_error& error) {
        return std::string("error: ") + error.what();
    }
}

int main() {
    const std::pair<std::string, std::string> cases[] = {
        {"42", "42"},
        {"1 + 2 * 3", "7"},
        {"(1 + 2) * 3", "9"},
        {"10 - 4 - 3", "3"},
        {"-2 * -(3 + 4)", "14"},
        {"17 % 5 * 2", "4"},
        {"100 / (5 - 5)", "error: division by zero"},
        {"2 * (3 + 4", "error: missing )"},
        {"", "error: expected a number at 0"},
        {"8 / 2 2", "error: trailing input at 6"},
    };
    int failures = 0;
    for (const auto& [text, expected] : cases) {
        std::string result = run(text);
        std::cout << "evaluate(\"" << text << "\") = " << result << "\n";
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
