#include <iostream>
#include <set>
#include <string>
#include <utility>

struct Pose {
    int x;
    int y;
    char facing;  // 'N', 'E', 'S' or 'W'
};

// Drives a robot on a grid: L and R turn a quarter, F moves one cell forward unless an obstacle is
// there, B moves back. Returns false (leaving pose where it stopped) at an unknown command.
bool run_robot(Pose& pose, const std::string& commands, const std::set<std::pair<int, int>>& obstacles) {
    const std::string compass = "NESW";
    for (char command : commands) {
        std::size_t heading = compass.find(pose.facing);
        int dx = 0;
        int dy = 0;
        if (heading == 0) {
            dy = 1;
        } else if (heading == 1) {
            dx = 1;
        } else if (heading == 2) {
            dy = -1;
        } else {
            dx = -1;
        }
        if (command == 'L') {
            pose.facing = compass[(heading + 3) % 4];
        } else if (command == 'R') {
            pose.facing = compass[(heading + 1) % 4];
        } else if (command == 'F' || command == 'B') {
            int step = command == 'F' ? 1 : -1;
            std::pair<int, int> next = {pose.x + step * dx, pose.y + step * dy};
            if (obstacles.count(next) == 0) {
                pose.x += step * dx;
                pose.y += step * dy;
            }
        } else {
            return false;
        }
    }
    return true;
}

int main() {
    const std::set<std::pair<int, int>> rocks = {{0, 2}, {2, 1}};
    struct Case {
        std::string commands;
        bool ok;
        int x;
        int y;
        char facing;
    };
    const Case cases[] = {
        {"", true, 0, 0, 'N'},
        {"F", true, 0, 1, 'N'},
        {"FF", true, 0, 1, 'N'},
        {"RFF", true, 2, 0, 'E'},
        {"RFLFF", true, 1, 2, 'N'},
        {"LLLL", true, 0, 0, 'N'},
        {"BBRB", true, -1, -2, 'E'},
        {"RFRFFX", false, 1, -2, 'S'},
        {"RFFLF", true, 2, 0, 'N'},
    };
    int failures = 0;
    for (const Case& c : cases) {
        Pose pose{0, 0, 'N'};
        bool ok = run_robot(pose, c.commands, rocks);
        std::cout << "run_robot(\"" << c.commands << "\") = " << std::boolalpha << ok << " at (" << pose.x << ", "
                  << pose.y << ") facing " << pose.facing << "\n";
        if (ok != c.ok || pose.x != c.x || pose.y != c.y || pose.facing != c.facing) {
            std::cout << "  expected " << c.ok << " at (" << c.x << ", " << c.y << ") facing " << c.facing << "\n";
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
