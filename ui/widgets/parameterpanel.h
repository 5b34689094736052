#pragma once

#include <QElapsedTimer>
#include <QString>
#include <QWidget>

#include <map>
#include <string>

class QComboBox;
class QFormLayout;
class QLabel;
class QTimer;

namespace roofscope {

class LogSlider;
class Session;

// The controls of the selected operator: a log slider + spin box for each size (batch
// 1…4096, sequence/context 1…131072, others around their value), combo boxes for dtypes and
// choices, and a weight-quantization preset (FP16/BF16, FP8, W8A16, W4A16) for matmuls.
// Slider moves are coalesced to at most one update per frame.
class ParameterPanel : public QWidget {
    Q_OBJECT
public:
    explicit ParameterPanel(Session* session, QWidget* parent = nullptr);

    LogSlider* slider(const std::string& param) const;
    QComboBox* combo(const std::string& param) const;
    QComboBox* quantizationCombo() const { return m_quant; }
    // Applies a pending slider value now (the frame timer does it otherwise).
    void flushPending();
    static constexpr int kFrameMs = 16;

signals:
    void statusMessage(const QString& text);

protected:
    void resizeEvent(QResizeEvent* event) override;

private:
    void rebuild();
    void updateWrapping();
    void refreshValues();
    void onSliderValue(const std::string& param, double value);
    void onCombo(const std::string& param, const QString& value);
    void onQuantization(int index);

    Session* m_session;
    QLabel* m_title;
    QLabel* m_hint;
    QWidget* m_form = nullptr;
    QFormLayout* m_formLayout = nullptr;
    QComboBox* m_quant = nullptr;
    std::map<std::string, LogSlider*> m_sliders;
    std::map<std::string, QComboBox*> m_combos;
    int m_boundRow = -1;
    std::string m_boundKind;
    QTimer* m_frame;
    QElapsedTimer m_sinceFlush;
    std::string m_pendingParam;
    double m_pendingValue = 0.0;
    bool m_hasPending = false;
    int m_gesture = 0;
};

} // namespace roofscope
