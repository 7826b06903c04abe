// AccEPT's real bit-level codec (docs/cost-models.md §2.4.1): the forward multi-bit binary
// quantiser and the backward stochastic quantiser, checked against the stream layout read back by
// hand, the sizes AcceptCodec charges, least squares worked out here, and statistics.
#include "../TestMain.h"
#include "core/compression/AcceptBackwardDecoder.h"
#include "core/compression/AcceptBackwardEncoder.h"
#include "core/compression/AcceptBitSchedule.h"
#include "core/compression/AcceptCodec.h"
#include "core/compression/AcceptForwardDecoder.h"
#include "core/compression/AcceptForwardEncoder.h"
#include "core/compression/CodecError.h"

#include <QTest>

#include <cmath>
#include <cstring>
#include <functional>
#include <limits>
#include <random>
#include <string>
#include <vector>

// every test file has its own namespace: the test programs compile in unity batches
namespace tst_acceptbitcodec {

using namespace cutlab::core;

namespace {

std::vector<float> normalData(std::size_t count, unsigned seed, bool relu = false) {
    std::mt19937 generator(seed);
    std::normal_distribution<float> normal(0.0f, 1.0f);
    std::vector<float> values(count);
    for (float& v : values)
        v = relu ? std::max(0.0f, normal(generator)) : normal(generator);
    return values;
}

double relativeError(const std::vector<float>& x, const std::vector<float>& decoded) {
    double error = 0, norm = 0;
    for (std::size_t i = 0; i < x.size(); ++i) {
        error += (double(x[i]) - decoded[i]) * (double(x[i]) - decoded[i]);
        norm += double(x[i]) * x[i];
    }
    return std::sqrt(error / norm);
}

float floatAt(const std::vector<std::uint8_t>& stream, std::size_t offset) {
    float value;
    std::memcpy(&value, stream.data() + offset, 4);
    return value;
}

// The forward stream read back as the documentation lays it out: α_1..α_k, then for group g of
// eight samples, element e and basis j the byte 4k + (g·E + e)·k + j whose bit 7 − b is basis j
// of sample 8g + b (1 = +1), then the mean error.
struct ForwardStream {
    std::vector<float> alpha;
    std::vector<unsigned> pattern; // per value, row-major: bit j set when B_j = +1
    float meanError = 0;
    bool paddingZero = true;
};

ForwardStream readForward(const std::vector<std::uint8_t>& stream, int k, long long n,
                          long long E) {
    ForwardStream read;
    for (int j = 0; j < k; ++j)
        read.alpha.push_back(floatAt(stream, 4 * j));
    read.pattern.assign(std::size_t(n * E), 0);
    const long long groups = (n + 7) / 8;
    for (long long g = 0; g < groups; ++g)
        for (long long e = 0; e < E; ++e)
            for (int j = 0; j < k; ++j) {
                const std::uint8_t byte = stream[std::size_t(4 * k + (g * E + e) * k + j)];
                for (int b = 0; b < 8; ++b) {
                    const bool bit = byte >> (7 - b) & 1;
                    const long long sample = 8 * g + b;
                    if (sample >= n)
                        read.paddingZero &= !bit;
                    else if (bit)
                        read.pattern[std::size_t(sample * E + e)] |= 1u << j;
                }
            }
    read.meanError = floatAt(stream, stream.size() - 4);
    return read;
}

float levelOf(const std::vector<float>& alpha, unsigned pattern) {
    float level = 0;
    for (std::size_t j = 0; j < alpha.size(); ++j)
        level += (pattern >> j & 1) ? alpha[j] : -alpha[j];
    return level;
}

// Solves the k×k system by Gaussian elimination with partial pivoting (independent of the
// codec's Eigen solve).
std::vector<double> solve(std::vector<std::vector<double>> a, std::vector<double> b) {
    const std::size_t k = b.size();
    for (std::size_t c = 0; c < k; ++c) {
        std::size_t pivot = c;
        for (std::size_t r = c + 1; r < k; ++r)
            if (std::fabs(a[r][c]) > std::fabs(a[pivot][c]))
                pivot = r;
        std::swap(a[c], a[pivot]);
        std::swap(b[c], b[pivot]);
        for (std::size_t r = c + 1; r < k; ++r) {
            const double f = a[r][c] / a[c][c];
            for (std::size_t l = c; l < k; ++l)
                a[r][l] -= f * a[c][l];
            b[r] -= f * b[c];
        }
    }
    std::vector<double> x(k);
    for (std::size_t c = k; c-- > 0;) {
        double s = b[c];
        for (std::size_t l = c + 1; l < k; ++l)
            s -= a[c][l] * x[l];
        x[c] = s / a[c][c];
    }
    return x;
}

// The message of the CodecError `work` throws, or "no CodecError".
QString codecErrorOf(const std::function<void()>& work) {
    try {
        work();
    } catch (const CodecError& error) {
        return QString::fromStdString(error.what());
    }
    return QStringLiteral("no CodecError");
}

} // namespace

class TestAcceptBitCodec : public QObject {
    Q_OBJECT
  private slots:
    void forwardRoundTrip_data() {
        QTest::addColumn<int>("bits");
        QTest::addColumn<int>("samples");
        QTest::addColumn<int>("elements");
        for (int k : {2, 3, 4})
            for (auto [n, e] : {std::pair{1, 1}, {1, 6}, {7, 3}, {8, 3}, {9, 3}, {16, 1}, {33, 17}})
                QTest::addRow("k%d n%d E%d", k, n, e) << k << n << e;
    }
    // Two batches (residue start, then the stateful update): the decoder gives Σ α_j·B_j − m for
    // the bits at their documented places, the stream has the codec's size, unused bits are zero.
    void forwardRoundTrip() {
        QFETCH(int, bits);
        QFETCH(int, samples);
        QFETCH(int, elements);
        AcceptForwardEncoder encoder(bits);
        const AcceptForwardDecoder decoder(bits);
        for (int batch = 0; batch < 2; ++batch) {
            const std::vector<float> x =
                normalData(std::size_t(samples * elements), unsigned(17 + batch));
            const std::vector<std::uint8_t> stream = encoder.encode(x, samples, elements);
            QCOMPARE(double(stream.size()), AcceptCodec(bits, 8).forwardBytes(samples, elements));
            const ForwardStream read = readForward(stream, bits, samples, elements);
            QVERIFY(read.paddingZero);
            QCOMPARE(read.alpha, encoder.alpha());
            QCOMPARE(read.meanError, encoder.meanError());
            const std::vector<float> decoded = decoder.decode(stream, samples, elements);
            QCOMPARE(decoded.size(), x.size());
            double meanError = 0;
            for (std::size_t i = 0; i < x.size(); ++i) {
                const float level = levelOf(read.alpha, read.pattern[i]);
                QCOMPARE(decoded[i], level - read.meanError);
                meanError += double(level) - x[i];
                if (batch == 0) // residue start: B_1 = sign(x), +1 for 0
                    QCOMPARE(bool(read.pattern[i] & 1), x[i] >= 0);
            }
            meanError /= double(x.size());
            QVERIFY2(
                std::fabs(meanError - read.meanError) < 1e-5,
                qPrintable(QString("mean error %1, stream %2").arg(meanError).arg(read.meanError)));
            // After the bias correction the decoded tensor has the input's mean.
            double meanIn = 0, meanOut = 0;
            for (std::size_t i = 0; i < x.size(); ++i) {
                meanIn += x[i];
                meanOut += decoded[i];
            }
            QVERIFY(std::fabs(meanIn - meanOut) / double(x.size()) < 1e-5);
        }
    }

