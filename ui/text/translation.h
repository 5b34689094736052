#pragma once

#include <QString>
#include <QStringList>

namespace roofscope {

// The interface languages: "en" (the source strings) and "zh_CN" (Simplified Chinese, compiled
// from resources/translations/roofscope_zh_CN.ts into the :/i18n resource).
//
// Installs the translation of `lang` ("zh_CN" or "en"; "" or "system" means systemLanguage())
// for the whole application: RoofScope's own strings and Qt's standard dialogs (qtbase_*.qm
// from QLibraryInfo::TranslationsPath, when the distribution ships it). Replaces whatever an
// earlier call installed, so it can be called again to switch. Needs a QCoreApplication.
// Returns false, leaving the application in English, for an unknown language or when no
// application exists; "en" always succeeds.
bool installTranslator(const QString& lang);

// "zh_CN" when the user's preferred UI languages (LANGUAGE, LC_ALL, LC_MESSAGES, LANG) put a
// Simplified Chinese locale before English, else "en".
QString systemLanguage();

// The languages installTranslator() accepts, source language first.
QStringList availableLanguages();

// A language's own name, as a language menu shows it: "English", "简体中文".
QString languageName(const QString& lang);

// The language last installed by installTranslator() ("en" before any call).
QString currentLanguage();

// The language chosen in Preferences (QSettings key "ui/language"): "" follows the system.
QString languageSetting();
void setLanguageSetting(const QString& lang);

// The language the window starts in: the setting, or the system's when it is "".
QString preferredLanguage();

} // namespace roofscope
