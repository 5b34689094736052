#include "ui/text/translation.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QLocale>
#include <QPointer>
#include <QSettings>
#include <QTranslator>

namespace roofscope {

namespace {

const QString kSettingsKey = QStringLiteral("ui/language");
const QString kEnglish = QStringLiteral("en");
const QString kChinese = QStringLiteral("zh_CN");

// The translators currently installed; owned by the application object.
QPointer<QTranslator> g_app;
QPointer<QTranslator> g_qt;
QString g_current = kEnglish;

void removeInstalled()
{
    for (QPointer<QTranslator>* t : {&g_app, &g_qt}) {
        if (*t) {
            QCoreApplication::removeTranslator(*t);
            delete t->data();
        }
        *t = nullptr;
    }
}

QString normalized(const QString& lang)
{
    const QString l = lang.trimmed();
    if (l.isEmpty() || l.compare(QLatin1String("system"), Qt::CaseInsensitive) == 0)
        return systemLanguage();
    if (l.compare(QLatin1String("en"), Qt::CaseInsensitive) == 0 ||
        l.startsWith(QLatin1String("en_"), Qt::CaseInsensitive) ||
        l.startsWith(QLatin1String("en-"), Qt::CaseInsensitive) ||
        l.compare(QLatin1String("C"), Qt::CaseInsensitive) == 0)
        return kEnglish;
    const QLocale locale(l);
    if (locale.language() == QLocale::Chinese &&
        locale.script() != QLocale::TraditionalChineseScript)
        return kChinese;
    return {};
}

} // namespace

QStringList availableLanguages()
{
    return {kEnglish, kChinese};
}

QString languageName(const QString& lang)
{
    if (lang == kChinese)
        return QStringLiteral("简体中文");
    if (lang == kEnglish)
        return QStringLiteral("English");
    return lang;
}

QString systemLanguage()
{
    // In order of the user's preference; the first one we have wins. A language we do not
    // ship (say German) is skipped, so "de:zh_CN" gives Chinese and "de" gives English.
    for (const QString& name : QLocale::system().uiLanguages()) {
        const QLocale locale(name);
        if (locale.language() == QLocale::English || locale.language() == QLocale::C)
            return kEnglish;
        if (locale.language() == QLocale::Chinese &&
            locale.script() != QLocale::TraditionalChineseScript)
            return kChinese;
    }
    return kEnglish;
}

QString currentLanguage()
{
    return g_current;
}

bool installTranslator(const QString& lang)
{
    QCoreApplication* app = QCoreApplication::instance();
    if (!app)
        return false;
    const QString target = normalized(lang);
    removeInstalled();
    g_current = kEnglish;
    if (target.isEmpty())
        return false;

    // English has a file too: the numerus forms of the "%n kernel(s)" strings ("1 kernel",
    // "3 kernels"); without it the source texts show, which is still English.
    auto* own = new QTranslator(app);
    if (!own->load(QStringLiteral("roofscope_") + target, QStringLiteral(":/i18n"))) {
        delete own;
        return target == kEnglish;
    }
    QCoreApplication::installTranslator(own);
    g_app = own;
    if (target == kEnglish)
        return true;

    // Qt's own strings (file dialogs, message box buttons, context menus). Optional: the
    // application is complete without it, only the standard dialogs would stay in English.
    auto* qt = new QTranslator(app);
    if (qt->load(QStringLiteral("qtbase_") + target,
                 QLibraryInfo::path(QLibraryInfo::TranslationsPath))) {
        QCoreApplication::installTranslator(qt);
        g_qt = qt;
    } else {
        delete qt;
    }
    g_current = target;
    return true;
}

QString languageSetting()
{
    const QString value = QSettings().value(kSettingsKey).toString();
    return availableLanguages().contains(value) ? value : QString();
}

void setLanguageSetting(const QString& lang)
{
    QSettings settings;
    if (availableLanguages().contains(lang))
        settings.setValue(kSettingsKey, lang);
    else
        settings.remove(kSettingsKey);
}

QString preferredLanguage()
{
    const QString chosen = languageSetting();
    return chosen.isEmpty() ? systemLanguage() : chosen;
}

} // namespace roofscope
