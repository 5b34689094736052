#include "ui/controls/logslider.h"

#include "core/figure/logscale.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QSignalBlocker>
#include <QSlider>
#include <QSpinBox>

#include <climits>
#include <cmath>

namespace roofscope {

namespace {
// A log scale cannot start at 0: sizes that allow 0 (group_size) keep 0 at the left end.
double logLow(double lo)
{
    return lo > 0.0 ? lo : 1.0;
}
} // namespace

int LogSlider::positionOf(double value) const
{
    if (value <= 0.0)
        return 0;
    return logscale::valueToSlider(value, kSteps, logLow(m_lo), m_hi);
}

double LogSlider::valueAt(int position) const
{
    if (m_lo <= 0.0 && position == 0)
        return m_lo;
    return std::round(logscale::sliderToValue(position, kSteps, logLow(m_lo), m_hi));
}

LogSlider::LogSlider(QWidget* parent)
    : QWidget(parent), m_slider(new QSlider(Qt::Horizontal, this)), m_spin(new QSpinBox(this))
{
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_slider, 1);
    layout->addWidget(m_spin);
    m_slider->setRange(0, kSteps);
    m_slider->setSingleStep(5);
    m_slider->setPageStep(50);
    m_spin->setKeyboardTracking(false);
    m_spin->setGroupSeparatorShown(true);
    m_spin->setMinimumWidth(90);
    connect(m_slider, &QSlider::valueChanged, this, &LogSlider::onSlider);
    connect(m_spin, &QSpinBox::valueChanged, this, &LogSlider::onSpin);
    connect(m_slider, &QSlider::sliderPressed, this, &LogSlider::gestureStarted);
    connect(m_slider, &QSlider::sliderReleased, this, &LogSlider::gestureFinished);
    m_slider->installEventFilter(this);
}

bool LogSlider::eventFilter(QObject* watched, QEvent* event)
{
    const bool lost = event->type() == QEvent::FocusOut || event->type() == QEvent::Hide;
    if (watched == m_slider && lost && m_slider->isSliderDown())
        m_slider->setSliderDown(false); // emits sliderReleased → gestureFinished
    return QWidget::eventFilter(watched, event);
}

void LogSlider::setRange(double lo, double hi)
{
    m_lo = lo;
    m_hi = std::min(hi, static_cast<double>(INT_MAX));
    const QSignalBlocker b1(m_spin);
    const QSignalBlocker b2(m_slider);
    m_spin->setRange(static_cast<int>(std::ceil(m_lo)), static_cast<int>(m_hi));
    m_slider->setValue(positionOf(m_value));
}

void LogSlider::setValue(double value)
{
    m_value = value;
    const QSignalBlocker b1(m_spin);
    const QSignalBlocker b2(m_slider);
    m_spin->setValue(static_cast<int>(std::lround(value)));
    if (!m_slider->isSliderDown())
        m_slider->setValue(positionOf(value));
}

void LogSlider::onSlider(int position)
{
    const double v = valueAt(position);
    if (v == m_value)
        return;
    m_value = v;
    {
        const QSignalBlocker b(m_spin);
        m_spin->setValue(static_cast<int>(v));
    }
    emit valueChanged(v);
}

void LogSlider::onSpin(int value)
{
    if (value == m_value)
        return;
    m_value = value;
    {
        const QSignalBlocker b(m_slider);
        m_slider->setValue(positionOf(value));
    }
    emit valueChanged(value);
}

} // namespace roofscope
