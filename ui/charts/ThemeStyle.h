#pragma once

#include <QProxyStyle>

namespace cutlab::ui {

// Fusion with one change for the dark theme: Fusion outlines check boxes and radio buttons a
// shade darker than the window, which vanishes on a dark window; here they get the theme's
// light outline so every check box can be seen.
class ThemeStyle : public QProxyStyle {
    Q_OBJECT
  public:
    explicit ThemeStyle(bool dark);
    void drawPrimitive(PrimitiveElement element, const QStyleOption* option, QPainter* painter,
                       const QWidget* widget = nullptr) const override;

  private:
    bool m_dark;
};

} // namespace cutlab::ui
