#include "core/io/ProfileMerge.h"

#include "core/io/InputLimits.h"
#include "core/io/JsonFields.h"
#include "core/io/ProfileLoader.h"
#include "core/io/Utf8.h"

#include <algorithm>
#include <initializer_list>
#include <map>
#include <string_view>
#include <unordered_map>
#include <utility>

namespace cutlab::core {
namespace {

using Json = nlohmann::ordered_json;

// Thrown inside the merge on the first problem; mergeProfiles returns it as MergeResult::error.
struct Refusal {
    MergeError error;
};

std::string quoted(const std::string& text) {
    return "'" + text + "'";
}

std::string idOf(const Json& layer) {
    return layer.at("id").get<std::string>();
}

// The producers a layer reads; empty when it reads the model input (missing, null or []).
std::vector<std::string> inputsOf(const Json& layer) {
    std::vector<std::string> inputs;
    const auto found = layer.find("inputs");
    if (found != layer.end() && found->is_array())
        for (const Json& input : *found)
            inputs.push_back(input.get<std::string>());
    return inputs;
}

std::string describeInputs(const std::vector<std::string>& inputs) {
    if (inputs.empty())
        return "the model input";
    std::string text;
    for (const std::string& input : inputs)
        text += (text.empty() ? "" : ", ") + quoted(input);
    return text;
}

bool contains(std::initializer_list<std::string_view> keys, std::string_view key) {
    return std::find(keys.begin(), keys.end(), key) != keys.end();
}

class ProfileMerger {
  public:
    ProfileMerger(const std::vector<NamedProfileJson>& inputs, const MergeOptions& options)
        : m_inputs(inputs), m_options(options) {}

    Json merge() {
        for (std::size_t file = 1; file < m_inputs.size(); ++file) {
            checkModel(file);
            checkGraph(file);
        }
        checkMachines();
        if (!m_options.forwardOnly) {
            checkEveryFileOrNone("backward_ms");
            checkEveryFileOrNone("update_ms");
        }
        Json merged = document(0);
        for (std::size_t file = 1; file < m_inputs.size(); ++file)
            keepFirst(merged, document(file), file,
                      {"format", "version", "model", "machines", "layers"}, Part::TopLevel);
        mergeModel(merged["model"]);
        merged["machines"] = mergedMachines();
        mergeLayers(merged["layers"]);
        noteLayerDifferences();
        noteForwardOnly();
        return merged;
    }

    std::vector<std::string> takeNotes() { return std::move(m_notes); }

  private:
    const Json& document(std::size_t file) const { return m_inputs[file].document; }
    const Json& model(std::size_t file) const { return document(file).at("model"); }
    const Json& layers(std::size_t file) const { return document(file).at("layers"); }
    const Json& machines(std::size_t file) const { return document(file).at("machines"); }
    const std::string& name(std::size_t file) const { return m_inputs[file].name; }

    [[noreturn]] void refuse(std::size_t file, const std::string& detail) const {
        throw Refusal{{name(file), detail}};
    }

    // model.batch and model.input_bytes of a later file against the first.
    void checkModel(std::size_t file) const {
        const auto batchText = [&](std::size_t f) {
            const auto batch = model(f).find("batch");
            return batch == model(f).end() ? std::string("1 (not given)") : batch->dump();
        };
        const auto batchOf = [&](std::size_t f) {
            const auto batch = model(f).find("batch");
            return batch == model(f).end() ? 1.0 : batch->get<double>();
        };
        if (batchOf(file) != batchOf(0))
            refuse(file, "model.batch is " + batchText(file) + " here but " + batchText(0) +
                             " in " + name(0) +
                             ": times are measured at model.batch samples, so every file must "
                             "give the same");
        const Json& inputBytes = model(file).at("input_bytes");
        const Json& firstInputBytes = model(0).at("input_bytes");
        if (inputBytes.get<double>() != firstInputBytes.get<double>())
            refuse(file, "model.input_bytes is " + inputBytes.dump() + " here but " +
                             firstInputBytes.dump() + " in " + name(0));
    }

    // The layers of a later file against the first, in order: the first layer that differs.
    void checkGraph(std::size_t file) const {
        const Json& first = layers(0);
        const Json& later = layers(file);
        const std::size_t common = std::min(first.size(), later.size());
        const std::string counts = "has " + std::to_string(later.size()) + " layers, " + name(0) +
                                   " " + std::to_string(first.size()) + ": first difference at #";
        for (std::size_t i = 0; i < common; ++i) {
            const std::string id = idOf(later[i]), firstId = idOf(first[i]);
            if (id != firstId && first.size() == later.size())
                refuse(file, "layer #" + std::to_string(i) + " is " + quoted(id) + " here but " +
                                 quoted(firstId) + " in " + name(0));
            if (id != firstId)
                refuse(file, counts + std::to_string(i) + ": " + quoted(id) + " here, " +
                                 quoted(firstId) + " in " + name(0));
            checkLayer(file, later[i], first[i]);
        }
        if (later.size() > common)
            refuse(file, counts + std::to_string(common) + ": " + quoted(idOf(later[common])) +
                             " here, nothing in " + name(0));
        if (first.size() > common)
            refuse(file, counts + std::to_string(common) + ": nothing here, " +
                             quoted(idOf(first[common])) + " in " + name(0));
    }

