// The operators CutLab evaluates while it folds the shapes a model computes inside its graph,
// against values worked out by hand from the ONNX specification.
#include "../TestMain.h"
#include "core/onnx/EinsumEquation.h"
#include "core/onnx/ShapeArithmetic.h"
#include "core/onnx/ShapeOperators.h"

#include <QTest>

#include <limits>

// every test file has its own namespace: the test programs compile in unity batches
namespace tst_shapefolding {

using namespace cutlab::core;
using folding::FoldingError;
using folding::FoldTooLarge;

namespace {

using Ints = std::vector<std::int64_t>;

FoldedTensor ints(Ints dims, Ints values) {
    FoldedTensor t;
    t.dims = std::move(dims);
    t.ints = std::move(values);
    return t;
}

FoldedTensor reals(Ints dims, std::vector<double> values) {
    FoldedTensor t;
    t.type = onnx::TensorProto::FLOAT;
    t.dims = std::move(dims);
    t.reals = std::move(values);
    return t;
}

onnx::NodeProto node(const std::string& op) {
    onnx::NodeProto n;
    n.set_op_type(op);
    n.set_name(op);
    n.add_output(op + "_out");
    return n;
}

onnx::NodeProto with(onnx::NodeProto n, const std::string& name, std::int64_t value) {
    auto* a = n.add_attribute();
    a->set_name(name);
    a->set_type(onnx::AttributeProto::INT);
    a->set_i(value);
    return n;
}

onnx::NodeProto withInts(onnx::NodeProto n, const std::string& name, const Ints& values) {
    auto* a = n.add_attribute();
    a->set_name(name);
    a->set_type(onnx::AttributeProto::INTS);
    for (const auto v : values)
        a->add_ints(v);
    return n;
}

FoldedTensor run(const onnx::NodeProto& n, const std::vector<FoldedTensor>& inputs,
                 std::int64_t opset = 13) {
    std::vector<const FoldedTensor*> pointers;
    for (const auto& t : inputs)
        pointers.push_back(t.dims.empty() && t.size() == 0 ? nullptr : &t);
    const auto out = evaluateShapeOperator(n, pointers, opset, 1'000'000);
    if (!out)
        throw std::runtime_error("not evaluated");
    return *out;
}

} // namespace

class TestShapeFolding : public QObject {
    Q_OBJECT

  private slots:
    void gatherCountsNegativeIndicesFromTheEnd() {
        const auto out = run(with(node("Gather"), "axis", 1),
                             {ints({2, 3}, {1, 2, 3, 4, 5, 6}), ints({2}, {-1, 0})});
        QCOMPARE(out.dims, (Ints{2, 2}));
        QCOMPARE(out.ints, (Ints{3, 1, 6, 4}));
        const auto scalar = run(node("Gather"), {ints({3}, {7, 8, 9}), ints({}, {2})});
        QCOMPARE(scalar.dims, Ints{});
        QCOMPARE(scalar.ints, Ints{9});
        QVERIFY_THROWS_EXCEPTION(FoldingError,
                                 run(node("Gather"), {ints({3}, {7, 8, 9}), ints({}, {3})}));
    }

    void sliceClampsAndStepsBackwards() {
        const Ints ten{0, 1, 2, 3, 4, 5, 6, 7, 8, 9};
        const auto max = std::numeric_limits<std::int64_t>::max();
        const auto forward =
            run(node("Slice"), {ints({10}, ten), ints({1}, {2}), ints({1}, {max})});
        QCOMPARE(forward.ints, (Ints{2, 3, 4, 5, 6, 7, 8, 9}));
        const auto backward =
            run(node("Slice"), {ints({10}, ten), ints({1}, {-1}), ints({1}, {-max}), ints({1}, {0}),
                                ints({1}, {-2})});
        QCOMPARE(backward.ints, (Ints{9, 7, 5, 3, 1}));
        const auto empty = run(node("Slice"), {ints({10}, ten), ints({1}, {5}), ints({1}, {2})});
        QCOMPARE(empty.dims, Ints{0});
        // opset 1..9: starts, ends and axes are attributes
        const auto old = run(withInts(withInts(node("Slice"), "starts", {1}), "ends", {2}),
                             {ints({2, 3}, {1, 2, 3, 4, 5, 6})}, 9);
        QCOMPARE(old.dims, (Ints{1, 3}));
        QCOMPARE(old.ints, (Ints{4, 5, 6}));
        // an end of -1 counts from the end: rows [1, 2 - 1) of two is none
        const auto none = run(withInts(withInts(node("Slice"), "starts", {1}), "ends", {-1}),
                              {ints({2, 3}, {1, 2, 3, 4, 5, 6})}, 9);
        QCOMPARE(none.dims, (Ints{0, 3}));
    }

