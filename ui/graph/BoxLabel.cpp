#include "ui/graph/BoxLabel.h"

#include <QFont>
#include <QFontMetricsF>
#include <QPainter>

#include <algorithm>
#include <cmath>

namespace cutlab::ui {
namespace {

// The line height on screen of the label font (kTextPixels, bold).
double lineHeightOnScreen() {
    QFont font;
    font.setBold(true);
    font.setPixelSize(static_cast<int>(BoxLabel::kTextPixels));
    return QFontMetricsF(font).height();
}

constexpr double kPaddingPixels = 2; // inside the box, above and below the lines

// Zoomed in, the text grows with the box; zoomed out, it keeps kTextPixels.
double growth(double lod) {
    return std::max(1.0, lod);
}

} // namespace

int BoxLabel::linesThatFit(double crossHeight, double lod) {
    const double room = crossHeight * lod - 2 * kPaddingPixels;
    return std::clamp(static_cast<int>(room / (lineHeightOnScreen() * growth(lod))), 0, 2);
}

double BoxLabel::renderedTextPixels(double crossHeight, double lod) {
    return linesThatFit(crossHeight, lod) > 0 ? lineHeightOnScreen() * growth(lod) : 0.0;
}

void BoxLabel::paint(QPainter* painter, const QRectF& rect, double lod, const QString& title,
                     const QString& detail, const QColor& color) {
    const int lines = linesThatFit(rect.height(), lod);
    if (lines == 0 || lod <= 0)
        return;
    QFont font = painter->font();
    font.setBold(true);
    font.setPixelSize(std::max(1, static_cast<int>(std::lround(kTextPixels * growth(lod) / lod))));
    const double padding = kPaddingPixels / lod;
    const QRectF text = rect.adjusted(7 / lod, padding, -4 / lod, -padding);
    const double line = text.height() / lines;
    painter->setPen(color);
    painter->setFont(font);
    const QFontMetricsF bold(font);
    painter->drawText(QRectF(text.left(), text.top(), text.width(), line),
                      Qt::AlignLeft | Qt::AlignVCenter,
                      bold.elidedText(title, Qt::ElideMiddle, text.width()));
    if (lines < 2)
        return;
    font.setBold(false);
    painter->setFont(font);
    painter->drawText(QRectF(text.left(), text.top() + line, text.width(), line),
                      Qt::AlignLeft | Qt::AlignVCenter,
                      QFontMetricsF(font).elidedText(detail, Qt::ElideRight, text.width()));
}

} // namespace cutlab::ui
