// Shortest delivery routes between depots: Dijkstra over a small weighted road network.
#include <iostream>
#include <string>
#include <vector>

const int kNoRoad = -1;
const int kUnreachable = 1000000;
using Matrix = std::vector<std::vector<int>>;

// Adds a two-way road, keeping the cheaper one if the two depots are already connected.
void add_road(Matrix &roads, int from, int to, int minutes) {
    int current = roads[from][to];
    if (current == kNoRoad || minutes < current) {
        roads[from][to] = minutes;
        roads[to][from] = minutes;
    }
}

// Travel time from `source` to every depot, plus `stop_minutes` per depot passed through, and
// the previous depot on each shortest route.
std::vector<int> shortest_times(const Matrix &roads, int source, int stop_minutes, std::vector<int> &previous) {
    int depot_count = static_cast<int>(roads.size());
    std::vector<int> best(depot_count, kUnreachable);
    std::vector<bool> settled(depot_count, false);
    previous.assign(depot_count, -1);
    best[source] = 0;
    for (int round = 0; round < depot_count; round++) {
        int nearest = -1;
        for (int i = 0; i < depot_count; i++) {
            if (!settled[i] && (nearest == -1 || best[i] < best[nearest])) {
                nearest = i;
            }
        }
        if (nearest == -1 || best[nearest] == kUnreachable) {
            break;
        }
        settled[nearest] = true;
        for (int next = 0; next < depot_count; next++) {
            int minutes = roads[nearest][next];
            if (minutes == kNoRoad || settled[next]) {
                continue;
            }
            int arrival = best[nearest] + minutes;
            if (nearest != source) {
                arrival += stop_minutes;
            }
            if (arrival < best[next]) {
                best[next] = arrival;
                previous[next] = nearest;
            }
        }
    }
    return best;
}

// Walks the `previous` links back from `target` and returns the route as depot names.
std::string route_to(const std::vector<int> &previous, const std::vector<std::string> &names, int target) {
    std::vector<int> reversed;
    int depot = target;
    while (depot != -1) {
        reversed.push_back(depot);
        depot = previous[depot];
    }
    std::string route;
    for (int i = static_cast<int>(reversed.size()) - 1; i >= 0; i--) {
        route += names[reversed[i]];
        if (i > 0) {
            route += " -> ";
        }
    }
    return route;
}

// Delivery cost in minutes over the reachable depots, with a penalty for each one past the deadline.
int delivery_cost(const std::vector<int> &times, int deadline, int late_penalty, int &unreachable_count) {
    int total = 0;
    unreachable_count = 0;
    for (std::size_t i = 0; i < times.size(); i++) {
        if (times[i] == kUnreachable) {
            unreachable_count += 1;
        } else if (times[i] <= deadline) {
            total = total + times[i];
        } else {
            total += times[i] + late_penalty;
        }
    }
    return total;
}

int failures = 0;

void expect(const std::string &label, const std::string &actual, const std::string &expected) {
    std::cout << label << ": " << actual << "\n";
    if (actual != expected) {
        std::cerr << "MISMATCH in " << label << ": expected " << expected << "\n";
        failures++;
    }
}

int main() {
    const std::vector<std::string> names = {"Harbor", "Mill", "Market", "Station", "Quarry", "Island"};
    Matrix roads(names.size(), std::vector<int>(names.size(), kNoRoad));
    // the second Market-Quarry road is slower and must not replace the first
    const int road_list[][3] = {{0, 1, 7},  {0, 2, 9}, {0, 4, 14}, {1, 2, 10}, {1, 3, 15},
                                {2, 3, 11}, {2, 4, 2}, {3, 4, 9},  {2, 4, 6}};
    for (const auto &road : road_list) {
        add_road(roads, road[0], road[1], road[2]);
    }
    std::vector<int> previous;
    std::vector<int> times = shortest_times(roads, 0, 2, previous);
    expect("to Station", std::to_string(times[3]), "22");
    expect("to Quarry", std::to_string(times[4]), "13");
    expect("route to Station", route_to(previous, names, 3), "Harbor -> Market -> Station");
    expect("route to Quarry", route_to(previous, names, 4), "Harbor -> Market -> Quarry");
    int unreachable_count = 0;
    expect("delivery cost", std::to_string(delivery_cost(times, 15, 10, unreachable_count)), "61");
    expect("unreachable", std::to_string(unreachable_count), "1");
    std::cout << (failures > 0 ? std::to_string(failures) + " checks failed" : "all checks passed") << "\n";
    return failures > 0 ? 1 : 0;
}
