#include "core/io/ProfileLoader.h"

#include "core/io/JsonFields.h"
#include "core/io/JsonText.h"
#include "core/io/PowerFields.h"
#include "core/model/OperatorClass.h"

#include <unordered_map>

namespace cutlab::core {
namespace {

using Json = nlohmann::ordered_json;

class ProfileValidator {
  public:
    // A layer graph is a profile before its machines are added: no machines and no times.
    ProfileValidator(std::vector<ProfileIssue>& issues, bool layerGraph)
        : m_issues(issues), m_fields(issues), m_layerGraph(layerGraph) {}

    std::optional<Profile> validate(Json& root) {
        if (!root.is_object()) {
            m_fields.add("", "the top level must be a JSON object");
            return std::nullopt;
        }
        checkHeader(root);
        keepOtherFields(root);
        readModel(root);
        readMachines(root);
        readLayers(root);
        if (!m_issues.empty())
            return std::nullopt;
        return std::move(m_profile);
    }

  private:
    void checkHeader(const Json& root) {
        const auto format = root.find("format");
        if (format == root.end())
            m_fields.add("/format", "missing \"format\": \"cutlab-profile\"");
        else if (!format->is_string() || format->get<std::string>() != "cutlab-profile")
            m_fields.add("/format", "this is not a CutLab profile: format is " +
                                        briefJson(*format) + ", expected \"cutlab-profile\"");
        const auto version = root.find("version");
        if (version == root.end())
            m_fields.add("/version", "missing \"version\": 1");
        else if (version->is_string())
            m_fields.add("/version", "the number " + briefJson(*version) +
                                         " is written as a string; remove the quotes");
        else if (!version->is_number() || version->get<double>() != 1.0)
            m_fields.add("/version", "unsupported version " + briefJson(*version) +
                                         " (this CutLab reads version 1)");
    }

    void keepOtherFields(const Json& root) {
        for (const auto& [key, value] : root.items())
            if (key != "format" && key != "version" && key != "model" && key != "machines" &&
                key != "layers")
                m_profile.otherFields[key] = value;
    }

    void readModel(const Json& root) {
        const auto model = root.find("model");
        if (model == root.end()) {
            m_fields.add("/model", "missing \"model\" (an object with at least \"input_bytes\")");
            return;
        }
        if (!model->is_object()) {
            m_fields.add("/model", "must be an object");
            return;
        }
        m_profile.model.fields = *model;
        if (auto name = model->find("name"); name != model->end()) {
            if (auto text = m_fields.string(*name, "/model/name"))
                m_profile.model.name = *text;
        }
        if (auto source = model->find("source"); source != model->end()) {
            if (auto text = m_fields.string(*source, "/model/source", kMaxTextBytes))
                m_profile.model.source = *text;
        }
        if (auto input = model->find("input_bytes"); input != model->end()) {
            if (auto bytes = m_fields.nonNegativeNumber(*input, "/model/input_bytes", kBytesRange))
                m_profile.model.inputBytes = *bytes;
        } else {
            m_fields.add("/model", "missing \"input_bytes\" (bytes of one input sample)");
        }
        if (auto batch = model->find("batch"); batch != model->end()) {
            if (auto samples = m_fields.nonNegativeNumber(*batch, "/model/batch", kBatchRange)) {
                if (*samples < 1)
                    m_fields.add("/model/batch", "must be at least 1 sample");
                else
                    m_profile.model.batch = *samples;
            }
        }
    }

    void readMachines(const Json& root) {
        if (m_layerGraph) {
            const auto machines = root.find("machines");
            if (machines == root.end() || !machines->is_array() || !machines->empty())
                m_fields.add("/machines", "a layer graph lists no machines (\"machines\": [])");
            return;
        }
        const std::size_t issuesBefore = m_issues.size();
        readMachineList(root);
        // Per-layer times are checked against the machines only when the list itself is sound;
        // otherwise every layer would repeat the same problem.
        m_machinesSound = m_issues.size() == issuesBefore;
    }

