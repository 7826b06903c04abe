#pragma once

#include "core/model/Placement.h"
#include "core/training/TrainingCostModel.h"

#include <vector>

namespace cutlab::core {

// JointDNN's training placement (docs/cost-models.md §2.2) when machines have capacities
// (§2.8). Memory adds up over every block a machine runs, so a shortest path over (block,
// machine) is not exact: a path's state also holds the bytes it has put on each limited
// machine. An A* search over such labels, guided by the exact cost-to-go without limits (a
// lower bound, consistent), settles labels per (block, machine) in order of cost and drops a
// label whose cost and bytes are both no better than a settled one's; the first complete label
// settled is the cheapest placement that fits. Throws TrainingMemoryError when none fits, and
// PlanError past 2,000,000 settled labels.
class JointDnnMemorySearch {
  public:
    JointDnnMemorySearch(const TrainingCostModel& model, std::vector<int> machines, int batch);
    std::vector<Segment> run();

  private:
    struct Label {
        double cost = 0;
        std::vector<double> used; // bytes on each limited machine (0 for the others)
        int blocksDone = 0, machine = -1, parent = -1;
        bool dominates(const Label& other) const;
    };
    // Block b on machines[to] after block b - 1 on machines[from] (from < 0: the first block).
    double blockCost(int from, std::size_t to, std::size_t block) const;
    void fillCostToGo();
    bool settle(const Label& label);
    // Whether the blocks after the label can still fit: with every machine limited, they need at
    // most the room the label leaves on all of them together, and the largest of them at most
    // the largest room left on one machine.
    bool mayComplete(const Label& label) const;
    std::vector<Segment> traced(int label) const;

    const TrainingCostModel& m_model;
    std::vector<int> m_machines;
    int m_batch;
    std::vector<double> m_blockBytes;   // per (block, machine): bytes it adds
    std::vector<double> m_bytesAfter;   // per blocks done: bytes of the remaining blocks
    std::vector<double> m_largestAfter; // per blocks done: bytes of the largest remaining block
    bool m_allLimited = true;
    std::vector<std::vector<double>> m_costToGo; // [blocks done][last machine]
    std::vector<Label> m_labels;                 // every label generated (parents index it)
    std::vector<std::vector<std::vector<int>>> m_settled; // [blocks done][machine] -> labels
};

} // namespace cutlab::core
