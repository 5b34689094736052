#pragma once

#include <QWidget>

class QSlider;
class QSpinBox;

namespace roofscope {

// A log-scaled slider with a spin box for exact values (batch 1…4096, sequence 1…131072).
// `valueChanged` fires for every slider move (callers coalesce) and for spin box edits.
class LogSlider : public QWidget {
    Q_OBJECT
public:
    explicit LogSlider(QWidget* parent = nullptr);

    void setRange(double lo, double hi);
    double minimum() const { return m_lo; }
    double maximum() const { return m_hi; }
    // Shows a value without emitting anything.
    void setValue(double value);
    double value() const { return m_value; }

    QSlider* slider() const { return m_slider; }
    QSpinBox* spinBox() const { return m_spin; }
    static constexpr int kSteps = 1000;
    int positionOf(double value) const;
    double valueAt(int position) const;

signals:
    void valueChanged(double value);
    void gestureStarted();
    // On release, and also when the slider loses focus or is hidden while held (a modal dialog
    // that takes the mouse mid-drag): the release would never arrive.
    void gestureFinished();

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void onSlider(int position);
    void onSpin(int value);

    QSlider* m_slider;
    QSpinBox* m_spin;
    double m_lo = 1.0;
    double m_hi = 4096.0;
    double m_value = 1.0;
};

} // namespace roofscope