    void readMachineList(const Json& root) {
        const auto machines = root.find("machines");
        if (machines == root.end() || (machines->is_array() && machines->empty())) {
            m_fields.add("/machines", "the profile lists no machines");
            return;
        }
        if (!machines->is_array()) {
            m_fields.add("/machines", "must be a list of machines");
            return;
        }
        std::unordered_map<std::string, std::size_t> seen;
        for (std::size_t i = 0; i < machines->size(); ++i) {
            const Json& entry = (*machines)[i];
            const std::string at = jsonPointerAppend("/machines", i);
            if (!entry.is_object()) {
                m_fields.add(at, "must be an object with \"id\" and \"tier\"");
                continue;
            }
            Machine machine;
            machine.fields = entry;
            const auto id = entry.find("id");
            if (id == entry.end()) {
                m_fields.add(at, "missing \"id\"");
            } else if (auto text = m_fields.string(*id, {at, "id"})) {
                if (text->empty())
                    m_fields.add(at + "/id", "empty machine id");
                else if (auto [it, fresh] = seen.emplace(*text, i); !fresh)
                    m_fields.add(at + "/id", "duplicate machine id '" + *text +
                                                 "' (also /machines/" + std::to_string(it->second) +
                                                 ")");
                machine.id = *text;
            }
            const auto tier = entry.find("tier");
            if (tier == entry.end()) {
                m_fields.add(at, "missing \"tier\" (device, edge or cloud)");
            } else if (auto text = m_fields.string(*tier, at + "/tier")) {
                if (auto parsed = tierFromName(*text))
                    machine.tier = *parsed;
                else
                    m_fields.add(at + "/tier",
                                 "unknown tier '" + *text + "' (expected device, edge or cloud)");
            }
            if (auto label = entry.find("label"); label != entry.end()) {
                if (auto text = m_fields.string(*label, at + "/label"))
                    machine.label = *text;
            }
            if (auto memory = entry.find("memory_bytes"); memory != entry.end()) {
                const auto bytes =
                    m_fields.nonNegativeNumber(*memory, at + "/memory_bytes", kBytesRange);
                if (bytes && *bytes == 0)
                    m_fields.add(at + "/memory_bytes", "must be above 0 (the machine's memory)");
                else if (bytes)
                    machine.memoryBytes = *bytes;
            }
            if (auto power = entry.find("power"); power != entry.end())
                machine.power = readDevicePower(*power, at + "/power", m_fields);
            m_profile.machines.push_back(std::move(machine));
        }
    }

    void readLayers(Json& root) {
        const auto layers = root.find("layers");
        if (layers == root.end() || (layers->is_array() && layers->empty())) {
            m_fields.add("/layers", "the profile lists no layers");
            return;
        }
        if (!layers->is_array()) {
            m_fields.add("/layers", "must be a list of layers");
            return;
        }
        // First position of every id, so that "later layer" and "unknown layer" differ.
        std::unordered_map<std::string, std::size_t> firstPosition;
        for (std::size_t i = 0; i < layers->size(); ++i) {
            const Json& entry = (*layers)[i];
            if (!entry.is_object())
                continue;
            const auto id = entry.find("id");
            if (id != entry.end() && id->is_string() &&
                id->get_ref<const std::string&>().size() <= kMaxNameBytes)
                firstPosition.emplace(id->get<std::string>(), i);
        }
        bool backwardEverywhere = true, updateEverywhere = true;
        m_profile.layers.reserve(layers->size());
        for (std::size_t i = 0; i < layers->size(); ++i) {
            Json& entry = (*layers)[i];
            const std::string at = jsonPointerAppend("/layers", i);
            if (!entry.is_object()) {
                m_fields.add(at, "must be an object describing one layer");
                continue;
            }
            Layer layer;
            readLayerId(entry, at, i, firstPosition, layer);
            readInputs(entry, at, i, firstPosition, layer);
            readLayerNumbers(entry, at, layer);
            layer.forwardMs = readTimes(entry, at, "forward_ms", !m_layerGraph);
            layer.backwardMs = readTimes(entry, at, "backward_ms", false);
            layer.updateMs = readTimes(entry, at, "update_ms", false);
            backwardEverywhere = backwardEverywhere && !layer.backwardMs.empty();
            updateEverywhere = updateEverywhere && !layer.updateMs.empty();
            layer.fields = std::move(entry);
            m_profile.layers.push_back(std::move(layer));
        }
        m_profile.hasBackward = backwardEverywhere;
        m_profile.hasUpdate = updateEverywhere;
    }

    void readLayerId(const Json& entry, const std::string& at, std::size_t position,
                     const std::unordered_map<std::string, std::size_t>& firstPosition,
                     Layer& layer) {
        const auto id = entry.find("id");
        if (id == entry.end()) {
            m_fields.add(at, "missing \"id\"");
            return;
        }
        auto text = m_fields.string(*id, {at, "id"});
        if (!text)
            return;
        if (text->empty()) {
            m_fields.add({at, "id"}, "empty layer id");
            return;
        }
        const std::size_t first = firstPosition.at(*text);
        if (first != position)
            m_fields.add({at, "id"}, "duplicate layer id '" + *text + "' (also /layers/" +
                                         std::to_string(first) + ")");
        layer.id = *text;
        if (auto type = entry.find("type"); type != entry.end()) {
            if (auto name = m_fields.string(*type, {at, "type"}))
                layer.type = *name;
        }
        if (auto kind = entry.find("operator_class"); kind != entry.end())
            if (auto name = m_fields.string(*kind, {at, "operator_class"}))
                if (!operatorClassFromName(*name))
                    m_fields.add({at, "operator_class"}, "unknown operator class '" + *name +
                                                             "' (expected one of " +
                                                             operatorClassNames() + ")");
    }

