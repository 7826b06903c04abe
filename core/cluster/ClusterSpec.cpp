#include "core/cluster/ClusterSpec.h"

#include "core/cluster/SpecText.h"

#include <cctype>
#include <cmath>
#include <cstdlib>
#include <stdexcept>

namespace cutlab::core {

namespace {

ClusterLevel levelOf(const std::string& part, const std::string& whole) {
    const std::size_t at = part.find('@');
    if (at == std::string::npos)
        throw std::invalid_argument("'" + part + "' in '" + whole +
                                    "' has no @MBPS (the bandwidth inside the group, Mbit/s)");
    const std::string count = part.substr(0, at);
    const double machines = specNumber(count);
    if (std::isnan(machines) || machines != std::floor(machines) || machines < 1)
        throw std::invalid_argument("'" + count + "' in '" + whole +
                                    "' is not a number of machines (a whole number, at least 1)");
    if (machines > ClusterSpec::kMaxMachines)
        throw std::invalid_argument("'" + whole + "' has " + count +
                                    " machines in one level; at most " +
                                    std::to_string(ClusterSpec::kMaxMachines) + " in all");
    const std::string rate = part.substr(at + 1);
    const double mbps = specNumber(rate);
    if (std::isnan(mbps) || mbps <= 0 || mbps > 1e9)
        throw std::invalid_argument("'" + rate + "' in '" + whole +
                                    "' is not a bandwidth in Mbit/s (above 0, at most 1e9)");
    return {static_cast<int>(machines), mbps * 125000.0};
}

} // namespace

int ClusterSpec::totalMachines() const {
    long long total = 1;
    for (const ClusterLevel& level : levels)
        total *= level.machines;
    return static_cast<int>(total);
}

ClusterSpec parseClusterSpec(const std::string& text) {
    const std::size_t colon = text.find(':');
    if (colon == std::string::npos || colon == 0)
        throw std::invalid_argument("'" + text +
                                    "' is not ID:N@MBPS[,N2@MBPS2...] (a machine id of the "
                                    "profile, then machines and Mbit/s per level)");
    ClusterSpec spec;
    spec.machineId = text.substr(0, colon);
    const std::vector<std::string> parts = splitSpecText(text.substr(colon + 1), ',');
    for (std::size_t i = 0; i < parts.size(); ++i) {
        if (i > 0 && parts[i].find(':') != std::string::npos)
            throw std::invalid_argument("'" + text +
                                        "' names a second machine type; a cluster is one "
                                        "machine type over levels (ID:N@MBPS,N2@MBPS2)");
        spec.levels.push_back(levelOf(parts[i], text));
    }
    long long total = 1;
    for (const ClusterLevel& level : spec.levels) {
        total *= level.machines;
        if (total > ClusterSpec::kMaxMachines)
            throw std::invalid_argument("'" + text + "' has more than " +
                                        std::to_string(ClusterSpec::kMaxMachines) +
                                        " machines in all");
    }
    return spec;
}

double parseByteSize(const std::string& text) {
    static const std::pair<const char*, double> units[] = {
        {"KiB", 1024.0}, {"MiB", 1048576.0}, {"GiB", 1073741824.0}, {"TiB", 1099511627776.0},
        {"KB", 1e3},     {"MB", 1e6},        {"GB", 1e9},           {"TB", 1e12},
        {"B", 1.0}};
    std::string number = text;
    double scale = 1;
    for (const auto& [suffix, factor] : units) {
        const std::string unit(suffix);
        if (text.size() > unit.size() &&
            text.compare(text.size() - unit.size(), unit.size(), unit) == 0) {
            number = text.substr(0, text.size() - unit.size());
            while (!number.empty() && number.back() == ' ')
                number.pop_back();
            scale = factor;
            break;
        }
    }
    const double value = specNumber(number) * scale;
    if (std::isnan(value) || value <= 0 || value > 1e15)
        throw std::invalid_argument("'" + text +
                                    "' is not a memory size (bytes above 0 and at most 1 PB; "
                                    "KB, MB, GB, TB or KiB, MiB, GiB, TiB)");
    return value;
}

} // namespace cutlab::core