    // The first batch: α by residue (α_1 = mean|x|, α_2 = mean|x − α_1·sign x|, …).
    void forwardResidueStart() {
        const std::vector<float> x = {1.0f, -3.0f, 0.5f, 2.5f};
        AcceptForwardEncoder encoder(2);
        encoder.encode(x, 2, 2);
        // α_1 = (1 + 3 + 0.5 + 2.5)/4 = 1.75; r = −0.75, −1.25, −1.25, 0.75; α_2 = 1
        QCOMPARE(encoder.alpha(), (std::vector<float>{1.75f, 1.0f}));
        // B_2 = sign r: x̂ = 0.75, −2.75, 0.75, 2.75; x̂ − x = −0.25, 0.25, 0.25, 0.25: mean 0.125
        QCOMPARE(encoder.meanError(), 0.125f);
        encoder.reset();
        const std::vector<float> decoded =
            AcceptForwardDecoder(2).decode(encoder.encode(x, 2, 2), 2, 2);
        QCOMPARE(decoded, (std::vector<float>{0.625f, -2.875f, 0.625f, 2.625f})); // x̂ − 0.125
    }

    void forwardZeros() {
        for (int k : {2, 3, 4}) {
            AcceptForwardEncoder encoder(k);
            const std::vector<float> zeros(9 * 5, 0.0f);
            for (int batch = 0; batch < 3; ++batch) {
                const std::vector<float> decoded =
                    AcceptForwardDecoder(k).decode(encoder.encode(zeros, 9, 5), 9, 5);
                for (float v : decoded)
                    QCOMPARE(v, 0.0f);
                for (float a : encoder.alpha())
                    QCOMPARE(a, 0.0f);
                QCOMPARE(encoder.meanError(), 0.0f);
            }
            // After zeros, real data still encodes (the level set is degenerate, not broken).
            const std::vector<float> x = normalData(9 * 5, 3);
            const std::vector<float> decoded =
                AcceptForwardDecoder(k).decode(encoder.encode(x, 9, 5), 9, 5);
            QVERIFY(relativeError(x, decoded) < 1.0);
        }
    }

