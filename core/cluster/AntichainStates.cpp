#include "core/cluster/AntichainStates.h"

#include "core/model/PlanError.h"

#include <algorithm>
#include <bit>
#include <deque>
#include <map>
#include <numeric>
#include <string>

namespace cutlab::core {

namespace {

using Bits = std::vector<std::uint64_t>;

bool test(const Bits& bits, int i) {
    return (bits[static_cast<std::size_t>(i) / 64] >> (static_cast<unsigned>(i) % 64)) & 1U;
}

void set(Bits& bits, int i) {
    bits[static_cast<std::size_t>(i) / 64] |= std::uint64_t(1) << (static_cast<unsigned>(i) % 64);
}

void unite(Bits& into, const Bits& from) {
    for (std::size_t w = 0; w < into.size(); ++w)
        into[w] |= from[w];
}

int members(const Bits& bits) {
    int total = 0;
    for (std::uint64_t word : bits)
        total += std::popcount(word);
    return total;
}

bool startsWith(const std::string& text, const std::string& prefix) {
    return text.rfind(prefix, 0) == 0;
}

// The layer DAG as the optimizer sees it: `__getitem__` sinks removed.
struct LayerDag {
    std::vector<bool> kept;
    std::vector<std::vector<int>> edges; // direct successors
    std::vector<Bits> ancestors;         // strict
    std::vector<Bits> descendants;       // strict
};

LayerDag layerDag(const Profile& profile, std::size_t words) {
    const int n = static_cast<int>(profile.layers.size());
    LayerDag dag;
    std::vector<bool> consumed(static_cast<std::size_t>(n), false);
    for (const Layer& layer : profile.layers)
        for (int input : layer.inputs)
            consumed[static_cast<std::size_t>(input)] = true;
    dag.kept.assign(static_cast<std::size_t>(n), true);
    for (int i = 0; i < n; ++i)
        if (!consumed[static_cast<std::size_t>(i)] &&
            startsWith(profile.layers[static_cast<std::size_t>(i)].type, "__getitem__"))
            dag.kept[static_cast<std::size_t>(i)] = false;
    dag.edges.assign(static_cast<std::size_t>(n), {});
    dag.ancestors.assign(static_cast<std::size_t>(n), Bits(words, 0));
    dag.descendants.assign(static_cast<std::size_t>(n), Bits(words, 0));
    for (int i = 0; i < n; ++i) {
        if (!dag.kept[static_cast<std::size_t>(i)])
            continue;
        for (int input : profile.layers[static_cast<std::size_t>(i)].inputs) {
            dag.edges[static_cast<std::size_t>(input)].push_back(i);
            unite(dag.ancestors[static_cast<std::size_t>(i)],
                  dag.ancestors[static_cast<std::size_t>(input)]);
            set(dag.ancestors[static_cast<std::size_t>(i)], input);
        }
    }
    for (int i = n - 1; i >= 0; --i)
        for (int next : dag.edges[static_cast<std::size_t>(i)]) {
            unite(dag.descendants[static_cast<std::size_t>(i)],
                  dag.descendants[static_cast<std::size_t>(next)]);
            set(dag.descendants[static_cast<std::size_t>(i)], next);
        }
    return dag;
}

// The antichain DAG of the optimizer, breadth-first from the first source's antichain.
class AntichainWalk {
  public:
    AntichainWalk(const LayerDag& dag, std::size_t limit) : m_dag(dag), m_limit(limit) {}

    void run(int source) {
        std::deque<std::vector<int>> queue{{source}};
        while (!queue.empty()) {
            const std::vector<int> antichain = std::move(queue.front());
            queue.pop_front();
            const int from = stateOf(antichain);
            if (m_processed[static_cast<std::size_t>(from)])
                continue;
            m_processed[static_cast<std::size_t>(from)] = true;
            for (std::vector<int>& next : nextAntichains(antichain)) {
                m_edges.emplace_back(from, stateOf(next));
                queue.push_back(std::move(next));
            }
        }
    }

    std::vector<std::vector<int>> antichains; // per state, as first reached
    std::vector<std::vector<int>> augmented;  // per state
    const std::vector<std::pair<int, int>>& edges() const { return m_edges; }

