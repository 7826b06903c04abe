#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace cutlab::core {

// An Einsum equation ("bhid,bhjd->bhij", "...ij,...jk", spaces ignored) read against its
// inputs' shapes: each index letter's size and which indices the output keeps.
class EinsumEquation {
  public:
    EinsumEquation(const std::string& equation,
                   const std::vector<std::vector<std::int64_t>>& inputShapes);

    // The output's shape; nullopt when the equation does not fit the shapes.
    std::optional<std::vector<std::int64_t>> outputShape() const;
    // The product of the sizes of the indices summed over (not kept by the output).
    double summedSize() const;

  private:
    bool m_valid = true;
    std::map<char, std::int64_t> m_sizes;
    std::map<char, int> m_uses;
    std::string m_output; // the output's letters, "." standing for the broadcast dimensions
    std::vector<std::int64_t> m_broadcast; // the dimensions "..." stands for
};

} // namespace cutlab::core
