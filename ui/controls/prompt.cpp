#include "ui/controls/prompt.h"

#include <QAbstractButton>

namespace roofscope {

namespace {
Prompt::Handler& handler()
{
    static Prompt::Handler h;
    return h;
}
} // namespace

QMessageBox::StandardButton Prompt::ask(QWidget* parent, const Question& q)
{
    if (handler())
        return handler()(parent, q);
    QMessageBox box(q.icon, q.title, q.text, q.buttons, parent);
    box.setDefaultButton(q.defaultButton);
    for (const auto& text : q.buttonTexts) {
        if (QAbstractButton* button = box.button(text.first))
            button->setText(text.second);
    }
    return static_cast<QMessageBox::StandardButton>(box.exec());
}

Prompt::Handler Prompt::setHandler(Handler h)
{
    Handler previous = std::move(handler());
    handler() = std::move(h);
    return previous;
}

} // namespace roofscope