    // On normal data the error falls with k and stays within the bounds of binary bases.
    void forwardErrorFallsWithBits() {
        const long long n = 32, E = 4096;
        const std::vector<float> x = normalData(std::size_t(n * E), 5);
        std::vector<double> first, second;
        for (int k : {2, 3, 4}) {
            AcceptForwardEncoder encoder(k);
            const AcceptForwardDecoder decoder(k);
            first.push_back(relativeError(x, decoder.decode(encoder.encode(x, n, E), n, E)));
            second.push_back(relativeError(x, decoder.decode(encoder.encode(x, n, E), n, E)));
        }
        qInfo("relative error, first batch k=2,3,4: %.4f %.4f %.4f; second: %.4f %.4f %.4f",
              first[0], first[1], first[2], second[0], second[1], second[2]);
        QVERIFY(first[0] > first[1] && first[1] > first[2]);
        QVERIFY(second[0] > second[1] && second[1] > second[2]);
        // Measured 0.360 0.240 0.180, then 0.352 0.230 0.165 (the Lloyd-Max optimum of free
        // levels for a Gaussian is 0.34, 0.19, 0.10: binary bases constrain the levels).
        QVERIFY(first[0] < 0.37 && first[1] < 0.25 && first[2] < 0.19);
        QVERIFY(second[0] < 0.36 && second[1] < 0.24 && second[2] < 0.17);
        QVERIFY(second[2] > 0.09);
    }

    // A later batch takes the nearest level of the previous α's set, then the least-squares α for
    // those signs; on the same data its error is no worse than the first batch's.
    void forwardStatefulUpdate() {
        const long long n = 16, E = 500;
        for (int k : {2, 3, 4}) {
            const std::vector<float> x = normalData(std::size_t(n * E), 11, k == 3);
            AcceptForwardEncoder encoder(k);
            const AcceptForwardDecoder decoder(k);
            const std::vector<std::uint8_t> firstStream = encoder.encode(x, n, E);
            const std::vector<float> previous = encoder.alpha();
            const std::vector<std::uint8_t> secondStream = encoder.encode(x, n, E);
            const ForwardStream read = readForward(secondStream, k, n, E);
            std::vector<std::vector<double>> normal(k, std::vector<double>(k, 0.0));
            std::vector<double> right(k, 0.0);
            for (std::size_t i = 0; i < x.size(); ++i) {
                const unsigned p = read.pattern[i];
                // nearest level of the previous set
                const float distance = std::fabs(x[i] - levelOf(previous, p));
                for (unsigned other = 0; other < (1u << k); ++other)
                    QVERIFY(distance <= std::fabs(x[i] - levelOf(previous, other)) + 1e-6f);
                for (int a = 0; a < k; ++a) {
                    const double sa = (p >> a & 1) ? 1 : -1;
                    right[a] += sa * x[i];
                    for (int b = 0; b < k; ++b)
                        normal[a][b] += sa * ((p >> b & 1) ? 1 : -1);
                }
            }
            const std::vector<double> expected = solve(normal, right);
            for (int j = 0; j < k; ++j)
                QVERIFY2(std::fabs(read.alpha[j] - expected[j]) <
                             1e-5 * (1 + std::fabs(expected[j])),
                         qPrintable(QString("k %1 α_%2: %3, least squares %4")
                                        .arg(k)
                                        .arg(j + 1)
                                        .arg(read.alpha[j])
                                        .arg(expected[j])));
            QVERIFY(read.alpha != previous);
            const double firstError = relativeError(x, decoder.decode(firstStream, n, E));
            const double secondError = relativeError(x, decoder.decode(secondStream, n, E));
            QVERIFY2(
                secondError <= firstError + 1e-9,
                qPrintable(QString("k %1: %2 then %3").arg(k).arg(firstError).arg(secondError)));
        }
    }

