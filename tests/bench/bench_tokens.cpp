// The token cost model against published llama-bench rates (tests/data/llm/llama-bench.csv):
// each device calibrated from one row, the others estimated. Prints the Markdown table of
// docs/validation.md ("Language models") and the median error on rows not used for calibration.
//   bench_tokens [SOURCE_ROOT]   (default: the current folder)
#include "../core/LlamaBenchTable.h"

#include <cstdio>

int main(int argc, char** argv) {
    const std::string root = argc > 1 ? argv[1] : ".";
    const auto rows = llama_bench::table(root);
    std::printf("| device | model | weights | pp512 measured | pp512 estimated | tg128 measured | "
                "tg128 estimated | |\n|---|---|---|---|---|---|---|---|\n");
    for (const auto& row : rows) {
        char pp[64] = "", tg[64] = "";
        if (row.pp > 0)
            std::snprintf(pp, sizeof pp, "%.1f | %.1f", row.pp, row.predictedPp);
        else
            std::snprintf(pp, sizeof pp, "— | %.1f", row.predictedPp);
        if (row.tg > 0)
            std::snprintf(tg, sizeof tg, "%.2f | %.2f", row.tg, row.predictedTg);
        else
            std::snprintf(tg, sizeof tg, "— | %.2f", row.predictedTg);
        std::printf("| %s | %s | %s | %s | %s | %s |\n", row.device.c_str(), row.model.c_str(),
                    row.weightType.c_str(), pp, tg, row.calibration ? "calibration" : "");
    }
    const auto errors = llama_bench::errors(rows);
    std::printf("\nmedian error on %zu figures not used for calibration: %.1f %%\n", errors.size(),
                100 * llama_bench::median(errors));
    return 0;
}
