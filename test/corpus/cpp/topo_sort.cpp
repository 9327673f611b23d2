#include <iostream>
#include <map>
#include <queue>
#include <string>
#include <utility>
#include <vector>

// Orders tasks so that every dependency comes first (Kahn's algorithm, ties in name order).
// Returns an empty list when the dependencies contain a cycle.
std::vector<std::string> topological_order(const std::vector<std::pair<std::string, std::string>>& edges) {
    std::map<std::string, std::vector<std::string>> dependents;
    std::map<std::string, int> indegree;
    for (const auto& [before, after] : edges) {
        dependents[before].push_back(after);
        indegree[before] += 0;
        indegree[after] += 1;
    }
    std::priority_queue<std::string, std::vector<std::string>, std::greater<std::string>> ready;
    for (const auto& [task, count] : indegree) {
        if (count == 0) {
            ready.push(task);
        }
    }
    std::vector<std::string> order;
    while (!ready.empty()) {
        std::string task = ready.top();
        ready.pop();
        order.push_back(task);
        for (const std::string& next : dependents[task]) {
            indegree[next] -= 1;
            if (indegree[next] == 0) {
                ready.push(next);
            }
        }
    }
    if (order.size() != indegree.size()) {
        return {};
    }
    return order;
}

static std::string join(const std::vector<std::string>& items) {
    std::string out;
    for (const std::string& item : items) {
        out += out.empty() ? item : " " + item;
    }
    return out;
}

int main() {
    using Edges = std::vector<std::pair<std::string, std::string>>;
    const std::vector<std::pair<Edges, std::string>> cases = {
        {{}, ""},
        {{{"a", "b"}}, "a b"},
        {{{"wake", "shower"}, {"shower", "dress"}, {"wake", "coffee"}, {"coffee", "leave"}, {"dress", "leave"}},
         "wake coffee shower dress leave"},
        {{{"c", "a"}, {"b", "a"}}, "b c a"},
        {{{"x", "y"}, {"y", "z"}, {"z", "x"}}, ""},
        {{{"lib", "app"}, {"lib", "test"}, {"app", "test"}, {"util", "lib"}}, "util lib app test"},
        {{{"a", "b"}, {"b", "a"}, {"c", "d"}}, ""},
    };
    int failures = 0;
    for (std::size_t i = 0; i < cases.size(); ++i) {
        std::string result = join(topological_order(cases[i].first));
        std::cout << "topological_order(case " << i << ") = [" << result << "]\n";
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
