#include "core/io/TraceFile.h"

#include "core/io/InputLimits.h"
#include "core/io/JsonFields.h"
#include "core/io/JsonText.h"
#include "core/io/Utf8.h"

#include <algorithm>
#include <array>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <istream>
#include <new>
#include <string_view>
#include <vector>

namespace cutlab::core {
namespace {

constexpr double kOpportunityBits = kTraceOpportunityBytes * 8;
// No number in a trace line comes near this; a longer line is not a trace (a binary file without
// line breaks is refused after 4 KiB instead of being read whole).
constexpr std::size_t kMaxLineBytes = 4096;
constexpr std::size_t kBlockBytes = 1 << 20;
constexpr double kMaxSeconds = kMaxMilliseconds / 1000;
// Cumulative bits are sums of products of decimal numbers: an opportunity due exactly at an
// interval's end must not be lost to the last bit of rounding.
constexpr double kRoundingSlack = 1e-12;

std::string lineLabel(std::uint64_t number) {
    return "line " + std::to_string(number) + ": ";
}

// Calls onLine(number, text, fileOffset) for every line of `in` (without its '\n'), reading
// blocks rather than lines for speed; stops at the first error onLine or the reading returns.
template <typename OnLine>
std::optional<std::string> forEachLine(std::istream& in, std::uint64_t maxLines, OnLine onLine) {
    std::vector<char> block(kBlockBytes);
    std::string pending; // the start of a line cut by the end of a block
    std::uint64_t number = 0, offset = 0;
    const auto deliver = [&](std::string_view line) -> std::optional<std::string> {
        if (++number > maxLines)
            return "the trace has more than " + std::to_string(maxLines) + " lines";
        if (line.size() > kMaxLineBytes)
            return lineLabel(number) + "longer than " + std::to_string(kMaxLineBytes) +
                   " bytes: not a line of a trace";
        auto error = onLine(number, line, offset);
        offset += line.size() + 1;
        return error;
    };
    while (in) {
        in.read(block.data(), static_cast<std::streamsize>(block.size()));
        std::string_view rest(block.data(), static_cast<std::size_t>(in.gcount()));
        for (auto end = rest.find('\n'); end != std::string_view::npos; end = rest.find('\n')) {
            std::optional<std::string> error;
            if (pending.empty()) {
                error = deliver(rest.substr(0, end));
            } else {
                pending.append(rest.substr(0, end));
                error = deliver(pending);
                pending.clear();
            }
            if (error)
                return error;
            rest.remove_prefix(end + 1);
        }
        pending.append(rest);
        if (pending.size() > kMaxLineBytes)
            return deliver(pending); // refused for its length, before it grows further
    }
    if (in.bad())
        return std::string("the trace could not be read completely");
    return pending.empty() ? std::nullopt : deliver(pending);
}

// Why a line is not text a trace may hold (ill-formed UTF-8, control characters), or nullopt.
std::optional<std::string> notText(std::string_view line, std::uint64_t fileOffset) {
    for (std::size_t i = 0; i < line.size(); ++i) {
        const auto byte = static_cast<unsigned char>(line[i]);
        if (byte >= 0x80) {
            const auto bad = firstInvalidUtf8(line);
            if (bad == std::string_view::npos)
                return std::nullopt; // UTF-8 words: the number parser names them
            return "not UTF-8 text (byte " + std::to_string(fileOffset + bad + 1) + ")";
        }
        if (byte < 0x20 && byte != '\t' && byte != '\r')
            return "binary data, not text (control character at byte " +
                   std::to_string(fileOffset + i + 1) + ")";
    }
    return std::nullopt;
}

std::string_view trimmed(std::string_view text) {
    const auto first = text.find_first_not_of(" \t\r");
    if (first == std::string_view::npos)
        return {};
    return text.substr(first, text.find_last_not_of(" \t\r") - first + 1);
}

// The line's values, separated by blanks or a comma; `count` may exceed 2 (only 2 are kept).
struct LineFields {
    std::array<std::string_view, 2> values;
    std::size_t count = 0;
};

LineFields splitFields(std::string_view line) {
    LineFields fields;
    std::size_t at = 0;
    while (at < line.size()) {
        const auto start = line.find_first_not_of(" \t,", at);
        if (start == std::string_view::npos)
            break;
        const auto end = std::min(line.find_first_of(" \t,", start), line.size());
        if (fields.count < fields.values.size())
            fields.values[fields.count] = line.substr(start, end - start);
        ++fields.count;
        at = end;
    }
    return fields;
}

std::optional<double> finiteNumber(std::string_view text) {
    double value = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (error != std::errc() || end != text.data() + text.size() || !std::isfinite(value))
        return std::nullopt;
    return value;
}

// One line of the two-column form: from timeMs on, the link delivers bitsPerMs.
struct RateStep {
    double timeMs;
    double bitsPerMs;
};

// What the lines read so far said.
struct TraceLines {
    std::uint64_t firstLine = 0; // 0 until a non-empty line is read
    TraceForm form = TraceForm::Mahimahi;
    std::vector<double> timestampsMs; // mahimahi
    std::vector<RateStep> steps;      // two-column
    std::string previousTime;         // the previous line's time as written
};

std::optional<std::string> readMahimahiLine(TraceLines& lines, const LineFields& fields) {
    if (fields.count != 1)
        return "expected one timestamp in ms, like line " + std::to_string(lines.firstLine);
    const std::string_view text = fields.values[0];
    const auto time = finiteNumber(text);
    if (!time)
        return "'" + briefText(text) + "' is not a time in ms";
    if (*time < 0)
        return "timestamp " + std::string(text) + " is negative";
    if (*time > kMaxMilliseconds)
        return "timestamp " + std::string(text) + " is beyond " + kTimeRange.text;
    if (!lines.timestampsMs.empty() && *time < lines.timestampsMs.back())
        return "timestamp " + std::string(text) + " is before the previous line's " +
               lines.previousTime;
    lines.timestampsMs.push_back(*time);
    lines.previousTime.assign(text);
    return std::nullopt;
}

std::optional<std::string> readTwoColumnLine(TraceLines& lines, const LineFields& fields) {
    if (fields.count != 2)
        return "expected 'seconds megabits_per_second' like line " +
               std::to_string(lines.firstLine);
    const std::string_view timeText = fields.values[0], rateText = fields.values[1];
    const auto seconds = finiteNumber(timeText);
    if (!seconds)
        return "'" + briefText(timeText) + "' is not a time in seconds";
    if (*seconds < 0)
        return "time " + std::string(timeText) + " s is negative";
    if (*seconds > kMaxSeconds)
        return "time " + std::string(timeText) + " s is beyond 1e6 s";
    if (!lines.steps.empty() && *seconds * 1000 <= lines.steps.back().timeMs)
        return "time " + std::string(timeText) + " s is not after the previous line's " +
               lines.previousTime + " s";
    const auto mbps = finiteNumber(rateText);
    if (!mbps)
        return "'" + briefText(rateText) + "' is not a rate in Mbit/s";
    if (*mbps < 0)
        return "rate " + std::string(rateText) + " Mbit/s is negative";
    if (*mbps > kMaxBandwidthMbps)
        return "rate " + std::string(rateText) + " Mbit/s is beyond " + kBandwidthRange.text;
    lines.steps.push_back({*seconds * 1000, *mbps * 1000}); // 1 Mbit/s = 1,000 bits per ms
    lines.previousTime.assign(timeText);
    return std::nullopt;
}

std::optional<std::string> readLine(TraceLines& lines, std::uint64_t number, std::string_view line,
                                    std::uint64_t fileOffset) {
    if (number == 1 && line.substr(0, 3) == "\xEF\xBB\xBF") {
        line.remove_prefix(3); // a byte order mark some editors write
        fileOffset += 3;
    }
    if (auto problem = notText(line, fileOffset))
        return lineLabel(number) + *problem;
    const std::string_view text = trimmed(line);
    if (text.empty())
        return std::nullopt;
    const LineFields fields = splitFields(text);
    if (lines.firstLine == 0) {
        if (fields.count > 2)
            return lineLabel(number) +
                   "expected one timestamp in ms (mahimahi) or 'seconds megabits_per_second'";
        lines.firstLine = number;
        lines.form = fields.count == 2 ? TraceForm::TwoColumn : TraceForm::Mahimahi;
    }
    auto error = lines.form == TraceForm::Mahimahi ? readMahimahiLine(lines, fields)
                                                   : readTwoColumnLine(lines, fields);
    if (error)
        return lineLabel(number) + *error;
    return std::nullopt;
}

// How many whole 12,000-bit opportunities `bits` make, a count a rounding below a whole number
// counted as that number.
double wholeOpportunities(double bits) {
    const double count = bits / kOpportunityBits;
    const double nearest = std::round(count);
    return std::abs(count - nearest) <= nearest * kRoundingSlack ? nearest : std::floor(count);
}

// The two-column form's steps as opportunities: the k-th is where the bits delivered since the
// first line's time reach k · 12,000; the last rate holds for one more interval.
std::optional<std::string> buildTwoColumnTrace(const std::vector<RateStep>& steps,
                                               NetworkTrace& trace) {
    if (steps.size() < 2)
        return std::string("a two-column trace needs at least two lines: its period is the last "
                           "line's time plus the interval before it");
    const std::size_t last = steps.size() - 1;
    trace.periodMs = 2 * steps[last].timeMs - steps[last - 1].timeMs;
    const auto endOf = [&](std::size_t i) {
        return i < last ? steps[i + 1].timeMs : trace.periodMs;
    };
    double totalBits = 0;
    for (std::size_t i = 0; i < steps.size(); ++i)
        totalBits += steps[i].bitsPerMs * (endOf(i) - steps[i].timeMs);
    const double opportunities = wholeOpportunities(totalBits);
    if (opportunities > static_cast<double>(kMaxTraceOpportunities))
        return "the trace would make " + std::to_string(static_cast<std::uint64_t>(opportunities)) +
               " delivery opportunities per period; at most " +
               std::to_string(kMaxTraceOpportunities) + " are read";
    if (opportunities < 1)
        return std::string("the trace delivers nothing: not one 1,500-byte packet per period");
    trace.opportunitiesMs.reserve(static_cast<std::size_t>(opportunities) + 1);
    double bitsBefore = 0; // delivered before the current step
    double nextBits = kOpportunityBits;
    for (std::size_t i = 0; i < steps.size(); ++i) {
        const double start = steps[i].timeMs, end = endOf(i), rate = steps[i].bitsPerMs;
        const double bitsAfter = bitsBefore + rate * (end - start);
        for (; rate > 0 && nextBits <= bitsAfter * (1 + kRoundingSlack);
             nextBits += kOpportunityBits)
            trace.opportunitiesMs.push_back(
                std::clamp(start + (nextBits - bitsBefore) / rate, start, end));
        bitsBefore = bitsAfter;
    }
    return std::nullopt;
}

std::optional<std::string> buildMahimahiTrace(std::vector<double>& timestampsMs,
                                              NetworkTrace& trace) {
    trace.periodMs = timestampsMs.back();
    if (trace.periodMs <= 0)
        return std::string("the trace's period is 0 ms: its last timestamp must be after 0");
    trace.opportunitiesMs = std::move(timestampsMs);
    return std::nullopt;
}

} // namespace

const char* traceFormName(TraceForm form) {
    return form == TraceForm::TwoColumn ? "two-column" : "mahimahi";
}

TraceLoadResult parseTrace(std::istream& in, const std::string& name, std::uint64_t maxLines) {
    TraceLoadResult result;
    try {
        TraceLines lines;
        auto error = forEachLine(
            in, maxLines, [&](std::uint64_t number, std::string_view line, std::uint64_t offset) {
                return readLine(lines, number, line, offset);
            });
        if (!error && lines.firstLine == 0)
            error = "the trace is empty";
        NetworkTrace trace;
        trace.name = name;
        if (!error)
            error = lines.form == TraceForm::Mahimahi
                        ? buildMahimahiTrace(lines.timestampsMs, trace)
                        : buildTwoColumnTrace(lines.steps, trace);
        if (error) {
            result.error = *error;
            return result;
        }
        result.form = lines.form;
        result.trace = std::move(trace);
    } catch (const std::bad_alloc&) {
        result.error = "the trace is too large to read into the memory available";
    }
    return result;
}

TraceLoadResult loadTraceFile(const std::string& path) {
    TraceLoadResult result;
    if (auto problem = notARegularFile(path)) {
        result.error = *problem;
        return result;
    }
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        result.error = "cannot be read (" + std::string(std::strerror(errno)) + ")";
        return result;
    }
    return parseTrace(in, toValidUtf8(std::filesystem::path(path).filename().string()));
}

} // namespace cutlab::core
