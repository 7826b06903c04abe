#include "core/onnx/EinsumEquation.h"

#include <algorithm>

namespace cutlab::core {
namespace {

std::vector<std::string> splitTerms(const std::string& text, char separator) {
    std::vector<std::string> parts{""};
    for (const char c : text)
        if (c == separator)
            parts.emplace_back();
        else
            parts.back() += c;
    return parts;
}

} // namespace

EinsumEquation::EinsumEquation(const std::string& text,
                               const std::vector<std::vector<std::int64_t>>& inputShapes) {
    std::string equation;
    for (const char c : text)
        if (c != ' ')
            equation += c;
    const auto arrow = equation.find("->");
    const auto terms = splitTerms(equation.substr(0, arrow), ',');
    if (terms.size() != inputShapes.size()) {
        m_valid = false;
        return;
    }
    for (std::size_t t = 0; t < terms.size(); ++t) {
        const auto& shape = inputShapes[t];
        const auto dots = terms[t].find("...");
        const std::string head = terms[t].substr(0, dots);
        const std::string tail = dots == std::string::npos ? "" : terms[t].substr(dots + 3);
        if (head.size() + tail.size() > shape.size() ||
            (dots == std::string::npos && head.size() != shape.size())) {
            m_valid = false;
            return;
        }
        const std::size_t middle = shape.size() - head.size() - tail.size();
        if (middle > m_broadcast.size())
            m_broadcast.insert(m_broadcast.begin(), middle - m_broadcast.size(), 1);
        for (std::size_t i = 0; i < middle; ++i) {
            auto& d = m_broadcast[m_broadcast.size() - middle + i];
            d = std::max(d, shape[head.size() + i]);
        }
        for (std::size_t i = 0; i < head.size(); ++i)
            m_sizes[head[i]] = std::max(m_sizes[head[i]], shape[i]), ++m_uses[head[i]];
        for (std::size_t i = 0; i < tail.size(); ++i) {
            const char letter = tail[i];
            m_sizes[letter] = std::max(m_sizes[letter], shape[head.size() + middle + i]);
            ++m_uses[letter];
        }
    }
    if (arrow != std::string::npos) {
        const std::string right = equation.substr(arrow + 2);
        const auto dots = right.find("...");
        m_output = dots == std::string::npos ? right
                                             : right.substr(0, dots) + "." + right.substr(dots + 3);
    } else { // implicit: the broadcast dimensions, then the indices used once, in order
        m_output = m_broadcast.empty() ? "" : ".";
        for (const auto& [letter, uses] : m_uses)
            if (uses == 1)
                m_output += letter;
    }
}

std::optional<std::vector<std::int64_t>> EinsumEquation::outputShape() const {
    if (!m_valid)
        return std::nullopt;
    std::vector<std::int64_t> shape;
    for (const char letter : m_output) {
        if (letter == '.') {
            shape.insert(shape.end(), m_broadcast.begin(), m_broadcast.end());
            continue;
        }
        const auto found = m_sizes.find(letter);
        if (found == m_sizes.end())
            return std::nullopt;
        shape.push_back(found->second);
    }
    return shape;
}

double EinsumEquation::summedSize() const {
    double summed = 1;
    for (const auto& [letter, size] : m_sizes)
        if (m_output.find(letter) == std::string::npos)
            summed *= static_cast<double>(std::max<std::int64_t>(size, 0));
    return m_valid ? summed : 1.0;
}

} // namespace cutlab::core
