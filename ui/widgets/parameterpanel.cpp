#include "ui/widgets/parameterpanel.h"

#include "ui/controls/livelabel.h"
#include "ui/controls/logslider.h"
#include "ui/document/session.h"
#include "ui/text/datanames.h"

#include <QComboBox>
#include <QFormLayout>
#include <QLabel>
#include <QSignalBlocker>
#include <QTimer>
#include <QVBoxLayout>

namespace roofscope {

namespace {

struct Quantization {
    const char* label;
    const char* dtype;  // empty: keep the current 16-bit dtype
    const char* weight; // empty: same as dtype
};

// FP16/BF16 keep the dtype (or return to bf16 from fp8), FP8 computes in FP8, W8A16 and
// W4A16 shrink the weight bytes only (compute stays at 16 bit: the FP16 roof).
const Quantization kQuantizations[] = {
    {QT_TRANSLATE_NOOP("roofscope::ParameterPanel", "FP16/BF16 weights"), "", ""},
    {QT_TRANSLATE_NOOP("roofscope::ParameterPanel", "FP8 (W8A8)"), "fp8", "fp8"},
    {QT_TRANSLATE_NOOP("roofscope::ParameterPanel", "W8A16 (int8 weights)"), "", "int8"},
    {QT_TRANSLATE_NOOP("roofscope::ParameterPanel", "W4A16 (int4 weights)"), "", "int4"},
};

bool is16Bit(const std::string& dtype)
{
    return dtype == "fp16" || dtype == "bf16";
}

} // namespace

ParameterPanel::ParameterPanel(Session* session, QWidget* parent)
    : QWidget(parent), m_session(session), m_title(new LiveLabel(this)), m_hint(new QLabel(this)),
      m_frame(new QTimer(this))
{
    auto* layout = new QVBoxLayout(this);
    m_title->setTextFormat(Qt::PlainText);
    QFont f = m_title->font();
    f.setBold(true);
    f.setPointSizeF(f.pointSizeF() * 1.15);
    m_title->setFont(f);
    m_title->setWordWrap(true);
    layout->addWidget(m_title);
    m_hint->setWordWrap(true);
    m_hint->setEnabled(false);
    layout->addWidget(m_hint);
    layout->addStretch(1);
    m_frame->setSingleShot(true);
    m_frame->setTimerType(Qt::PreciseTimer);
    connect(m_frame, &QTimer::timeout, this, &ParameterPanel::flushPending);
    m_sinceFlush.start();

    connect(session, &Session::selectionChanged, this, &ParameterPanel::rebuild);
    connect(session, &Session::operatorsReset, this, &ParameterPanel::rebuild);
    connect(session, &Session::operatorsChanged, this, [this](int first, int last) {
        if (m_boundRow < first || m_boundRow > last)
            return;
        const auto& ops = m_session->operators();
        if (ops[static_cast<std::size_t>(m_boundRow)].kind != m_boundKind)
            rebuild();
        else
            refreshValues();
    });
    rebuild();
}

LogSlider* ParameterPanel::slider(const std::string& param) const
{
    const auto it = m_sliders.find(param);
    return it == m_sliders.end() ? nullptr : it->second;
}

QComboBox* ParameterPanel::combo(const std::string& param) const
{
    const auto it = m_combos.find(param);
    return it == m_combos.end() ? nullptr : it->second;
}

void ParameterPanel::rebuild()
{
    m_hasPending = false;
    m_frame->stop();
    delete m_form;
    m_form = nullptr;
    m_quant = nullptr;
    m_sliders.clear();
    m_combos.clear();
    m_boundRow = m_session->selectedOperator();
    const auto& ops = m_session->operators();
    if (m_boundRow < 0 || m_boundRow >= static_cast<int>(ops.size())) {
        m_boundRow = -1;
        m_boundKind.clear();
        m_title->setText(tr("No operator selected"));
        m_hint->setText(tr("Select an operator in the table or click a point on the chart."));
        return;
    }
    const Operator& op = ops[static_cast<std::size_t>(m_boundRow)];
    const OperatorKind& kind = op.definition();
    m_boundKind = op.kind;
    m_title->setText(operatorDisplayName(op));
    m_title->setToolTip(QString::fromStdString(kind.description));

    m_form = new QWidget(this);
    m_formLayout = new QFormLayout(m_form);
    m_formLayout->setContentsMargins(0, 0, 0, 0);
    m_formLayout->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    updateWrapping();
    const int row = m_boundRow;

    // The driving parameter first: it is the one users came for.
    std::vector<const ParamDef*> defs;
    for (const ParamDef& d : kind.params) {
        if (d.name == kind.drivingParam)
            defs.insert(defs.begin(), &d);
        else
            defs.push_back(&d);
    }
    for (const ParamDef* d : defs) {
        const std::string name = d->name;
        // The id (batch, weight_dtype) stays in files and the CLI; the label is for people.
        auto* label = new QLabel(paramDisplayName(op.kind, name), m_form);
        label->setObjectName(QString::fromStdString("label_" + name));
        label->setToolTip(QString::fromStdString(d->help) + QStringLiteral(" (") +
                          QString::fromStdString(name) + QLatin1Char(')'));
        if (d->type == ParamType::Integer || d->type == ParamType::Real) {
            auto* s = new LogSlider(m_form);
            const auto [lo, hi] = m_session->paramRange(row, name);
            s->setRange(lo, hi);
            s->setValue(op.params.number(name));
            s->setToolTip(QString::fromStdString(d->help));
            s->setObjectName(QString::fromStdString("slider_" + name));
            if (name == kind.drivingParam) {
                QFont bold = label->font();
                bold.setBold(true);
                label->setFont(bold);
            }
            connect(s, &LogSlider::valueChanged, this,
                    [this, name](double v) { onSliderValue(name, v); });
            connect(s, &LogSlider::gestureStarted, this,
                    [this] { m_gesture = m_session->beginGesture(); });
            connect(s, &LogSlider::gestureFinished, this, [this] {
                flushPending();
                m_gesture = 0;
                m_session->endGesture();
            });
            label->setBuddy(s);
            m_formLayout->addRow(label, s);
            m_sliders[name] = s;
        } else {
            auto* c = new QComboBox(m_form);
            c->setObjectName(QString::fromStdString("combo_" + name));
            // Shown as people write them (BF16), the id kept as the item's data.
            if (d->type == ParamType::Precision) {
                for (Precision p : kAllPrecisions) {
                    const std::string id(precisionName(p));
                    c->addItem(precisionDisplayName(id), QString::fromStdString(id));
                }
            } else {
                for (const std::string& choice : d->choices)
                    c->addItem(QString::fromStdString(choice), QString::fromStdString(choice));
            }
            c->setCurrentIndex(c->findData(QString::fromStdString(op.params.text(name))));
            c->setToolTip(QString::fromStdString(d->help));
            label->setBuddy(c);
            connect(c, &QComboBox::activated, this,
                    [this, name, c](int index) { onCombo(name, c->itemData(index).toString()); });
            m_formLayout->addRow(label, c);
            m_combos[name] = c;
        }
    }
    if (kind.findParam("weight_dtype") && kind.findParam("dtype")) {
        m_quant = new QComboBox(m_form);
        m_quant->setObjectName(QStringLiteral("quantization"));
        for (const Quantization& q : kQuantizations)
            m_quant->addItem(tr(q.label));
        connect(m_quant, &QComboBox::activated, this, &ParameterPanel::onQuantization);
        m_formLayout->insertRow(1, tr("Quantization"), m_quant);
    }
    static_cast<QVBoxLayout*>(layout())->insertWidget(2, m_form);
    if (kind.drivingParam.empty()) {
        m_hint->setText(tr("The intensity of this operator does not depend on its size; its "
                           "precision moves it."));
    } else {
        m_hint->setText(tr("Drag %1 (or the point on the chart): the chart follows live.")
                            .arg(paramDisplayName(op.kind, kind.drivingParam)));
    }
    refreshValues();
}

void ParameterPanel::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    updateWrapping();
}

