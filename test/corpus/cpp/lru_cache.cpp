#include <iostream>
#include <list>
#include <string>
#include <unordered_map>
#include <utility>

class LruCache {
public:
    explicit LruCache(std::size_t capacity) : capacity_(capacity) {}

    // Returns the cached value (and marks it most recently used), or -1 when the key is absent.
    int get(const std::string& key) {
        auto found = index_.find(key);
        if (found == index_.end()) {
            return -1;
        }
        entries_.splice(entries_.begin(), entries_, found->second);
        return found->second->second;
    }

    // Inserts or updates key; evicts the least recently used entry when the cache is full.
    // Returns the evicted key, or an empty string when nothing was evicted.
    std::string put(const std::string& key, int value) {
        if (capacity_ == 0) {
            return key;
        }
        auto found = index_.find(key);
        if (found != index_.end()) {
            found->second->second = value;
            entries_.splice(entries_.begin(), entries_, found->second);
            return "";
        }
        std::string evicted;
        if (entries_.size() >= capacity_) {
            evicted = entries_.back().first;
            index_.erase(evicted);
            entries_.pop_back();
        }
        entries_.emplace_front(key, value);
        index_[key] = entries_.begin();
        return evicted;
    }

    std::string keys() const {
        std::string out;
        for (const auto& entry : entries_) {
            out += out.empty() ? entry.first : " " + entry.first;
        }
        return out;
    }

private:
    std::size_t capacity_;
    std::list<std::pair<std::string, int>> entries_;
    std::unordered_map<std::string, std::list<std::pair<std::string, int>>::iterator> index_;
};

int main() {
    LruCache cache(3);
    int failures = 0;
    auto expect_put = [&](const std::string& key, int value, const std::string& evicted, const std::string& keys) {
        std::string result = cache.put(key, value);
        std::cout << "put(" << key << ", " << value << ") evicted '" << result << "', keys " << cache.keys() << "\n";
        if (result != evicted || cache.keys() != keys) {
            std::cout << "  expected '" << evicted << "', keys " << keys << "\n";
            ++failures;
        }
    };
    auto expect_get = [&](const std::string& key, int value) {
        int result = cache.get(key);
        std::cout << "get(" << key << ") = " << result << "\n";
        if (result != value) {
            std::cout << "  expected " << value << "\n";
            ++failures;
        }
    };
    expect_put("a", 1, "", "a");
    expect_put("b", 2, "", "b a");
    expect_put("c", 3, "", "c b a");
    expect_get("a", 1);
    expect_put("d", 4, "b", "d a c");
    expect_get("b", -1);
    expect_put("c", 30, "", "c d a");
    expect_put("e", 5, "a", "e c d");
    expect_get("c", 30);
    LruCache empty(0);
    std::string rejected = empty.put("x", 1);
    std::cout << "zero-capacity put(x) evicted '" << rejected << "', get(x) = " << empty.get("x") << "\n";
    if (rejected != "x" || empty.get("x") != -1) {
        std::cout << "  expected 'x', -1\n";
        ++failures;
    }
    if (failures > 0) {
        std::cout << failures << " check(s) failed\n";
        return 1;
    }
    std::cout << "all checks passed\n";
    return 0;
}