    void reshapeCopiesZerosAndInfersMinusOne() {
        Ints values(24);
        const auto out = run(node("Reshape"), {ints({2, 3, 4}, values), ints({2}, {0, -1})});
        QCOMPARE(out.dims, (Ints{2, 12}));
        QVERIFY_THROWS_EXCEPTION(FoldingError,
                                 run(with(node("Reshape"), "allowzero", 1),
                                     {ints({2, 3, 4}, values), ints({2}, {0, -1})}, 14));
        QVERIFY_THROWS_EXCEPTION(
            FoldingError, run(node("Reshape"), {ints({2, 3, 4}, values), ints({2}, {5, -1})}));
        // a malformed target cannot overflow: refused, not wrapped around to 24
        const std::int64_t huge = std::int64_t(1) << 40;
        QVERIFY_THROWS_EXCEPTION(FoldingError, run(node("Reshape"), {ints({2, 3, 4}, values),
                                                                     ints({3}, {huge, huge, 24})}));
        QVERIFY_THROWS_EXCEPTION(FoldTooLarge,
                                 run(node("Tile"), {ints({1}, {1}), ints({1}, {huge})}));
    }

    void unsqueezeAndSqueezeReadAxesByOpset() {
        const auto three = ints({3}, {4, 5, 6});
        QCOMPARE(run(node("Unsqueeze"), {three, ints({2}, {-1, 0})}).dims, (Ints{1, 3, 1}));
        QCOMPARE(run(withInts(node("Unsqueeze"), "axes", {0}), {three}, 11).dims, (Ints{1, 3}));
        const auto column = ints({1, 3, 1}, {4, 5, 6});
        QCOMPARE(run(node("Squeeze"), {column}).dims, Ints{3});
        QCOMPARE(run(node("Squeeze"), {column, ints({1}, {-1})}).dims, (Ints{1, 3}));
        QVERIFY_THROWS_EXCEPTION(FoldingError, run(node("Squeeze"), {column, ints({1}, {1})}));
    }

    void concatJoinsAlongTheAxis() {
        const auto out = run(with(node("Concat"), "axis", -1),
                             {ints({2, 1}, {1, 2}), ints({2, 2}, {3, 4, 5, 6})});
        QCOMPARE(out.dims, (Ints{2, 3}));
        QCOMPARE(out.ints, (Ints{1, 3, 4, 2, 5, 6}));
    }

    void integerDivisionTruncatesAndModTakesTheDivisorsSign() {
        const auto a = ints({2}, {-7, 7});
        const auto b = ints({2}, {2, -2});
        QCOMPARE(run(node("Div"), {a, b}).ints, (Ints{-3, -3}));
        QCOMPARE(run(node("Mod"), {a, b}).ints, (Ints{1, -1}));
        QCOMPARE(run(with(node("Mod"), "fmod", 1), {a, b}).ints, (Ints{-1, 1}));
        QVERIFY_THROWS_EXCEPTION(FoldingError, run(node("Div"), {a, ints({}, {0})}));
        const auto max = std::numeric_limits<std::int64_t>::max();
        QVERIFY_THROWS_EXCEPTION(FoldingError, run(node("Mul"), {ints({}, {max}), ints({}, {2})}));
    }

    void rangeCountsItsSteps() {
        QCOMPARE(run(node("Range"), {ints({}, {2}), ints({}, {11}), ints({}, {3})}).ints,
                 (Ints{2, 5, 8}));
        QCOMPARE(run(node("Range"), {ints({}, {5}), ints({}, {2}), ints({}, {1})}).dims, Ints{0});
        const auto quarters =
            run(node("Range"), {reals({}, {0}), reals({}, {1}), reals({}, {0.25})});
        QCOMPARE(quarters.reals, (std::vector<double>{0, 0.25, 0.5, 0.75}));
    }