void ParameterPanel::updateWrapping()
{
    // In a narrow column every label goes above its field: side by side, the longest label
    // ("Output features (n)") would leave the sliders a few pixels.
    if (m_formLayout && m_form) {
        const auto policy = width() < 360 ? QFormLayout::WrapAllRows : QFormLayout::DontWrapRows;
        if (m_formLayout->rowWrapPolicy() != policy)
            m_formLayout->setRowWrapPolicy(policy);
    }
}

void ParameterPanel::refreshValues()
{
    if (m_boundRow < 0)
        return;
    const Operator& op = m_session->operators()[static_cast<std::size_t>(m_boundRow)];
    m_title->setText(operatorDisplayName(op));
    for (auto& [name, s] : m_sliders) {
        // A slider being dragged keeps its own position; pending values are not overwritten.
        if (m_hasPending && name == m_pendingParam)
            continue;
        const auto [lo, hi] = m_session->paramRange(m_boundRow, name);
        if (lo != s->minimum() || hi != s->maximum())
            s->setRange(lo, hi);
        s->setValue(op.params.number(name));
    }
    for (auto& [name, c] : m_combos) {
        const QSignalBlocker b(c);
        c->setCurrentIndex(c->findData(QString::fromStdString(op.params.text(name))));
    }
    if (m_quant) {
        const std::string dtype = op.params.text("dtype");
        const std::string weight = op.params.text("weight_dtype");
        int index = -1;
        if (weight == dtype && is16Bit(dtype))
            index = 0;
        else if (weight == "fp8" && dtype == "fp8")
            index = 1;
        else if (weight == "int8" && is16Bit(dtype))
            index = 2;
        else if (weight == "int4" && is16Bit(dtype))
            index = 3;
        const QSignalBlocker b(m_quant);
        m_quant->setCurrentIndex(index);
    }
}

