#pragma once

#include <QMessageBox>
#include <QString>

#include <functional>
#include <utility>
#include <vector>

namespace roofscope {

// Every modal question the window asks ("Save changes?", "Replace the file?") goes through
// here, so that tests can answer it without a dialog blocking the event loop.
class Prompt {
public:
    struct Question {
        QString title;
        QString text;
        QMessageBox::StandardButtons buttons;
        QMessageBox::StandardButton defaultButton = QMessageBox::NoButton;
        QMessageBox::Icon icon = QMessageBox::Question;
        // Labels that say what a button does ("Add as Hardware" on the Yes button).
        std::vector<std::pair<QMessageBox::StandardButton, QString>> buttonTexts = {};
    };
    using Handler = std::function<QMessageBox::StandardButton(QWidget* parent, const Question&)>;

    // A QMessageBox unless a handler is installed; returns the button chosen.
    static QMessageBox::StandardButton ask(QWidget* parent, const Question& question);
    // Replaces the dialog (tests); an empty handler restores it. Returns the previous one.
    static Handler setHandler(Handler handler);
};

} // namespace roofscope