    void whereAndExpandBroadcast() {
        const auto out =
            run(node("Where"), {ints({2, 1}, {1, 0}), ints({1, 2}, {10, 20}), ints({}, {-1})});
        QCOMPARE(out.dims, (Ints{2, 2}));
        QCOMPARE(out.ints, (Ints{10, 20, -1, -1}));
        const auto expanded = run(node("Expand"), {ints({1}, {7}), ints({2}, {2, 3})});
        QCOMPARE(expanded.ints, Ints(6, 7));
        QVERIFY_THROWS_EXCEPTION(FoldingError,
                                 run(node("Expand"), {ints({2}, {1, 2}), ints({1}, {3})}));
    }

    void constantOfShapeChecksTheLimitFirst() {
        const auto zeros = run(node("ConstantOfShape"), {ints({2}, {2, 2})});
        QCOMPARE(zeros.type, int(onnx::TensorProto::FLOAT));
        QCOMPARE(zeros.reals, std::vector<double>(4, 0.0));
        try {
            run(node("ConstantOfShape"), {ints({2}, {1000, 1001})});
            QFAIL("a tensor above the limit was made");
        } catch (const FoldTooLarge& large) {
            QCOMPARE(large.elements(), 1'001'000.0);
        }
    }

    void triluKeepsItsTriangle() {
        const auto ones = ints({3, 3}, Ints(9, 1));
        const auto lower = run(with(node("Trilu"), "upper", 0), {ones}, 14);
        QCOMPARE(lower.ints, (Ints{1, 0, 0, 1, 1, 0, 1, 1, 1}));
        const auto upper = run(node("Trilu"), {ones, ints({}, {1})}, 14);
        QCOMPARE(upper.ints, (Ints{0, 1, 1, 0, 0, 1, 0, 0, 0}));
    }

    void castTransposeTileAndReduce() {
        const auto cast =
            run(with(node("Cast"), "to", onnx::TensorProto::INT64), {reals({2}, {2.7, -2.7})});
        QCOMPARE(cast.ints, (Ints{2, -2}));
        const auto t =
            run(withInts(node("Transpose"), "perm", {1, 0}), {ints({2, 3}, {1, 2, 3, 4, 5, 6})});
        QCOMPARE(t.dims, (Ints{3, 2}));
        QCOMPARE(t.ints, (Ints{1, 4, 2, 5, 3, 6}));
        QCOMPARE(run(node("Tile"), {ints({2}, {1, 2}), ints({1}, {3})}).ints,
                 (Ints{1, 2, 1, 2, 1, 2}));
        const auto product = run(with(node("ReduceProd"), "keepdims", 0), {ints({3}, {2, 3, 4})});
        QCOMPARE(product.dims, Ints{});
        QCOMPARE(product.ints, Ints{24});
    }

    void einsumShapesAndSummedIndices() {
        const EinsumEquation attention("bhid,bhjd->bhij", {{1, 2, 5, 8}, {1, 2, 7, 8}});
        QCOMPARE(*attention.outputShape(), (Ints{1, 2, 5, 7}));
        QCOMPARE(attention.summedSize(), 8.0);
        const EinsumEquation spaced("B G I D, B G J D -> B G I J", {{1, 3, 4, 6}, {1, 3, 9, 6}});
        QCOMPARE(*spaced.outputShape(), (Ints{1, 3, 4, 9}));
        const EinsumEquation implicit("ij,jk", {{2, 3}, {3, 4}});
        QCOMPARE(*implicit.outputShape(), (Ints{2, 4}));
        QCOMPARE(implicit.summedSize(), 3.0);
        const EinsumEquation ellipsis("...ij,...jk->...ik", {{5, 2, 3}, {1, 3, 4}});
        QCOMPARE(*ellipsis.outputShape(), (Ints{5, 2, 4}));
        QVERIFY(!EinsumEquation("ij,jk->ik", {{2, 3}}).outputShape());
    }
};

CUTLAB_TEST_MAIN(TestShapeFolding, Appless)
} // namespace tst_shapefolding

#include "tst_shapefolding.moc"