    void forwardResetAndNewWidth() {
        const std::vector<float> x = normalData(64, 2);
        AcceptForwardEncoder encoder(2);
        encoder.encode(x, 8, 8);
        const std::vector<float> start = encoder.alpha();
        encoder.encode(x, 8, 8);
        QVERIFY(encoder.alpha() != start);
        encoder.reset();
        encoder.encode(x, 8, 8);
        QCOMPARE(encoder.alpha(), start); // residue again
        encoder.setBits(3);
        QVERIFY(encoder.alpha().empty());
        encoder.encode(x, 8, 8);
        QCOMPARE(encoder.alpha().size(), std::size_t(3));
        QCOMPARE(encoder.alpha()[0], start[0]);
        QCOMPARE(encoder.alpha()[1], start[1]);
    }

    void sizesMatchAcceptCodec() {
        for (long long n = 1; n <= 20; ++n)
            for (long long e : {1, 2, 3, 7, 64}) {
                const std::vector<float> x = normalData(std::size_t(n * e), unsigned(n + e));
                for (int k : {2, 3, 4}) {
                    AcceptForwardEncoder encoder(k);
                    for (int batch = 0; batch < 2; ++batch)
                        QCOMPARE(double(encoder.encode(x, n, e).size()),
                                 AcceptCodec(k, 8).forwardBytes(n, e));
                }
                for (int k : {8, 4})
                    QCOMPARE(double(AcceptBackwardEncoder(k).encode(x, n, e, 1).size()),
                             AcceptCodec(2, k).backwardBytes(n, e));
            }
    }

    void refusesNonFinite_data() {
        QTest::addColumn<float>("value");
        QTest::addColumn<QString>("name");
        QTest::newRow("NaN") << std::numeric_limits<float>::quiet_NaN() << "NaN";
        QTest::newRow("+inf") << std::numeric_limits<float>::infinity() << "+inf";
        QTest::newRow("-inf") << -std::numeric_limits<float>::infinity() << "-inf";
    }
    void refusesNonFinite() {
        QFETCH(float, value);
        QFETCH(QString, name);
        std::vector<float> x = normalData(4 * 3, 1);
        x[2 * 3 + 1] = value; // sample 2, element 1
        const QString where = "sample 2, element 1 is " + name;
        for (int k : {2, 3, 4}) {
            AcceptForwardEncoder encoder(k);
            QCOMPARE(codecErrorOf([&] { encoder.encode(x, 4, 3); }),
                     "activations: " + where + "; the AccEPT codec encodes finite values only");
            QVERIFY(encoder.alpha().empty());
            const std::vector<float> clean = normalData(12, 2);
            encoder.encode(clean, 4, 3);
            const std::vector<float> alpha = encoder.alpha();
            QVERIFY(codecErrorOf([&] { encoder.encode(x, 4, 3); }).contains(where));
            QCOMPARE(encoder.alpha(), alpha); // a refused batch leaves the state alone
        }
        for (int k : {8, 4})
            QCOMPARE(codecErrorOf([&] { AcceptBackwardEncoder(k).encode(x, 4, 3, 7); }),
                     "gradients: " + where + "; the AccEPT codec encodes finite values only");
        // A whole group of eight samples and E ≥ 4: the four-at-a-time path sees it too.
        std::vector<float> wide = normalData(8 * 12, 4);
        wide[5 * 12 + 6] = value;
        for (int k : {2, 3, 4}) {
            AcceptForwardEncoder encoder(k);
            QVERIFY(codecErrorOf([&] {
                        encoder.encode(wide, 8, 12);
                    }).contains("sample 5, element 6 is " + name));
            encoder.encode(normalData(8 * 12, 5), 8, 12);
            QVERIFY(codecErrorOf([&] {
                        encoder.encode(wide, 8, 12);
                    }).contains("sample 5, element 6 is " + name));
        }
    }

