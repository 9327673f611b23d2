#include <cmath>
#include <iomanip>
#include <iostream>
#include <optional>

// Converts between Celsius (C), Fahrenheit (F), Kelvin (K) and Rankine (R); nothing for an unknown
// unit or a temperature below absolute zero.
std::optional<double> convert_temperature(double value, char from, char to) {
    double kelvin;
    switch (from) {
    case 'C':
        kelvin = value + 273.15;
        break;
    case 'F':
        kelvin = (value - 32.0) * 5.0 / 9.0 + 273.15;
        break;
    case 'K':
        kelvin = value;
        break;
    case 'R':
        kelvin = value * 5.0 / 9.0;
        break;
    default:
        return std::nullopt;
    }
    if (kelvin < -1e-9) {
        return std::nullopt;
    }
    switch (to) {
    case 'C':
        return kelvin - 273.15;
    case 'F':
        return (kelvin - 273.15) * 9.0 / 5.0 + 32.0;
    case 'K':
        return kelvin;
    case 'R':
        return kelvin * 9.0 / 5.0;
    default:
        return std::nullopt;
    }
}

int main() {
    struct Case {
        double value;
        char from;
        char to;
        std::optional<double> expected;
    };
    const Case cases[] = {
        {100.0, 'C', 'F', 212.0},
        {32.0, 'F', 'C', 0.0},
        {0.0, 'K', 'C', -273.15},
        {-40.0, 'C', 'F', -40.0},
        {491.67, 'R', 'F', 32.0},
        {300.0, 'K', 'R', 540.0},
        {-500.0, 'F', 'K', std::nullopt},
        {10.0, 'X', 'C', std::nullopt},
        {10.0, 'C', 'Z', std::nullopt},
        {21.5, 'C', 'C', 21.5},
    };
    int failures = 0;
    std::cout << std::fixed << std::setprecision(2);
    for (const Case& c : cases) {
        std::optional<double> result = convert_temperature(c.value, c.from, c.to);
        std::cout << "convert_temperature(" << c.value << ", " << c.from << ", " << c.to << ") = ";
        if (result) {
            std::cout << *result << "\n";
        } else {
            std::cout << "none\n";
        }
        bool same = result.has_value() == c.expected.has_value() &&
                    (!result || std::fabs(*result - *c.expected) < 1e-9);
        if (!same) {
            std::cout << "  expected " << (c.expected ? std::to_string(*c.expected) : "none") << "\n";
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
