#include "core/io/ProfileWriter.h"

#include "core/io/JsonNumbers.h"

#include <initializer_list>
#include <string_view>

namespace cutlab::core {
namespace {

using Json = nlohmann::ordered_json;

// Appends the fields of `written` that `document` does not already hold and that are not among
// the fields the structs own (`owned`: an absent struct value must not come back from the file).
void appendOtherFields(Json& document, const Json& written,
                       std::initializer_list<std::string_view> owned) {
    if (!written.is_object())
        return;
    for (const auto& [key, value] : written.items()) {
        bool isOwned = false;
        for (std::string_view name : owned)
            isOwned = isOwned || key == name;
        if (!isOwned && !document.contains(key))
            document[key] = value;
    }
}

// An empty object with room for `fields` members: an ordered object grows as a vector, and a
// large profile writes hundreds of thousands of small ones.
Json objectWithRoom(std::size_t fields) {
    Json json = Json::object();
    json.get_ref<Json::object_t&>().reserve(fields);
    return json;
}

bool has(const Json& written, const char* key) {
    return written.is_object() && written.contains(key);
}

Json modelToJson(const ModelInfo& model) {
    Json json = Json::object();
    if (!model.name.empty() || has(model.fields, "name"))
        json["name"] = model.name;
    json["input_bytes"] = jsonNumber(model.inputBytes);
    if (model.batch != 1 || has(model.fields, "batch"))
        json["batch"] = jsonNumber(model.batch);
    if (!model.source.empty() || has(model.fields, "source"))
        json["source"] = model.source;
    appendOtherFields(json, model.fields, {"name", "input_bytes", "batch", "source"});
    return json;
}

Json machineEntryJson(const Machine& machine) {
    Json json = Json::object();
    json["id"] = machine.id;
    json["tier"] = tierName(machine.tier);
    if (!machine.label.empty() || has(machine.fields, "label"))
        json["label"] = machine.label;
    appendOtherFields(json, machine.fields, {"id", "tier", "label"});
    return json;
}

Json timesToJson(const Profile& profile, const std::vector<double>& times) {
    Json json = objectWithRoom(profile.machines.size());
    for (std::size_t m = 0; m < profile.machines.size() && m < times.size(); ++m)
        json[profile.machines[m].id] = jsonNumber(times[m]);
    return json;
}

Json layerToJson(const Profile& profile, const Layer& layer) {
    Json json = objectWithRoom(9 + (layer.fields.is_object() ? layer.fields.size() : 0));
    json["id"] = layer.id;
    if (!layer.type.empty() || has(layer.fields, "type"))
        json["type"] = layer.type;
    Json inputs = Json::array();
    for (int input : layer.inputs)
        inputs.push_back(profile.layers[static_cast<std::size_t>(input)].id);
    json["inputs"] = std::move(inputs);
    json["output_bytes"] = jsonNumber(layer.outputBytes);
    if (layer.paramBytes != 0 || has(layer.fields, "param_bytes"))
        json["param_bytes"] = jsonNumber(layer.paramBytes);
    if (layer.flops != 0 || has(layer.fields, "flops"))
        json["flops"] = jsonNumber(layer.flops);
    json["forward_ms"] = timesToJson(profile, layer.forwardMs);
    if (!layer.backwardMs.empty())
        json["backward_ms"] = timesToJson(profile, layer.backwardMs);
    if (!layer.updateMs.empty())
        json["update_ms"] = timesToJson(profile, layer.updateMs);
    appendOtherFields(json, layer.fields,
                      {"id", "type", "inputs", "output_bytes", "param_bytes", "flops", "forward_ms",
                       "backward_ms", "update_ms"});
    return json;
}

} // namespace

nlohmann::ordered_json profileToJson(const Profile& profile) {
    Json document = Json::object();
    document["format"] = "cutlab-profile";
    document["version"] = 1;
    document["model"] = modelToJson(profile.model);
    Json machines = Json::array();
    for (const Machine& machine : profile.machines)
        machines.push_back(machineEntryJson(machine));
    document["machines"] = std::move(machines);
    Json layers = Json::array();
    for (const Layer& layer : profile.layers)
        layers.push_back(layerToJson(profile, layer));
    document["layers"] = std::move(layers);
    appendOtherFields(document, profile.otherFields, {});
    return document;
}

} // namespace cutlab::core