    void refusesBadShapesAndWidths() {
        const std::vector<float> x(12, 1.0f);
        AcceptForwardEncoder forward(2);
        const AcceptBackwardEncoder backward(8);
        QCOMPARE(codecErrorOf([&] { forward.encode({}, 0, 3); }),
                 "An AccEPT tensor needs at least one sample and one element, not 0 samples × 3 "
                 "elements");
        QCOMPARE(codecErrorOf([&] { forward.encode({}, 3, 0); }),
                 "An AccEPT tensor needs at least one sample and one element, not 3 samples × 0 "
                 "elements");
        QCOMPARE(codecErrorOf([&] { forward.encode(x, 5, 3); }),
                 "The tensor holds 12 values, not 5 samples × 3 elements = 15");
        QCOMPARE(codecErrorOf([&] { backward.encode(x, 3, 3, 1); }),
                 "The tensor holds 12 values, not 3 samples × 3 elements = 9");
        QCOMPARE(codecErrorOf([&] { backward.encode({}, 0, 1, 1); }),
                 "An AccEPT tensor needs at least one sample and one element, not 0 samples × 1 "
                 "elements");
        QCOMPARE(codecErrorOf([] { AcceptForwardEncoder(5); }),
                 "AccEPT forward activations take 2, 3 or 4 bits, not 5");
        QCOMPARE(codecErrorOf([] { AcceptForwardDecoder(1); }),
                 "AccEPT forward activations take 2, 3 or 4 bits, not 1");
        QCOMPARE(codecErrorOf([&] { forward.setBits(8); }),
                 "AccEPT forward activations take 2, 3 or 4 bits, not 8");
        QCOMPARE(forward.bits(), 2);
        QCOMPARE(codecErrorOf([] { AcceptBackwardEncoder(2); }),
                 "AccEPT backward gradients take 8 or 4 bits, not 2");
        QCOMPARE(codecErrorOf([] { AcceptBackwardDecoder(16); }),
                 "AccEPT backward gradients take 8 or 4 bits, not 16");
        std::vector<std::uint8_t> small(10);
        QCOMPARE(codecErrorOf([&] { forward.encodeInto(x, 4, 3, small); }),
                 "The forward stream buffer holds 10 bytes; 2-bit activations of 4 × 3 take 18");
        std::vector<float> out(11);
        const std::vector<std::uint8_t> stream = forward.encode(x, 4, 3);
        QCOMPARE(codecErrorOf([&] { AcceptForwardDecoder(2).decodeInto(stream, 4, 3, out); }),
                 "The tensor holds 11 values, not 4 samples × 3 elements = 12");
        // CodecError is a PlanError: the command line reports it like any refused request.
        QVERIFY_THROWS_EXCEPTION(PlanError, AcceptForwardEncoder(1));
    }

