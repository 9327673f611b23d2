#include <cctype>
#include <iostream>
#include <map>
#include <sstream>
#include <string>

static std::string trim(const std::string& text) {
    std::size_t begin = 0;
    std::size_t end = text.size();
    while (begin < end && std::isspace(static_cast<unsigned char>(text[begin]))) {
        ++begin;
    }
    while (end > begin && std::isspace(static_cast<unsigned char>(text[end - 1]))) {
        --end;
    }
    return text.substr(begin, end - begin);
}

// Parses INI-style text into "section.key" -> value; blank lines and # or ; comments are skipped.
// Returns the number of the first malformed line, or 0 when every line parsed.
int parse_config(const std::string& text, std::map<std::string, std::string>& settings) {
    std::istringstream input(text);
    std::string raw;
    std::string section;
    int line_number = 0;
    while (std::getline(input, raw)) {
        line_number++;
        std::string line = trim(raw);
        if (line.empty() || line[0] == '#' || line[0] == ';') {
            continue;
        } else if (line.front() == '[' && line.back() == ']') {
            section = trim(line.substr(1, line.size() - 2));
            if (section.empty()) {
                return line_number;
            }
        } else {
            std::size_t equals = line.find('=');
            if (equals == std::string::npos || equals == 0) {
                return line_number;
            }
            std::string key = trim(line.substr(0, equals));
            std::string value = trim(line.substr(equals + 1));
            settings[section.empty() ? key : section + "." + key] = value;
        }
    }
    return 0;
}

static std::string render(const std::map<std::string, std::string>& settings) {
    std::string out;
    for (const auto& [key, value] : settings) {
        out += key + "=" + value + ";";
    }
    return out;
}

int main() {
    struct Case {
        std::string text;
        int error;
        std::string settings;
    };
    const Case cases[] = {
        {"", 0, ""},
        {"name = demo\n", 0, "name=demo;"},
        {"# comment\n[server]\nhost = localhost\nport=8080\n\n[ client ]\nretries = 3\n", 0,
         "client.retries=3;server.host=localhost;server.port=8080;"},
        {"[db]\nurl = a=b\n; done", 0, "db.url=a=b;"},
        {"ok = 1\nbroken line\nlater = 2\n", 2, "ok=1;"},
        {"[]\nx = 1\n", 1, ""},
        {"= value\n", 1, ""},
        {"key =\n", 0, "key=;"},
    };
    int failures = 0;
    int index = 0;
    for (const Case& c : cases) {
        std::map<std::string, std::string> settings;
        int error = parse_config(c.text, settings);
        std::string rendered = render(settings);
        std::cout << "parse_config(case " << index++ << ") = " << error << " {" << rendered << "}\n";
        if (error != c.error || rendered != c.settings) {
            std::cout << "  expected " << c.error << " {" << c.settings << "}\n";
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
