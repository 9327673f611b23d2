#include <algorithm>
#include <cctype>
#include <iostream>
#include <map>
#include <string>
#include <vector>

// Groups words that are anagrams of each other (ignoring case); groups and words in sorted order.
std::vector<std::vector<std::string>> group_anagrams(const std::vector<std::string>& words) {
    std::map<std::string, std::vector<std::string>> groups;
    for (const std::string& word : words) {
        if (word.empty()) {
            continue;
        }
        std::string key;
        for (char ch : word) {
            key += static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
        }
        std::sort(key.begin(), key.end());
        groups[key].push_back(word);
    }
    std::vector<std::vector<std::string>> result;
    for (auto& entry : groups) {
        std::vector<std::string>& members = entry.second;
        std::sort(members.begin(), members.end());
        members.erase(std::unique(members.begin(), members.end()), members.end());
        result.push_back(members);
    }
    std::sort(result.begin(), result.end());
    return result;
}

static std::string render(const std::vector<std::vector<std::string>>& groups) {
    std::string out;
    for (const auto& group : groups) {
        out += "[";
        for (std::size_t i = 0; i < group.size(); ++i) {
            out += (i > 0 ? " " : "") + group[i];
        }
        out += "]";
    }
    return out;
}

int main() {
    const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
        {{}, ""},
        {{"solo"}, "[solo]"},
        {{"eat", "tea", "tan", "ate", "nat", "bat"}, "[ate eat tea][bat][nat tan]"},
        {{"Listen", "silent", "enlist", "google"}, "[Listen enlist silent][google]"},
        {{"abc", "abc", "cab", ""}, "[abc cab]"},
        {{"a", "b", "a"}, "[a][b]"},
    };
    int failures = 0;
    for (std::size_t i = 0; i < cases.size(); ++i) {
        std::string result = render(group_anagrams(cases[i].first));
        std::cout << "group_anagrams(case " << i << ") = " << result << "\n";
        if (result != cases[i].second) {
            std::cout << "  expected " << cases[i].second << "\n";
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
