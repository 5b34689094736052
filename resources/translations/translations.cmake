# The interface translations, included from ui/CMakeLists.txt (it needs the roofscope_ui target).
# lrelease (Debian's qt6-l10n-tools) compiles each .ts at build time into a .qm that is embedded
# under :/i18n. The build never runs lupdate: refresh the .ts by hand after changing strings,
#   /usr/lib/qt6/bin/lupdate ui -I . -ts resources/translations/roofscope_zh_CN.ts -locations none
# (from the source root; without "-I ." lupdate cannot see the namespace and writes contexts
# like "MainWindow" instead of "roofscope::MainWindow", which then never match at run time)
# translate the new messages, and commit it (tests/ui/translation_test.cpp fails while any
# message is unfinished).
# roofscope_en.ts holds only the English numerus forms ("Imported 1 kernel." / "3 kernels."):
#   /usr/lib/qt6/bin/lupdate ui -I . -pluralonly -ts resources/translations/roofscope_en.ts -locations none
set(ROOFSCOPE_TS_FILES
  ${CMAKE_CURRENT_LIST_DIR}/roofscope_zh_CN.ts
  ${CMAKE_CURRENT_LIST_DIR}/roofscope_en.ts)
qt_add_lrelease(roofscope_ui
  TS_FILES ${ROOFSCOPE_TS_FILES}
  OPTIONS -silent
  QM_FILES_OUTPUT_VARIABLE ROOFSCOPE_QM_FILES)
qt_add_resources(roofscope_ui "roofscope_ui_translations"
  PREFIX "/i18n"
  BASE "${CMAKE_CURRENT_BINARY_DIR}"
  FILES ${ROOFSCOPE_QM_FILES})
