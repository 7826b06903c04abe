// libFuzzer target: the latency-predictor file reader and a prediction with what it read. A
// predictor that loads must predict a finite time or refuse with a sentence
// (std::invalid_argument), never a silent inf or NaN. Any other exception is a finding.
#include "core/predictor/LatencyPredictor.h"
#include "core/predictor/PredictorJson.h"

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    try {
        const auto predictor = cutlab::core::predictorFromText(text);
        const std::vector<double> hardware(predictor.representatives().subModels.size(), 1.0);
        const double ms = predictor.predictMs(hardware, {0, predictor.layers() - 1});
        if (!std::isfinite(ms) || ms < 0)
            __builtin_trap(); // a silent wrong answer
    } catch (const cutlab::core::PredictorFormatError&) {
        // refused with a message
    } catch (const std::invalid_argument&) {
        // predictions out of range: refused with a message
    }
    return 0;
}