    void readInputs(const Json& entry, const std::string& at, std::size_t position,
                    const std::unordered_map<std::string, std::size_t>& firstPosition,
                    Layer& layer) {
        const auto inputs = entry.find("inputs");
        if (inputs == entry.end() || inputs->is_null() || (inputs->is_array() && inputs->empty())) {
            layer.readsModelInput = true;
            return;
        }
        // a layer that reads the model input beside earlier layers (imported graphs)
        if (auto also = entry.find("reads_model_input"); also != entry.end()) {
            if (!also->is_boolean())
                m_fields.add({at, "reads_model_input"},
                             "\"reads_model_input\" must be true or false");
            else
                layer.readsModelInput = also->get<bool>();
        }
        if (!inputs->is_array()) {
            m_fields.add({at, "inputs"}, "\"inputs\" must be a list of layer ids");
            return;
        }
        const std::string inputsAt = at + "/inputs";
        for (std::size_t k = 0; k < inputs->size(); ++k) {
            const IssuePointer where(inputsAt, k);
            auto name = m_fields.string((*inputs)[k], where);
            if (!name)
                continue;
            const auto found = firstPosition.find(*name);
            if (found == firstPosition.end())
                m_fields.add(where, "unknown layer '" + briefText(*name) + "'");
            else if (found->second == position)
                m_fields.add(where, "layer '" + *name + "' reads its own output (a cycle)");
            else if (found->second > position)
                m_fields.add(
                    where,
                    "layer '" + *name +
                        "' comes later in the list (a cycle, or layers not in topological order)");
            else
                layer.inputs.push_back(static_cast<int>(found->second));
        }
    }

    void readLayerNumbers(const Json& entry, const std::string& at, Layer& layer) {
        if (auto bytes = entry.find("output_bytes"); bytes == entry.end())
            m_fields.add(at, "missing \"output_bytes\"");
        else if (auto value = m_fields.nonNegativeNumber(*bytes, {at, "output_bytes"}, kBytesRange))
            layer.outputBytes = *value;
        if (auto bytes = entry.find("param_bytes"); bytes != entry.end()) {
            if (auto value = m_fields.nonNegativeNumber(*bytes, {at, "param_bytes"}, kBytesRange))
                layer.paramBytes = *value;
        }
        if (auto flops = entry.find("flops"); flops != entry.end()) {
            if (auto value = m_fields.nonNegativeNumber(*flops, {at, "flops"}, kFlopsRange))
                layer.flops = *value;
        }
    }

    // One time per machine, in profile order; empty when an optional field is absent.
    std::vector<double> readTimes(const Json& entry, const std::string& at, const char* field,
                                  bool required) {
        const auto times = entry.find(field);
        if (times == entry.end()) {
            if (required)
                m_fields.add(at, std::string("missing \"") + field + "\"");
            return {};
        }
        const std::string where = at + "/" + field;
        if (!times->is_object()) {
            m_fields.add(where, "must be an object mapping machine ids to milliseconds");
            return {};
        }
        std::vector<double> result(m_profile.machines.size(), 0.0);
        for (const auto& [key, value] : times->items()) {
            const std::string machineId = key.size() > kMaxNameBytes ? briefText(key) : key;
            if (!m_machinesSound) {
                m_fields.nonNegativeNumber(value, {where, machineId}, kTimeRange);
                continue;
            }
            const int machine = m_profile.machineIndex(machineId);
            if (machine < 0) {
                m_fields.add(jsonPointerAppend(where, machineId),
                             "unknown machine '" + briefText(machineId) + "'");
                continue;
            }
            if (auto ms = m_fields.nonNegativeNumber(value, {where, machineId}, kTimeRange))
                result[static_cast<std::size_t>(machine)] = *ms;
        }
        for (const Machine& machine : m_profile.machines) {
            if (m_machinesSound && !times->contains(machine.id))
                m_fields.add(where, "no time for machine '" + machine.id + "'");
        }
        return result;
    }

    std::vector<ProfileIssue>& m_issues;
    JsonFields m_fields;
    Profile m_profile;
    bool m_layerGraph;
    bool m_machinesSound = true;
};

ProfileLoadResult validateDocument(nlohmann::ordered_json& document, bool layerGraph) {
    ProfileLoadResult result;
    ProfileValidator validator(result.issues, layerGraph);
    result.profile = validator.validate(document);
    return result;
}

} // namespace

ProfileLoadResult parseProfile(std::string_view text) {
    ProfileLoadResult result;
    JsonParseResult parsed = parseJsonText(text);
    if (parsed.issue) {
        result.issues.push_back(*parsed.issue);
        return result;
    }
    return validateDocument(*parsed.value, false);
}

ProfileLoadResult validateLayerGraphJson(nlohmann::ordered_json& document) {
    return validateDocument(document, true);
}

ProfileLoadResult loadProfileFile(const std::string& path) {
    std::string error;
    auto text = readTextFile(path, error);
    if (!text) {
        ProfileLoadResult result;
        result.issues.push_back({"", error});
        return result;
    }
    return parseProfile(*text);
}

} // namespace cutlab::core
