#include "core/inference/PlanEnvelope.h"

#include "core/inference/PlacementIdentity.h"
#include "core/model/Network.h"

#include <algorithm>
#include <cmath>

namespace cutlab::core {
namespace {

constexpr std::size_t kMaxPieces = 10000;
constexpr int kMaxDepth = 200;

bool notBelow(double value, double best) {
    return value >= best - 1e-9 * std::max(1.0, std::abs(best));
}

} // namespace

PlanEnvelope::PlanEnvelope(Probe probe, Slope slope)
    : m_probe(std::move(probe)), m_slope(std::move(slope)) {}

std::optional<std::size_t> PlanEnvelope::probeAt(double x) {
    ++m_probes;
    auto plan = m_probe(x > 0 ? 1.0 / x : kUnlimitedBandwidth);
    if (!plan)
        return std::nullopt;
    for (std::size_t i = 0; i < m_lines.size(); ++i)
        if (samePlacement(m_lines[i].plan, *plan))
            return i;
    Line line;
    line.b = m_slope(*plan);
    line.a = plan->evaluation.totalMs - line.b * x;
    line.plan = std::move(*plan);
    m_lines.push_back(std::move(line));
    return m_lines.size() - 1;
}

bool PlanEnvelope::cover(double lo, std::size_t lineLo, double hi, std::size_t lineHi,
                         std::vector<Piece>& out, int depth) {
    if (lineLo == lineHi) {
        out.push_back({lo, hi, lineLo});
        return true;
    }
    if (depth > kMaxDepth)
        return false;
    const Line& p = m_lines[lineLo];
    const Line& q = m_lines[lineHi];
    // Where the two lines cross; a third plan can be better only there.
    double cross = p.b != q.b ? (q.a - p.a) / (p.b - q.b) : (lo + hi) / 2;
    if (!std::isfinite(cross))
        cross = (lo + hi) / 2;
    cross = std::clamp(cross, lo, hi);
    const auto middle = probeAt(cross);
    if (!middle)
        return false;
    const double best = std::min(m_lines[lineLo].at(cross), m_lines[lineHi].at(cross));
    if (*middle == lineLo || *middle == lineHi || notBelow(m_lines[*middle].at(cross), best)) {
        out.push_back({lo, cross, lineLo});
        out.push_back({cross, hi, lineHi});
        return true;
    }
    const std::size_t found = *middle;
    return cover(lo, lineLo, cross, found, out, depth + 1) &&
           cover(cross, found, hi, lineHi, out, depth + 1);
}

bool PlanEnvelope::extendTo(double x) {
    if (m_pieces.empty()) {
        const auto line = probeAt(x);
        if (!line)
            return false;
        m_pieces.push_back({x, x, *line});
        return true;
    }
    std::vector<Piece> added;
    if (x < m_pieces.front().from) {
        const auto line = probeAt(x);
        if (!line || !cover(x, *line, m_pieces.front().from, m_pieces.front().line, added, 0))
            return false;
        m_pieces.insert(m_pieces.begin(), added.begin(), added.end());
    } else if (x > m_pieces.back().to) {
        const auto line = probeAt(x);
        if (!line || !cover(m_pieces.back().to, m_pieces.back().line, x, *line, added, 0))
            return false;
        m_pieces.insert(m_pieces.end(), added.begin(), added.end());
    }
    // Neighbours on one plan become one piece.
    std::vector<Piece> merged;
    for (const Piece& piece : m_pieces) {
        if (!merged.empty() && merged.back().line == piece.line)
            merged.back().to = piece.to;
        else
            merged.push_back(piece);
    }
    m_pieces = std::move(merged);
    return m_pieces.size() <= kMaxPieces;
}

std::optional<RankedPlan> PlanEnvelope::planAt(double mbps) {
    const double x = mbps == kUnlimitedBandwidth ? 0.0 : 1.0 / mbps;
    if (m_gaveUp || !extendTo(x)) {
        m_gaveUp = true;
        ++m_probes;
        return m_probe(mbps);
    }
    auto piece = std::upper_bound(m_pieces.begin(), m_pieces.end(), x,
                                  [](double value, const Piece& p) { return value < p.from; });
    --piece; // the last piece starting at or before x
    const bool onBreakpoint = (x == piece->from && piece != m_pieces.begin()) ||
                              (x == piece->to && piece + 1 != m_pieces.end());
    if (onBreakpoint) { // two plans tie here: the planner's order decides
        ++m_probes;
        return m_probe(mbps);
    }
    return m_lines[piece->line].plan;
}

std::optional<std::vector<PlanEnvelope::Crossing>> PlanEnvelope::crossings() const {
    if (m_gaveUp)
        return std::nullopt;
    std::vector<Crossing> result;
    for (std::size_t i = m_pieces.size(); i-- > 1;) { // x descending: bandwidth ascending
        const double x = m_pieces[i].from;
        if (x > 0)
            result.push_back({1.0 / x, m_lines[m_pieces[i].line].at(x)});
    }
    return result;
}

} // namespace cutlab::core
