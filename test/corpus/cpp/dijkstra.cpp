#include <functional>
#include <iostream>
#include <queue>
#include <utility>
#include <vector>

struct Edge {
    int to;
    int weight;
};

// Length of the shortest path from source to every node (-1 when unreachable); edges must not be negative.
std::vector<long> shortest_paths(const std::vector<std::vector<Edge>>& graph, int source) {
    const long unreachable = -1;
    std::vector<long> dist(graph.size(), unreachable);
    if (source < 0 || source >= static_cast<int>(graph.size())) {
        return dist;
    }
    using Entry = std::pair<long, int>;
    std::priority_queue<Entry, std::vector<Entry>, std::greater<Entry>> frontier;
    dist[source] = 0;
    frontier.push({0, source});
    while (!frontier.empty()) {
        auto [d, node] = frontier.top();
        frontier.pop();
        if (d > dist[node]) {
            continue;
        }
        for (const Edge& edge : graph[node]) {
            long candidate = d + edge.weight;
            if (dist[edge.to] == unreachable || candidate < dist[edge.to]) {
                dist[edge.to] = candidate;
                frontier.push({candidate, edge.to});
            }
        }
    }
    return dist;
}

static std::string render(const std::vector<long>& values) {
    std::string out;
    for (std::size_t i = 0; i < values.size(); ++i) {
        out += (i > 0 ? " " : "") + std::to_string(values[i]);
    }
    return out;
}

int main() {
    const std::vector<std::vector<Edge>> roads = {
        {{1, 4}, {2, 1}},
        {{3, 1}},
        {{1, 2}, {3, 5}},
        {{4, 3}},
        {},
        {{0, 1}},
    };
    const std::vector<std::vector<Edge>> single = {{}};
    const std::vector<std::vector<Edge>> cycle = {{{1, 7}}, {{2, 7}}, {{0, 7}}};
    struct Case {
        const std::vector<std::vector<Edge>>* graph;
        int source;
        std::string expected;
    };
    const std::vector<Case> cases = {
        {&roads, 0, "0 3 1 4 7 -1"},
        {&roads, 2, "-1 2 0 3 6 -1"},
        {&roads, 4, "-1 -1 -1 -1 0 -1"},
        {&roads, 5, "1 4 2 5 8 0"},
        {&roads, 9, "-1 -1 -1 -1 -1 -1"},
        {&single, 0, "0"},
        {&cycle, 1, "14 0 7"},
    };
    int failures = 0;
    for (std::size_t i = 0; i < cases.size(); ++i) {
        std::string result = render(shortest_paths(*cases[i].graph, cases[i].source));
        std::cout << "shortest_paths(case " << i << ", from " << cases[i].source << ") = " << result << "\n";
        if (result != cases[i].expected) {
            std::cout << "  expected " << cases[i].expected << "\n";
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
