#include <iostream>
#include <string>
#include <vector>

enum class Mode { Idle, Heating, Cooling };

static std::string mode_name(Mode mode) {
    switch (mode) {
    case Mode::Heating:
        return "heating";
    case Mode::Cooling:
        return "cooling";
    default:
        return "idle";
    }
}

class Thermostat {
public:
    Thermostat(double target, double band) : target_(target), band_(band) {}

    // Feeds one temperature reading; returns the new mode. Runs until it crosses the target (hysteresis).
    Mode update(double temperature) {
        Mode previous = mode_;
        switch (mode_) {
        case Mode::Idle:
            if (temperature < target_ - band_) {
                mode_ = Mode::Heating;
            } else if (temperature > target_ + band_) {
                mode_ = Mode::Cooling;
            }
            break;
        case Mode::Heating:
            if (temperature >= target_) {
                mode_ = Mode::Idle;
            }
            break;
        case Mode::Cooling:
            if (temperature <= target_) {
                mode_ = Mode::Idle;
            }
            break;
        }
        if (mode_ != previous && mode_ != Mode::Idle) {
            switches_ += 1;
        }
        return mode_;
    }

    int switches() const { return switches_; }

private:
    double target_;
    double band_;
    Mode mode_ = Mode::Idle;
    int switches_ = 0;
};

int main() {
    Thermostat thermostat(21.0, 0.5);
    const std::vector<double> readings = {21.0, 20.6, 20.4, 20.8, 21.0, 21.3, 21.6, 21.2, 21.0, 20.0, 19.9};
    const std::vector<std::string> expected = {"idle",    "idle",    "heating", "heating", "idle",   "idle",
                                               "cooling", "cooling", "idle",    "heating", "heating"};
    int failures = 0;
    for (std::size_t i = 0; i < readings.size(); ++i) {
        std::string mode = mode_name(thermostat.update(readings[i]));
        std::cout << "update(" << readings[i] << ") = " << mode << "\n";
        if (mode != expected[i]) {
            std::cout << "  expected " << expected[i] << "\n";
            ++failures;
        }
    }
    std::cout << "switches = " << thermostat.switches() << "\n";
    if (thermostat.switches() != 3) {
        std::cout << "  expected 3\n";
        ++failures;
    }
    if (failures > 0) {
        std::cout << failures << " check(s) failed\n";
        return 1;
    }
    std::cout << "all checks passed\n";
    return 0;
}
