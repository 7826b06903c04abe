#include "core/onnx/FoldedTensor.h"

#include "core/onnx/OnnxTensorData.h"

#include <cmath>
#include <cstring>
#include <limits>

namespace cutlab::core {
namespace {

using onnx::TensorProto;

double elements(const std::vector<std::int64_t>& dims) {
    double count = 1;
    for (const std::int64_t d : dims)
        count *= static_cast<double>(d);
    return count;
}

template <typename T> std::vector<std::int64_t> rawIntegers(const std::string& raw) {
    std::vector<std::int64_t> values(raw.size() / sizeof(T));
    for (std::size_t i = 0; i < values.size(); ++i) {
        T value;
        std::memcpy(&value, raw.data() + i * sizeof(T), sizeof(T));
        values[i] = static_cast<std::int64_t>(value);
    }
    return values;
}

// Integer and boolean types other than INT32 and INT64 (which integerValues reads).
std::optional<std::vector<std::int64_t>> smallIntegers(const TensorProto& t) {
    if (!t.has_raw_data())
        return std::vector<std::int64_t>(t.int32_data().begin(), t.int32_data().end());
    switch (t.data_type()) {
    case TensorProto::BOOL:
    case TensorProto::UINT8:
        return rawIntegers<std::uint8_t>(t.raw_data());
    case TensorProto::INT8:
        return rawIntegers<std::int8_t>(t.raw_data());
    case TensorProto::INT16:
        return rawIntegers<std::int16_t>(t.raw_data());
    case TensorProto::UINT16:
        return rawIntegers<std::uint16_t>(t.raw_data());
    default:
        return std::nullopt;
    }
}

template <typename T> void appendRaw(std::string& raw, T value) {
    char bytes[sizeof(T)];
    std::memcpy(bytes, &value, sizeof(T));
    raw.append(bytes, sizeof(T));
}

} // namespace

bool FoldedTensor::isRealType(int type) {
    return type == TensorProto::FLOAT || type == TensorProto::DOUBLE;
}

bool FoldedTensor::isFoldableType(int type) {
    switch (type) {
    case TensorProto::FLOAT:
    case TensorProto::DOUBLE:
    case TensorProto::INT8:
    case TensorProto::UINT8:
    case TensorProto::INT16:
    case TensorProto::UINT16:
    case TensorProto::INT32:
    case TensorProto::INT64:
    case TensorProto::BOOL:
        return true;
    default:
        return false;
    }
}

std::int64_t FoldedTensor::integer(std::size_t i) const {
    if (!isReal())
        return ints[i];
    const double value = reals[i];
    if (std::isnan(value))
        return 0;
    if (value >= 9.2e18)
        return std::numeric_limits<std::int64_t>::max();
    if (value <= -9.2e18)
        return std::numeric_limits<std::int64_t>::min();
    return static_cast<std::int64_t>(value);
}

FoldedTensor FoldedTensor::zeros(int type, std::vector<std::int64_t> dims) {
    FoldedTensor tensor;
    tensor.type = type;
    const auto count = static_cast<std::size_t>(elements(dims));
    tensor.dims = std::move(dims);
    if (isRealType(type))
        tensor.reals.assign(count, 0.0);
    else
        tensor.ints.assign(count, 0);
    return tensor;
}

std::optional<FoldedTensor> foldedTensorOf(const TensorProto& t) {
    if (!FoldedTensor::isFoldableType(t.data_type()) || t.data_location() == TensorProto::EXTERNAL)
        return std::nullopt;
    FoldedTensor tensor;
    tensor.type = t.data_type();
    tensor.dims.assign(t.dims().begin(), t.dims().end());
    const double count = elements(tensor.dims);
    if (tensor.isReal())
        tensor.reals = numericValues(t);
    else if (t.data_type() == TensorProto::INT32 || t.data_type() == TensorProto::INT64)
        tensor.ints = integerValues(t);
    else if (auto values = smallIntegers(t))
        tensor.ints = std::move(*values);
    if (static_cast<double>(tensor.size()) != count)
        return std::nullopt; // no data (weights stripped)
    return tensor;
}

TensorProto tensorProtoOf(const FoldedTensor& tensor, const std::string& name) {
    TensorProto proto;
    proto.set_name(name);
    proto.set_data_type(tensor.type);
    for (const std::int64_t d : tensor.dims)
        proto.add_dims(d);
    std::string raw;
    for (std::size_t i = 0; i < tensor.size(); ++i) {
        switch (tensor.type) {
        case TensorProto::FLOAT:
            appendRaw(raw, static_cast<float>(tensor.reals[i]));
            break;
        case TensorProto::DOUBLE:
            appendRaw(raw, tensor.reals[i]);
            break;
        case TensorProto::INT64:
            appendRaw(raw, tensor.ints[i]);
            break;
        case TensorProto::INT32:
            appendRaw(raw, static_cast<std::int32_t>(tensor.ints[i]));
            break;
        case TensorProto::INT16:
        case TensorProto::UINT16:
            appendRaw(raw, static_cast<std::uint16_t>(tensor.ints[i]));
            break;
        default: // BOOL, INT8, UINT8
            appendRaw(raw, static_cast<std::uint8_t>(tensor.ints[i]));
            break;
        }
    }
    proto.set_raw_data(raw);
    return proto;
}

} // namespace cutlab::core
