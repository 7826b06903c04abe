#include "core/llm/LlmLayers.h"

namespace cutlab::core {
namespace {

// Parameters and bytes of one layer, added tensor by tensor.
struct TensorTally {
    const LlmWeightFormat& weights;
    double parameters = 0;
    double bytes = 0;
    double matrixParameters = 0;

    // A 2-D weight of `rows` rows of `rowLength` values (the weight format applies).
    void matrix(double rows, double rowLength) {
        parameters += rows * rowLength;
        matrixParameters += rows * rowLength;
        bytes += weights.matrixBytes(rows, rowLength);
    }
    // A 1-D tensor (norm weights, biases): f32 under quantized formats, as llama.cpp writes.
    void vector(double length) {
        parameters += length;
        bytes += length * (weights.quantized() ? 4 : weights.blockBytes);
    }
};

LlmLayerCost embedLayer(const LlmArchitecture& a, const LlmWeightFormat& weights) {
    TensorTally tally{weights};
    const double width = static_cast<double>(a.hiddenSize);
    tally.matrix(static_cast<double>(a.vocabSize), width);
    if (a.positions > 0)
        tally.matrix(static_cast<double>(a.positions), width);
    LlmLayerCost layer;
    layer.id = "embed";
    layer.type = "Embedding";
    layer.parameters = tally.parameters;
    layer.paramBytes = tally.bytes;
    // one row of each table per token
    layer.stepReadBytes = weights.matrixBytes(a.positions > 0 ? 2 : 1, width);
    layer.readsPerToken = true;
    return layer;
}

LlmLayerCost blockLayer(const LlmArchitecture& a, const LlmWeightFormat& weights,
                        const LlmWeightFormat& kvCache, std::int64_t index) {
    TensorTally tally{weights};
    const double width = static_cast<double>(a.hiddenSize);
    const double queryWidth = static_cast<double>(a.heads * a.headDim);
    const double kvWidth = static_cast<double>(a.kvHeads * a.headDim);
    const double inner = static_cast<double>(a.intermediate);
    const int norms = 2;
    for (int n = 0; n < norms; ++n)
        tally.vector(a.layerNormBiases ? 2 * width : width);
    // rows are output features: q, k, v and the output projection
    tally.matrix(queryWidth, width);
    tally.matrix(kvWidth, width);
    tally.matrix(kvWidth, width);
    tally.matrix(width, queryWidth);
    if (a.attentionBiases || a.layerNormBiases)
        tally.vector(queryWidth + 2 * kvWidth);
    if (a.layerNormBiases)
        tally.vector(width);
    if (a.gatedMlp) {
        tally.matrix(inner, width); // gate
        tally.matrix(inner, width); // up
    } else {
        tally.matrix(inner, width);
    }
    tally.matrix(width, inner); // down
    if (a.layerNormBiases)
        tally.vector(inner + width);
    LlmLayerCost layer;
    layer.id = "block." + std::to_string(index);
    layer.type = "Decoder";
    layer.parameters = tally.parameters;
    layer.paramBytes = tally.bytes;
    layer.stepReadBytes = tally.bytes;
    layer.kvBytesPerToken = kvCache.matrixBytes(2, kvWidth);
    layer.flopsPerToken = 2 * tally.matrixParameters;
    // q.k over every position and the weighted sum of the values: 2 x 2 x heads x head_dim
    layer.attentionFlopsPerContextToken = 4 * queryWidth;
    return layer;
}

LlmLayerCost normLayer(const LlmArchitecture& a, const LlmWeightFormat& weights) {
    TensorTally tally{weights};
    const double width = static_cast<double>(a.hiddenSize);
    tally.vector(a.layerNormBiases ? 2 * width : width);
    LlmLayerCost layer;
    layer.id = "norm";
    layer.type = "Norm";
    layer.parameters = tally.parameters;
    layer.paramBytes = tally.bytes;
    layer.stepReadBytes = tally.bytes;
    layer.flopsPerToken = 4 * width; // squares, sum, scale: a few operations per value
    return layer;
}

LlmLayerCost outputLayer(const LlmArchitecture& a, const LlmWeightFormat& weights) {
    const double width = static_cast<double>(a.hiddenSize);
    const double vocabulary = static_cast<double>(a.vocabSize);
    LlmLayerCost layer;
    layer.id = "output";
    layer.type = "Output";
    const double matrixBytes = weights.matrixBytes(vocabulary, width);
    if (!a.tiedEmbeddings) {
        layer.parameters = vocabulary * width;
        layer.paramBytes = matrixBytes;
    }
    layer.stepReadBytes = matrixBytes; // its own matrix, or the embedding's when tied
    layer.flopsPerToken = 2 * vocabulary * width;
    layer.lastTokenOnlyInPrefill = true;
    return layer;
}

} // namespace

std::vector<LlmLayerCost> llmLayerCosts(const LlmArchitecture& architecture,
                                        const LlmWeightFormat& weights,
                                        const LlmWeightFormat& kvCache) {
    std::vector<LlmLayerCost> layers;
    layers.reserve(static_cast<std::size_t>(architecture.blocks) + 3);
    layers.push_back(embedLayer(architecture, weights));
    for (std::int64_t b = 0; b < architecture.blocks; ++b)
        layers.push_back(blockLayer(architecture, weights, kvCache, b));
    layers.push_back(normLayer(architecture, weights));
    layers.push_back(outputLayer(architecture, weights));
    return layers;
}

} // namespace cutlab::core
