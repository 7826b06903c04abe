#include "ui/charts/ImageExporter.h"

#include "ui/charts/ChartStyle.h"

#include "core/io/AtomicFile.h"

#include <QBuffer>
#include <QChart>
#include <QFileInfo>
#include <QGraphicsScene>
#include <QImage>
#include <QPageSize>
#include <QPainter>
#include <QPdfWriter>
#include <QSvgGenerator>

#include <memory>

namespace cutlab::ui {

bool ImageExporter::isSupported(const QString& path) {
    const QString suffix = QFileInfo(path).suffix().toLower();
    return suffix == "png" || suffix == "svg" || suffix == "pdf";
}

QByteArray ImageExporter::render(const QString& format, const QSizeF& size,
                                 const PaintFunction& paint, const QString& title) {
    QByteArray data;
    QBuffer buffer(&data);
    buffer.open(QIODevice::WriteOnly);
    const QRectF target(QPointF(0, 0), size);
    if (format == "png") {
        const qreal scale = 2.0;
        QImage image((size * scale).toSize(), QImage::Format_ARGB32_Premultiplied);
        image.setDevicePixelRatio(scale);
        image.fill(Qt::white);
        {
            QPainter painter(&image);
            painter.setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing |
                                   QPainter::SmoothPixmapTransform);
            paint(painter, target);
        }
        image.save(&buffer, "PNG");
    } else if (format == "svg") {
        QSvgGenerator generator;
        generator.setOutputDevice(&buffer);
        generator.setSize(size.toSize());
        generator.setViewBox(target);
        generator.setTitle(title);
        generator.setDescription(QStringLiteral("Made with CutLab"));
        QPainter painter(&generator);
        painter.fillRect(target, Qt::white);
        paint(painter, target);
    } else if (format == "pdf") {
        return renderPdf(size, {paint}, title);
    }
    return data;
}

QByteArray ImageExporter::renderPdf(const QSizeF& size, const std::vector<PaintFunction>& pages,
                                    const QString& title) {
    QByteArray data;
    QBuffer buffer(&data);
    buffer.open(QIODevice::WriteOnly);
    const QRectF target(QPointF(0, 0), size);
    QPdfWriter writer(&buffer);
    writer.setTitle(title);
    writer.setCreator(QStringLiteral("CutLab"));
    writer.setPageSize(QPageSize(size, QPageSize::Point));
    writer.setPageMargins(QMarginsF(0, 0, 0, 0));
    writer.setResolution(72);
    QPainter painter(&writer);
    painter.setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing);
    for (std::size_t page = 0; page < pages.size(); ++page) {
        if (page > 0)
            writer.newPage();
        painter.fillRect(target, Qt::white);
        pages[page](painter, target);
    }
    painter.end();
    return data;
}

bool ImageExporter::saveAtomically(const QString& path, const QByteArray& data, QString* error,
                                   core::FileAccess access) {
    try {
        core::writeFileAtomically(
            path.toStdString(),
            std::string_view(data.constData(), static_cast<std::size_t>(data.size())), "the file",
            access);
    } catch (const core::FileWriteError& failure) {
        if (error)
            *error = QStringLiteral("Could not write %1: %2")
                         .arg(path, QString::fromUtf8(failure.what()));
        return false;
    }
    return true;
}

bool ImageExporter::write(const QString& path, const QSizeF& size, const PaintFunction& paint,
                          QString* error, const QString& title) {
    const QString format = QFileInfo(path).suffix().toLower();
    if (!isSupported(path)) {
        if (error)
            *error = QStringLiteral("%1: choose a .png, .svg or .pdf file name").arg(path);
        return false;
    }
    if (size.isEmpty()) {
        if (error)
            *error = QStringLiteral("Nothing to export.");
        return false;
    }
    const QByteArray data = render(format, size, paint, title);
    if (data.isEmpty()) {
        if (error)
            *error = QStringLiteral("Could not render %1").arg(path);
        return false;
    }
    return saveAtomically(path, data, error);
}

bool ImageExporter::writeChart(const QString& path, QChart* chart, const QSizeF& size,
                               QString* error) {
    QGraphicsScene scene; // owns the chart from here on
    ChartStyle::apply(chart, false);
    scene.addItem(chart);
    chart->setGeometry(QRectF(QPointF(0, 0), size));
    scene.setSceneRect(QRectF(QPointF(0, 0), size));
    return write(
        path, size,
        [&](QPainter& painter, const QRectF& target) {
            scene.render(&painter, target, scene.sceneRect());
        },
        error, chart->title());
}

} // namespace cutlab::ui