    void checkLayer(std::size_t file, const Json& layer, const Json& firstLayer) const {
        const std::string at = "layer " + quoted(idOf(layer)) + " ";
        const auto inputs = inputsOf(layer), firstInputs = inputsOf(firstLayer);
        if (inputs != firstInputs)
            refuse(file, at + "reads " + describeInputs(inputs) + " here but " +
                             describeInputs(firstInputs) + " in " + name(0));
        for (const char* field : {"output_bytes", "param_bytes"}) {
            const auto value = layer.find(field), firstValue = firstLayer.find(field);
            if (value == layer.end() || firstValue == firstLayer.end())
                continue; // output_bytes is required, param_bytes compared when both give it
            if (value->get<double>() != firstValue->get<double>())
                refuse(file, at + "has " + field + " " + value->dump() + " here but " +
                                 firstValue->dump() + " in " + name(0));
        }
        const auto type = layer.find("type"), firstType = firstLayer.find("type");
        if (type != layer.end() && firstType != firstLayer.end() && *type != *firstType)
            refuse(file, at + "has type " + quoted(type->get<std::string>()) + " here but " +
                             quoted(firstType->get<std::string>()) + " in " + name(0));
    }

    void checkMachines() const {
        std::unordered_map<std::string, std::size_t> owner;
        for (std::size_t file = 0; file < m_inputs.size(); ++file) {
            for (const Json& machine : machines(file)) {
                const std::string id = machine.at("id").get<std::string>();
                const auto [it, fresh] = owner.emplace(id, file);
                if (!fresh && name(it->second) == name(file))
                    refuse(file, "the file is given twice (machine " + quoted(id) +
                                     " would be listed twice)");
                if (!fresh)
                    refuse(file, "machine " + quoted(id) + " is also in " + name(it->second) +
                                     ": every machine must come from one file");
            }
        }
    }

    bool hasOnAnyLayer(std::size_t file, const char* field) const {
        const Json& list = layers(file);
        return std::any_of(list.begin(), list.end(),
                           [&](const Json& layer) { return layer.contains(field); });
    }

    // A time map that some files give for a layer and others do not would leave the merged
    // profile with times for some machines only: refused, naming the file that lacks it.
    void checkEveryFileOrNone(const char* field) const {
        for (std::size_t i = 0; i < layers(0).size(); ++i) {
            std::size_t having = m_inputs.size(), lacking = m_inputs.size();
            for (std::size_t file = 0; file < m_inputs.size(); ++file) {
                std::size_t& slot = layers(file)[i].contains(field) ? having : lacking;
                slot = std::min(slot, file);
            }
            if (having == m_inputs.size() || lacking == m_inputs.size())
                continue;
            const std::string where = hasOnAnyLayer(lacking, field)
                                          ? "layer " + quoted(idOf(layers(lacking)[i])) + " has"
                                          : "has";
            refuse(lacking, where + " no " + field + " but " + name(having) + " has: " + field +
                                " must be given for every machine or for none (merge with "
                                "--forward-only to leave out backward_ms and update_ms)");
        }
    }

    enum class Part { TopLevel, Model, Layer };

    // Fields of `later` that `kept` lacks are added; a later value that differs is noted, not
    // kept (for layers, counted per field and noted once).
    void keepFirst(Json& kept, const Json& later, std::size_t file,
                   std::initializer_list<std::string_view> skipped, Part part,
                   const std::string& layerId = {}) {
        for (const auto& [key, value] : later.items()) {
            if (contains(skipped, key))
                continue;
            const auto found = kept.find(key);
            if (found == kept.end()) {
                kept[key] = value;
            } else if (*found != value) {
                if (part == Part::Layer)
                    countLayerDifference(file, key, layerId);
                else
                    m_notes.push_back(name(file) + ": " + (part == Part::Model ? "model." : "") +
                                      key + " is " + briefJson(value) + " here; kept " +
                                      briefJson(*found));
            }
        }
    }

    void countLayerDifference(std::size_t file, const std::string& key, const std::string& layer) {
        auto& difference = m_layerDifferences[{file, key}];
        if (difference.layers++ == 0)
            difference.firstLayer = layer;
    }

