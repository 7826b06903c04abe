#include "ui/charts/ThemeStyle.h"

#include "ui/charts/Theme.h"

#include <QPainter>
#include <QStyleFactory>
#include <QStyleOption>

namespace cutlab::ui {

ThemeStyle::ThemeStyle(bool dark)
    : QProxyStyle(QStyleFactory::create(QStringLiteral("Fusion"))), m_dark(dark) {}

void ThemeStyle::drawPrimitive(PrimitiveElement element, const QStyleOption* option,
                               QPainter* painter, const QWidget* widget) const {
    QProxyStyle::drawPrimitive(element, option, painter, widget);
    if (!m_dark || (element != PE_IndicatorCheckBox && element != PE_IndicatorRadioButton))
        return;
    painter->save();
    painter->setRenderHint(QPainter::Antialiasing, true);
    painter->setBrush(Qt::NoBrush);
    painter->setPen(QPen(Theme::darkTheme().canvas.mutedText, 1.0));
    const QRectF box = QRectF(option->rect).adjusted(0.5, 0.5, -0.5, -0.5);
    if (element == PE_IndicatorRadioButton)
        painter->drawEllipse(box);
    else
        painter->drawRoundedRect(box, 1.5, 1.5);
    painter->restore();
}

} // namespace cutlab::ui
