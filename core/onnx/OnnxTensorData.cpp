#include "core/onnx/OnnxTensorData.h"

#include <cstring>

namespace cutlab::core {
namespace {

// How many values each typed field holds, and which field a type uses.
struct TypedData {
    int used = 0;  // values in the field the type uses
    int total = 0; // values in all typed fields
    int perElement = 1;
};

TypedData typedData(const onnx::TensorProto& t) {
    TypedData data;
    data.total = t.float_data_size() + t.int32_data_size() + t.string_data_size() +
                 t.int64_data_size() + t.double_data_size() + t.uint64_data_size();
    switch (t.data_type()) {
    case onnx::TensorProto::COMPLEX64:
        data.perElement = 2;
        [[fallthrough]];
    case onnx::TensorProto::FLOAT:
        data.used = t.float_data_size();
        break;
    case onnx::TensorProto::COMPLEX128:
        data.perElement = 2;
        [[fallthrough]];
    case onnx::TensorProto::DOUBLE:
        data.used = t.double_data_size();
        break;
    case onnx::TensorProto::INT64:
        data.used = t.int64_data_size();
        break;
    case onnx::TensorProto::UINT32:
    case onnx::TensorProto::UINT64:
        data.used = t.uint64_data_size();
        break;
    case onnx::TensorProto::STRING:
        data.used = t.string_data_size();
        break;
    default: // INT32, INT16, INT8, UINT16, UINT8, BOOL, FLOAT16, BFLOAT16
        data.used = t.int32_data_size();
        break;
    }
    return data;
}

std::string typeText(const onnx::TensorProto& t) {
    std::string text = onnx::TensorProto_DataType_Name(t.data_type()) + " [";
    for (int i = 0; i < t.dims_size(); ++i)
        text += (i ? ", " : "") + std::to_string(t.dims(i));
    return text + "]";
}

template <typename T> std::vector<T> rawValues(const std::string& raw) {
    std::vector<T> values(raw.size() / sizeof(T));
    std::memcpy(values.data(), raw.data(), values.size() * sizeof(T));
    return values;
}

} // namespace

double onnxElementBytes(int type) {
    switch (type) {
    case onnx::TensorProto::BOOL:
    case onnx::TensorProto::INT8:
    case onnx::TensorProto::UINT8:
        return 1;
    case onnx::TensorProto::INT16:
    case onnx::TensorProto::UINT16:
    case onnx::TensorProto::FLOAT16:
    case onnx::TensorProto::BFLOAT16:
        return 2;
    case onnx::TensorProto::INT32:
    case onnx::TensorProto::UINT32:
    case onnx::TensorProto::FLOAT:
        return 4;
    case onnx::TensorProto::INT64:
    case onnx::TensorProto::UINT64:
    case onnx::TensorProto::DOUBLE:
    case onnx::TensorProto::COMPLEX64:
        return 8;
    case onnx::TensorProto::COMPLEX128:
        return 16;
    default:
        return 0; // strings and undefined: no fixed size
    }
}

std::optional<std::string> tensorDataProblem(const onnx::TensorProto& t, double elements) {
    if (t.data_location() == onnx::TensorProto::EXTERNAL)
        return std::nullopt;
    const TypedData typed = typedData(t);
    if (t.has_raw_data()) {
        const double bytes = onnxElementBytes(t.data_type());
        if (bytes == 0)
            return "holds raw data, which a " + typeText(t) + " tensor cannot hold";
        if (typed.total > 0)
            return std::string("holds both raw and typed data");
        const double needed = elements * bytes;
        if (static_cast<double>(t.raw_data().size()) != needed)
            return "holds " + std::to_string(t.raw_data().size()) + " bytes of raw data; " +
                   typeText(t) + " needs " + std::to_string(static_cast<long long>(needed));
        return std::nullopt;
    }
    if (typed.total != typed.used)
        return "holds data in a field that " + typeText(t) + " does not use";
    const double needed = elements * typed.perElement;
    if (typed.used != 0 && static_cast<double>(typed.used) != needed)
        return "holds " + std::to_string(typed.used) + " values; " + typeText(t) + " needs " +
               std::to_string(static_cast<long long>(needed));
    return std::nullopt;
}

std::vector<std::int64_t> integerValues(const onnx::TensorProto& t) {
    if (t.data_type() == onnx::TensorProto::INT64)
        return t.has_raw_data()
                   ? rawValues<std::int64_t>(t.raw_data())
                   : std::vector<std::int64_t>(t.int64_data().begin(), t.int64_data().end());
    if (t.data_type() == onnx::TensorProto::INT32) {
        if (!t.has_raw_data())
            return {t.int32_data().begin(), t.int32_data().end()};
        const auto values = rawValues<std::int32_t>(t.raw_data());
        return {values.begin(), values.end()};
    }
    return {};
}

std::vector<double> numericValues(const onnx::TensorProto& t) {
    if (t.data_type() == onnx::TensorProto::FLOAT) {
        if (!t.has_raw_data())
            return {t.float_data().begin(), t.float_data().end()};
        const auto values = rawValues<float>(t.raw_data());
        return {values.begin(), values.end()};
    }
    if (t.data_type() == onnx::TensorProto::DOUBLE)
        return t.has_raw_data()
                   ? rawValues<double>(t.raw_data())
                   : std::vector<double>(t.double_data().begin(), t.double_data().end());
    const auto integers = integerValues(t);
    return {integers.begin(), integers.end()};
}

} // namespace cutlab::core