    void noteLayerDifferences() {
        for (const auto& [where, difference] : m_layerDifferences) {
            const auto& [file, key] = where;
            m_notes.push_back(name(file) + ": layer field " + quoted(key) + " differs on " +
                              (difference.layers == 1
                                   ? "layer " + quoted(difference.firstLayer)
                                   : std::to_string(difference.layers) + " layers (first " +
                                         quoted(difference.firstLayer) + ")") +
                              "; kept the earlier file's value");
        }
    }

    void noteForwardOnly() {
        if (!m_options.forwardOnly)
            return;
        std::string having;
        for (std::size_t file = 0; file < m_inputs.size(); ++file)
            if (hasOnAnyLayer(file, "backward_ms") || hasOnAnyLayer(file, "update_ms"))
                having += (having.empty() ? "" : ", ") + name(file);
        if (!having.empty())
            m_notes.push_back("--forward-only: left out backward_ms and update_ms (given in " +
                              having + ")");
    }

    void mergeModel(Json& merged) {
        for (std::size_t file = 1; file < m_inputs.size(); ++file)
            keepFirst(merged, model(file), file, {"source", "batch", "input_bytes"}, Part::Model);
        merged["source"] = mergedSource();
    }

    // The distinct sources in input order, then where the merge came from.
    std::string mergedSource() const {
        std::vector<std::string> parts;
        for (std::size_t file = 0; file < m_inputs.size(); ++file) {
            const auto source = model(file).find("source");
            if (source == model(file).end() || !source->is_string())
                continue;
            const std::string text = source->get<std::string>();
            if (!text.empty() && std::find(parts.begin(), parts.end(), text) == parts.end())
                parts.push_back(text);
        }
        std::string names;
        for (const NamedProfileJson& input : m_inputs)
            names += (names.empty() ? "" : ", ") + toValidUtf8(input.name);
        parts.push_back("merged by cutlab-cli merge from " + names);
        std::string joined;
        for (const std::string& part : parts)
            joined += (joined.empty() ? "" : "; ") + part;
        if (joined.size() > kMaxTextBytes)
            throw Refusal{{"", "the merged model.source would be " + std::to_string(joined.size()) +
                                   " bytes long; at most " + std::to_string(kMaxTextBytes) +
                                   " are allowed (shorten the sources)"}};
        return joined;
    }

    Json mergedMachines() const {
        Json all = Json::array();
        for (std::size_t file = 0; file < m_inputs.size(); ++file)
            for (const Json& machine : machines(file))
                all.push_back(machine);
        return all;
    }

    void mergeLayers(Json& merged) {
        for (std::size_t i = 0; i < merged.size(); ++i) {
            Json& layer = merged[i];
            const std::string id = idOf(layer);
            for (std::size_t file = 1; file < m_inputs.size(); ++file)
                keepFirst(
                    layer, layers(file)[i], file,
                    {"id", "inputs", "output_bytes", "forward_ms", "backward_ms", "update_ms"},
                    Part::Layer, id);
            for (const char* field : {"forward_ms", "backward_ms", "update_ms"}) {
                if (m_options.forwardOnly && std::string_view(field) != "forward_ms")
                    layer.erase(field);
                else if (layer.contains(field)) // then every file has it (checked)
                    layer[field] = mergedTimes(i, field);
            }
        }
    }

    // One layer's time map: every file's machines, in file and machine order.
    Json mergedTimes(std::size_t layer, const char* field) const {
        Json times = Json::object();
        for (std::size_t file = 0; file < m_inputs.size(); ++file) {
            const Json& own = layers(file)[layer].at(field);
            for (const Json& machine : machines(file)) {
                const std::string id = machine.at("id").get<std::string>();
                times[id] = own.at(id);
            }
        }
        return times;
    }

    struct LayerDifference {
        int layers = 0;
        std::string firstLayer;
    };

    const std::vector<NamedProfileJson>& m_inputs;
    const MergeOptions& m_options;
    std::vector<std::string> m_notes;
    std::map<std::pair<std::size_t, std::string>, LayerDifference> m_layerDifferences;
};

} // namespace

MergeResult mergeProfiles(const std::vector<NamedProfileJson>& inputs,
                          const MergeOptions& options) {
    MergeResult result;
    if (inputs.empty()) {
        result.error = MergeError{"", "no profiles to merge"};
        return result;
    }
    ProfileMerger merger(inputs, options);
    Json merged;
    try {
        merged = merger.merge();
    } catch (const Refusal& refusal) {
        result.error = refusal.error;
        return result;
    }
    // What is returned must load: the same check every reader makes.
    const auto check = parseProfile(merged.dump(2) + "\n");
    if (!check.ok()) {
        result.error =
            MergeError{"", "the merged profile does not validate: " + check.issues.front().text()};
        return result;
    }
    result.notes = merger.takeNotes();
    result.profile = std::move(merged);
    return result;
}

} // namespace cutlab::core