    void refusesTruncatedStreams() {
        const std::vector<float> x = normalData(9 * 4, 8);
        for (int k : {2, 3, 4}) {
            AcceptForwardEncoder encoder(k);
            std::vector<std::uint8_t> stream = encoder.encode(x, 9, 4);
            const std::size_t size = stream.size();
            const AcceptForwardDecoder decoder(k);
            stream.pop_back();
            QCOMPARE(codecErrorOf([&] { decoder.decode(stream, 9, 4); }),
                     QString("The forward stream has %1 bytes; %2-bit activations of 9 × 4 take "
                             "%3 (truncated)")
                         .arg(size - 1)
                         .arg(k)
                         .arg(size));
            QVERIFY(codecErrorOf([&] { decoder.decode({}, 9, 4); }).endsWith("(truncated)"));
            stream.push_back(0);
            stream.push_back(0);
            QCOMPARE(codecErrorOf([&] { decoder.decode(stream, 9, 4); }),
                     QString("The forward stream has %1 bytes; %2-bit activations of 9 × 4 take %3")
                         .arg(size + 1)
                         .arg(k)
                         .arg(size));
            // the same stream read as another shape of the wrong size
            stream.pop_back();
            QVERIFY(codecErrorOf([&] { decoder.decode(stream, 17, 4); }).endsWith("(truncated)"));
        }
        for (int k : {8, 4}) {
            std::vector<std::uint8_t> stream = AcceptBackwardEncoder(k).encode(x, 9, 4, 3);
            const std::size_t size = stream.size();
            stream.resize(size - 1);
            QCOMPARE(codecErrorOf([&] { AcceptBackwardDecoder(k).decode(stream, 9, 4); }),
                     QString("The backward stream has %1 bytes; %2-bit gradients of 9 × 4 take %3 "
                             "(truncated)")
                         .arg(size - 1)
                         .arg(k)
                         .arg(size));
            QVERIFY(codecErrorOf([&] {
                        AcceptBackwardDecoder(k).decode({}, 9, 4);
                    }).endsWith("(truncated)"));
        }
        // A corrupt α is refused rather than decoded into NaN.
        AcceptForwardEncoder encoder(2);
        std::vector<std::uint8_t> stream = encoder.encode(x, 9, 4);
        const float nan = std::numeric_limits<float>::quiet_NaN();
        std::memcpy(stream.data(), &nan, 4);
        QCOMPARE(codecErrorOf([&] { AcceptForwardDecoder(2).decode(stream, 9, 4); }),
                 "The forward stream carries a non-finite α or mean error");
    }

    void backwardRoundTrip_data() {
        QTest::addColumn<int>("bits");
        QTest::addColumn<int>("samples");
        QTest::addColumn<int>("elements");
        for (int k : {8, 4})
            for (auto [n, e] : {std::pair{1, 1}, {1, 6}, {7, 3}, {8, 3}, {9, 3}, {33, 17}})
                QTest::addRow("k%d n%d E%d", k, n, e) << k << n << e;
    }
    // Every decoded value is q·s with q in the signed k-bit range and within one step of g; the
    // bytes sit where the documentation says; the same seed gives the same stream.
    void backwardRoundTrip() {
        QFETCH(int, bits);
        QFETCH(int, samples);
        QFETCH(int, elements);
        const std::vector<float> g = normalData(std::size_t(samples * elements), 23);
        float maxAbs = 0;
        for (float v : g)
            maxAbs = std::max(maxAbs, std::fabs(v));
        const int top = bits == 8 ? 127 : 7;
        const AcceptBackwardEncoder encoder(bits);
        const std::vector<std::uint8_t> stream = encoder.encode(g, samples, elements, 42);
        QCOMPARE(double(stream.size()), AcceptCodec(2, bits).backwardBytes(samples, elements));
        QCOMPARE(stream, encoder.encode(g, samples, elements, 42));
        if (g.size() > 4) { // another seed rounds some value the other way
            bool differs = false;
            for (std::uint64_t seed = 43; seed < 53; ++seed)
                differs |= stream != encoder.encode(g, samples, elements, seed);
            QVERIFY(differs);
        }
        const float scale = floatAt(stream, 0);
        QCOMPARE(scale, maxAbs / float(top));
        const std::vector<float> decoded =
            AcceptBackwardDecoder(bits).decode(stream, samples, elements);
        QCOMPARE(decoded.size(), g.size());
        for (long long s = 0; s < samples; ++s)
            for (long long e = 0; e < elements; ++e) {
                const std::size_t i = std::size_t(s * elements + e);
                int q;
                if (bits == 8) {
                    q = std::int8_t(stream[4 + i]);
                } else {
                    const std::uint8_t byte = stream[std::size_t(4 + (s / 2) * elements + e)];
                    q = (s % 2 == 0 ? byte >> 4 : byte & 0xF) - 8;
                    if (s % 2 == 0 && s + 1 == samples)
                        QCOMPARE(byte & 0xF, 0); // padding nibble
                }
                QVERIFY(q >= -top - 1 && q <= top);
                QCOMPARE(decoded[i], float(q) * scale);
                QVERIFY2(
                    std::fabs(decoded[i] - g[i]) <= scale * 1.0001f,
                    qPrintable(
                        QString("g %1 decoded %2 step %3").arg(g[i]).arg(decoded[i]).arg(scale)));
            }
    }