void ParameterPanel::onSliderValue(const std::string& param, double value)
{
    m_pendingParam = param;
    m_pendingValue = value;
    m_hasPending = true;
    if (m_frame->isActive())
        return;
    // At most one update per frame: right away when the last one is a frame old.
    const qint64 elapsed = m_sinceFlush.elapsed();
    m_frame->start(static_cast<int>(std::max<qint64>(0, kFrameMs - elapsed)));
}

void ParameterPanel::flushPending()
{
    m_frame->stop();
    if (!m_hasPending || m_boundRow < 0)
        return;
    m_hasPending = false;
    m_sinceFlush.restart();
    if (auto error = m_session->setNumber(m_boundRow, m_pendingParam, m_pendingValue, m_gesture))
        emit statusMessage(*error);
}

void ParameterPanel::onCombo(const std::string& param, const QString& value)
{
    if (m_boundRow < 0)
        return;
    if (auto error = m_session->setParam(m_boundRow, param, value.toStdString()))
        emit statusMessage(*error);
}

void ParameterPanel::onQuantization(int index)
{
    if (m_boundRow < 0 || index < 0 || index >= static_cast<int>(std::size(kQuantizations)))
        return;
    const Quantization& q = kQuantizations[index];
    Operator op = m_session->operators()[static_cast<std::size_t>(m_boundRow)];
    std::string dtype = op.params.text("dtype");
    if (q.dtype[0] != '\0')
        dtype = q.dtype;
    else if (!is16Bit(dtype))
        dtype = "bf16";
    const std::string weight = q.weight[0] != '\0' ? std::string(q.weight) : dtype;
    auto a = withParam(op, "dtype", dtype);
    if (!a) {
        emit statusMessage(QString::fromStdString(a.error().message));
        return;
    }
    auto b = withParam(*a, "weight_dtype", weight);
    if (!b) {
        emit statusMessage(QString::fromStdString(b.error().message));
        return;
    }
    Operator result = *b;
    if (result.definition().findParam("out_dtype")) {
        // Outputs follow the activation precision (16 bit for W8A16/W4A16).
        auto c = withParam(result, "out_dtype", dtype);
        if (c)
            result = *c;
    }
    m_session->replaceOperator(m_boundRow, result, tr("Quantization %1").arg(tr(q.label)));
}

} // namespace roofscope
