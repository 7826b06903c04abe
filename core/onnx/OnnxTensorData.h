#pragma once

#include <onnx/onnx_pb.h>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace cutlab::core {

// Bytes of one element of an ONNX element type; 0 for strings and unknown types.
double onnxElementBytes(int type);

// Why a tensor's data does not match its element type and `elements` (the product of its
// dimensions), as the end of a sentence ("holds 7 bytes of raw data; INT64 [1] needs 8");
// nullopt when it matches, when the data is external, or when there is none (weights stripped).
std::optional<std::string> tensorDataProblem(const onnx::TensorProto& tensor, double elements);

// The values of an INT32 or INT64 tensor whose data has been checked (empty for other types or
// absent data).
std::vector<std::int64_t> integerValues(const onnx::TensorProto& tensor);
// The values of a numeric tensor (FLOAT, DOUBLE, INT32, INT64) whose data has been checked.
std::vector<double> numericValues(const onnx::TensorProto& tensor);

} // namespace cutlab::core