    void backwardZeros() {
        const std::vector<float> zeros(7 * 3, 0.0f);
        for (int k : {8, 4}) {
            const std::vector<std::uint8_t> stream =
                AcceptBackwardEncoder(k).encode(zeros, 7, 3, 5);
            QCOMPARE(floatAt(stream, 0), 0.0f);
            for (float v : AcceptBackwardDecoder(k).decode(stream, 7, 3))
                QCOMPARE(v, 0.0f);
        }
        // A subnormal maximum: no overflow of 1/s and no NaN. (Its float32 scale, 1e-44/127,
        // underflows to 0, so the values decode to zeros: the stream's scale is one float32.)
        const std::vector<float> tiny = {1e-44f, -1e-44f, 0.0f, 5e-45f};
        const std::vector<float> decoded =
            AcceptBackwardDecoder(8).decode(AcceptBackwardEncoder(8).encode(tiny, 2, 2, 1), 2, 2);
        for (float v : decoded)
            QVERIFY(std::isfinite(v) && std::fabs(v) <= 1.1e-44f);
    }

    // E[decode(encode(g))] = g: over 2,000 seeds the mean of every element lies within four
    // standard errors of g (the standard error of a two-point variable with probability p, the
    // fractional part of g/s, is s·sqrt(p(1 − p)/2000)).
    void backwardUnbiased() {
        const long long n = 3, E = 7;
        const std::vector<float> g = normalData(std::size_t(n * E), 31);
        const int runs = 2000;
        for (int k : {8, 4}) {
            const AcceptBackwardEncoder encoder(k);
            const AcceptBackwardDecoder decoder(k);
            std::vector<double> sum(g.size(), 0.0);
            float scale = 0;
            for (int seed = 0; seed < runs; ++seed) {
                const std::vector<std::uint8_t> stream = encoder.encode(g, n, E, seed);
                scale = floatAt(stream, 0);
                const std::vector<float> decoded = decoder.decode(stream, n, E);
                for (std::size_t i = 0; i < g.size(); ++i)
                    sum[i] += decoded[i];
            }
            int roundedAway = 0;
            for (std::size_t i = 0; i < g.size(); ++i) {
                const double mean = sum[i] / runs;
                const double y = double(g[i]) / scale;
                const double p = y - std::floor(y);
                const double standardError = scale * std::sqrt(p * (1 - p) / runs);
                QVERIFY2(std::fabs(mean - g[i]) <= 4 * standardError + 1e-6 * scale,
                         qPrintable(QString("k %1 element %2: g %3, mean %4, standard error %5")
                                        .arg(k)
                                        .arg(i)
                                        .arg(g[i])
                                        .arg(mean)
                                        .arg(standardError)));
                // nearest rounding would be off by min(p, 1 − p)·s: far outside for most values
                if (std::min(p, 1 - p) * scale > 8 * standardError)
                    ++roundedAway;
            }
            QVERIFY(roundedAway > int(g.size()) / 2);
        }
    }

    void scheduleTransitions() {
        AcceptBitSchedule schedule;
        QCOMPARE(schedule.forwardBits(), 2);
        QCOMPARE(schedule.backwardBits(), 8);
        const int forward[] = {3, 4, 4, 4};
        for (int change = 0; change < 4; ++change) {
            schedule.learningRateChanged();
            QCOMPARE(schedule.learningRateChanges(), change + 1);
            QCOMPARE(schedule.forwardBits(), forward[change]);
            QCOMPARE(schedule.backwardBits(), 4);
        }
        // the codec it hands the planner charges its widths: 32·4 + 2·8·10·4 + 32 bits
        QCOMPARE(schedule.codec().forwardBytes(16, 10), 100.0);
        QCOMPARE(schedule.codec().backwardBytes(16, 10), 84.0); // 8·8·10 + 32 bits
        QCOMPARE(AcceptBitSchedule().codec().backwardBytes(16, 10), 164.0);
    }
};

CUTLAB_TEST_MAIN(TestAcceptBitCodec, Guiless)
} // namespace tst_acceptbitcodec

#include "tst_acceptbitcodec.moc"