  private:
    int stateOf(std::vector<int> antichain) {
        std::sort(antichain.begin(), antichain.end());
        const auto found = m_ids.find(antichain);
        if (found != m_ids.end())
            return found->second;
        if (antichains.size() >= m_limit)
            throw PlanError("the model has more than " + std::to_string(m_limit) +
                            " PipeDream states (antichains), more than --cost-model pipedream "
                            "plans over");
        const int id = static_cast<int>(antichains.size());
        m_ids.emplace(antichain, id);
        augmented.push_back(augment(antichain));
        antichains.push_back(std::move(antichain));
        m_processed.push_back(false);
        return id;
    }

    // The antichain plus every ancestor of one of its nodes with an edge leaving that node's
    // ancestors (other than to the node itself).
    std::vector<int> augment(const std::vector<int>& antichain) const {
        std::vector<int> extra;
        for (int node : antichain) {
            const Bits& below = m_dag.ancestors[static_cast<std::size_t>(node)];
            for (int p = 0; p < static_cast<int>(m_dag.edges.size()); ++p) {
                if (!test(below, p))
                    continue;
                for (int out : m_dag.edges[static_cast<std::size_t>(p)])
                    if (!test(below, out) && out != node) {
                        extra.push_back(p);
                        break;
                    }
            }
        }
        std::sort(extra.begin(), extra.end());
        extra.erase(std::unique(extra.begin(), extra.end()), extra.end());
        extra.insert(extra.end(), antichain.begin(), antichain.end());
        return extra;
    }

    // Drops every node that another node of the list descends from; keeps the first of repeats.
    std::vector<int> deaugment(const std::vector<int>& nodes) const {
        std::vector<int> result;
        for (int x : nodes) {
            const Bits& after = m_dag.descendants[static_cast<std::size_t>(x)];
            const bool covered =
                std::any_of(nodes.begin(), nodes.end(), [&](int y) { return test(after, y); });
            if (!covered && std::find(result.begin(), result.end(), x) == result.end())
                result.push_back(x);
        }
        return result;
    }

    std::vector<std::vector<int>> nextAntichains(const std::vector<int>& antichain) const {
        const std::vector<int> aug = augment(antichain);
        std::vector<std::vector<int>> next;
        for (int node : aug)
            for (int successor : m_dag.edges[static_cast<std::size_t>(node)]) {
                if (std::find(antichain.begin(), antichain.end(), successor) != antichain.end())
                    continue;
                const Bits& after = m_dag.descendants[static_cast<std::size_t>(successor)];
                if (std::any_of(aug.begin(), aug.end(), [&](int y) { return test(after, y); }))
                    continue;
                std::vector<int> replaced = aug;
                std::replace(replaced.begin(), replaced.end(), node, successor);
                next.push_back(deaugment(replaced));
            }
        return next;
    }

    const LayerDag& m_dag;
    std::size_t m_limit;
    std::map<std::vector<int>, int> m_ids;
    std::vector<bool> m_processed;
    std::vector<std::pair<int, int>> m_edges;
};

// The downset of each walked antichain (its nodes and their ancestors).
std::vector<Bits> downsetsOf(const AntichainWalk& walk, const LayerDag& dag, std::size_t words) {
    std::vector<Bits> downsets(walk.antichains.size(), Bits(words, 0));
    for (std::size_t s = 0; s < downsets.size(); ++s)
        for (int node : walk.antichains[s]) {
            unite(downsets[s], dag.ancestors[static_cast<std::size_t>(node)]);
            set(downsets[s], node);
        }
    return downsets;
}

// Walk ids by downset size (ties: as reached), so that ancestors come first.
std::vector<int> bySize(const std::vector<Bits>& downsets) {
    std::vector<int> order(downsets.size());
    std::iota(order.begin(), order.end(), 0);
    std::vector<int> sizes(downsets.size());
    for (std::size_t s = 0; s < downsets.size(); ++s)
        sizes[s] = members(downsets[s]);
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
        return sizes[static_cast<std::size_t>(a)] < sizes[static_cast<std::size_t>(b)];
    });
    return order;
}

} // namespace

