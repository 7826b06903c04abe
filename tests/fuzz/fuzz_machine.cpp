// libFuzzer target: the machine file reader (cutlab-machine JSON of `cutlab-cli calibrate`, read
// wherever a machine preset is accepted).
#include "core/io/JsonText.h"
#include "core/io/MachineFile.h"

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const auto parsed = cutlab::core::parseJsonText(text);
    if (!parsed.value)
        return 0;
    std::string error;
    const auto machine = cutlab::core::machineFromJson(*parsed.value, error);
    if (!machine && error.empty())
        __builtin_trap(); // every refusal says why
    if (machine && !(machine->achievedGflops() > 0 && std::isfinite(machine->achievedGflops())))
        __builtin_trap(); // an accepted machine has a finite, positive rate
    return 0;
}
