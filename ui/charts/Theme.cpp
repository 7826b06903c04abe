#include "ui/charts/Theme.h"

#include <QApplication>
#include <QStyle>
#include <QStyleFactory>

namespace cutlab::ui {
namespace {

QPalette standardPalette() {
    QStyle* fusion = QStyleFactory::create(QStringLiteral("Fusion"));
    QPalette palette = fusion ? fusion->standardPalette() : QPalette();
    delete fusion;
    return palette;
}

Theme makeLight() {
    Theme theme;
    theme.dark = false;
    theme.palette = standardPalette();
    theme.graph = {QColor(0xfb, 0xfb, 0xfc), QColor(0x33, 0x33, 0x33), QColor(0x1f, 0x1f, 0x1f),
                   QColor(0x80, 0x86, 0x8e), QColor(0x9a, 0xa3, 0xad), QColor(0x3b, 0x75, 0xaf, 10),
                   QColor(0xb0, 0xb6, 0xbd)};
    theme.chart = {QColor(Qt::white), QColor(0x22, 0x22, 0x22), QColor(0xdd, 0xdd, 0xdd),
                   QColor(0xf0, 0xf0, 0xf0), QColor(0x99, 0x99, 0x99)};
    theme.canvas = {QColor(Qt::white),        QColor(0x22, 0x22, 0x22), QColor(0x55, 0x55, 0x55),
                    QColor(0xf1, 0xf1, 0xf1), QColor(0x33, 0x33, 0x33), QColor(0x99, 0x99, 0x99),
                    QColor(0x55, 0x55, 0x55), QColor(0xc6, 0x28, 0x28)};
    theme.series = {QColor(0x22, 0x22, 0x22),
                    QColor(0xc2, 0x18, 0x5b),
                    QColor(0x6b, 0x6b, 0x6b),
                    QColor(0x0d, 0x47, 0xa1),
                    QColor(0x6c, 0x34, 0x83),
                    QColor(0x00, 0x83, 0x8f),
                    QColor(0x79, 0x55, 0x48),
                    {QColor(0x8e, 0x44, 0xad), QColor(0xc0, 0x39, 0x2b), QColor(0x7f, 0x8c, 0x8d)},
                    QColor(0x9a, 0x7d, 0x0a)};
    return theme;
}

Theme makeDark() {
    Theme theme;
    theme.dark = true;
    QPalette& p = theme.palette;
    p = standardPalette();
    const QColor text(0xe6, 0xe6, 0xe6);
    const QColor disabled(0x80, 0x80, 0x80);
    p.setColor(QPalette::Window, QColor(0x2b, 0x2d, 0x30));
    p.setColor(QPalette::WindowText, text);
    p.setColor(QPalette::Base, QColor(0x1e, 0x1f, 0x22));
    p.setColor(QPalette::AlternateBase, QColor(0x26, 0x28, 0x2b));
    p.setColor(QPalette::ToolTipBase, QColor(0x3c, 0x3f, 0x41));
    p.setColor(QPalette::ToolTipText, text);
    p.setColor(QPalette::Text, text);
    p.setColor(QPalette::Button, QColor(0x35, 0x37, 0x3b));
    p.setColor(QPalette::ButtonText, text);
    p.setColor(QPalette::BrightText, Qt::red);
    p.setColor(QPalette::Link, QColor(0x6c, 0xb4, 0xff));
    p.setColor(QPalette::Highlight, QColor(0x3b, 0x75, 0xaf));
    p.setColor(QPalette::HighlightedText, Qt::white);
    p.setColor(QPalette::PlaceholderText, QColor(0x90, 0x90, 0x90));
    p.setColor(QPalette::Disabled, QPalette::Text, disabled);
    p.setColor(QPalette::Disabled, QPalette::ButtonText, disabled);
    p.setColor(QPalette::Disabled, QPalette::WindowText, disabled);
    theme.graph = {QColor(0x1e, 0x1f, 0x22), text,
                   QColor(0x1a, 0x1a, 0x1a), QColor(0x9a, 0xa0, 0xa6),
                   QColor(0x8a, 0x8f, 0x98), QColor(255, 255, 255, 14),
                   QColor(0x70, 0x75, 0x7d)};
    const QColor grid(0x4a, 0x4d, 0x52);
    theme.chart = {QColor(0x26, 0x28, 0x2b), text, grid, grid.darker(130), grid.lighter(130)};
    theme.canvas = {QColor(0x1e, 0x1f, 0x22), text,
                    QColor(0xb0, 0xb4, 0xba), QColor(0x33, 0x35, 0x39),
                    QColor(0x9a, 0xa0, 0xa6), QColor(0x70, 0x75, 0x7d),
                    QColor(0xb0, 0xb4, 0xba), QColor(0xef, 0x53, 0x50)};
    theme.series = {QColor(0xf2, 0xf2, 0xf2),
                    QColor(0xff, 0x79, 0xc6),
                    QColor(0x80, 0xcb, 0xc4),
                    QColor(0xb9, 0xf6, 0xca),
                    QColor(0xd7, 0xbd, 0xe2),
                    QColor(0x4d, 0xd0, 0xe1),
                    QColor(0xd7, 0xa8, 0x6e),
                    {QColor(0xb0, 0x7c, 0xc6), QColor(0xf1, 0x7a, 0x6b), QColor(0x95, 0xa5, 0xa6)},
                    QColor(0xf1, 0xc4, 0x0f)};
    return theme;
}

} // namespace

QStringList SeriesColors::roles() {
    return {"best",  "current", "marker", "changes", "cutDeviceEdge", "cutEdgeCloud",
            "bytes", "link0",   "link1",  "link2",   "latency"};
}

QColor SeriesColors::ofRole(const QString& role) const {
    const QColor colors[] = {best,  current, marker,  changes, cutDeviceEdge, cutEdgeCloud,
                             bytes, link[0], link[1], link[2], latency};
    const qsizetype index = roles().indexOf(role);
    return index < 0 ? QColor() : colors[index];
}

const Theme& Theme::light() {
    static const Theme theme = makeLight();
    return theme;
}

const Theme& Theme::darkTheme() {
    static const Theme theme = makeDark();
    return theme;
}

} // namespace cutlab::ui
