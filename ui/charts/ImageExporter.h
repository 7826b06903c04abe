#pragma once

#include <QByteArray>
#include <QSizeF>
#include <QString>

#include "core/io/AtomicFile.h"

#include <functional>
#include <vector>

class QChart;
class QPainter;
class QRectF;

namespace cutlab::ui {

// Renders something into a PNG, SVG or PDF file chosen by the path's extension, on a white
// background, written atomically (core::writeFileAtomically): on any error an existing file is
// left untouched.
class ImageExporter {
  public:
    using PaintFunction = std::function<void(QPainter& painter, const QRectF& target)>;

    static bool isSupported(const QString& path);
    // `size` in logical pixels (PNG is drawn at twice that for sharp print; PDF page in points).
    static bool write(const QString& path, const QSizeF& size, const PaintFunction& paint,
                      QString* error, const QString& title = QString());
    // Takes ownership of the chart; gives it a white background and renders it at `size`.
    static bool writeChart(const QString& path, QChart* chart, const QSizeF& size, QString* error);
    static QByteArray render(const QString& format, const QSizeF& size, const PaintFunction& paint,
                             const QString& title);
    // A PDF of one page per paint function, each `size` points, white under the drawing.
    static QByteArray renderPdf(const QSizeF& size, const std::vector<PaintFunction>& pages,
                                const QString& title);
    // core::writeFileAtomically: only regular files, never half a file; the error names why.
    static bool saveAtomically(const QString& path, const QByteArray& data, QString* error,
                               core::FileAccess access = core::FileAccess::Shared);
};

} // namespace cutlab::ui