AntichainStates::AntichainStates(const Profile& profile, int machine, std::size_t limit) {
    if (!profile.hasBackward)
        throw PlanError("--cost-model pipedream needs backward_ms (a training profile)");
    const int n = static_cast<int>(profile.layers.size());
    m_words = (static_cast<std::size_t>(n) + 63) / 64;
    const LayerDag dag = layerDag(profile, m_words);
    int source = -1;
    for (int i = 0; i < n && source < 0; ++i)
        if (dag.kept[static_cast<std::size_t>(i)] &&
            profile.layers[static_cast<std::size_t>(i)].inputs.empty())
            source = i;
    m_layerCount = static_cast<int>(std::count(dag.kept.begin(), dag.kept.end(), true));
    if (source < 0)
        throw PlanError("the profile has no layer to plan");
    AntichainWalk walk(dag, limit);
    walk.run(source);

    const std::vector<Bits> downsets = downsetsOf(walk, dag, m_words);
    const std::vector<int> order = bySize(downsets);
    if (members(downsets[static_cast<std::size_t>(order.back())]) != m_layerCount)
        throw PlanError("PipeDream's antichains from the first source do not reach every layer "
                        "(the profile has several sources)");
    for (int id : order)
        addState(profile, machine, downsets[static_cast<std::size_t>(id)],
                 walk.augmented[static_cast<std::size_t>(id)]);
    std::vector<int> rank(order.size());
    for (std::size_t r = 0; r < order.size(); ++r)
        rank[static_cast<std::size_t>(order[r])] = static_cast<int>(r);
    std::vector<std::vector<int>> predecessors(order.size());
    for (const auto& [from, to] : walk.edges())
        predecessors[static_cast<std::size_t>(rank[static_cast<std::size_t>(to)])].push_back(
            rank[static_cast<std::size_t>(from)]);
    linkAncestors(predecessors);
}

void AntichainStates::addState(const Profile& profile, int machine,
                               const std::vector<std::uint64_t>& downset,
                               const std::vector<int>& augmented) {
    const double batch = profile.model.batch;
    double compute = 0, activation = 0, parameter = 0, output = 0;
    for (int i = 0; i < static_cast<int>(profile.layers.size()); ++i) {
        if (!test(downset, i))
            continue;
        const Layer& layer = profile.layers[static_cast<std::size_t>(i)];
        compute += (layer.forwardMs[static_cast<std::size_t>(machine)] +
                    layer.backwardMs[static_cast<std::size_t>(machine)]) /
                   1000.0;
        activation += layer.outputBytes * batch;
        parameter += layer.paramBytes;
    }
    for (int node : augmented)
        output += profile.layers[static_cast<std::size_t>(node)].outputBytes * batch;
    m_compute.push_back(compute);
    m_activation.push_back(activation);
    m_parameter.push_back(parameter);
    m_outputActivation.push_back(output);
    m_downsets.push_back(downset);
}

void AntichainStates::linkAncestors(const std::vector<std::vector<int>>& predecessors) {
    const std::size_t count = predecessors.size();
    m_predecessors = predecessors;
    m_successors.assign(count, {});
    for (std::size_t j = 0; j < count; ++j)
        for (int p : predecessors[j])
            m_successors[static_cast<std::size_t>(p)].push_back(static_cast<int>(j));
    if (count > kAncestorLimit)
        return; // the bottleneck search needs only the direct links
    m_ancestorBits.assign(count, Bits((count + 63) / 64, 0));
    m_ancestors.assign(count, {});
    for (std::size_t j = 0; j < count; ++j) {
        for (int p : predecessors[j]) {
            unite(m_ancestorBits[j], m_ancestorBits[static_cast<std::size_t>(p)]);
            set(m_ancestorBits[j], p);
        }
        for (int k = 0; k < static_cast<int>(j); ++k)
            if (test(m_ancestorBits[j], k))
                m_ancestors[j].push_back(k);
    }
}

bool AntichainStates::isAncestor(int ancestor, int state) const {
    if (!hasAncestorTable())
        throw PlanError("the ancestor table is kept for at most " + std::to_string(kAncestorLimit) +
                        " states");
    return ancestor >= 0 && test(m_ancestorBits[idx(state)], ancestor);
}

std::vector<int> AntichainStates::layersBetween(int below, int state) const {
    std::vector<int> layers;
    const Bits& upper = m_downsets[idx(state)];
    for (int i = 0; i < static_cast<int>(upper.size() * 64); ++i)
        if (test(upper, i) && (below < 0 || !test(m_downsets[idx(below)], i)))
            layers.push_back(i);
    return layers;
}

} // namespace cutlab::core
