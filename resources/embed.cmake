# Turns a text file into a C++ function returning its contents, so that the Qt-free core can
# carry its built-in catalogs without a resource system.
# Usage: cmake -DINPUT=file.json -DOUTPUT=file.cpp -DFUNCTION=name -P embed.cmake
file(READ "${INPUT}" content HEX)
string(LENGTH "${content}" hexlen)
string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," bytes "${content}")
string(REGEX REPLACE "(0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,)" "\\1\n" bytes "${bytes}")
file(WRITE "${OUTPUT}.tmp" "// Generated from ${INPUT} by resources/embed.cmake. Do not edit.\n#include <string_view>\nnamespace roofscope {\nnamespace {\nconstexpr unsigned char kData[] = {\n${bytes}0x00};\n}\nstd::string_view ${FUNCTION}()\n{\n    return {reinterpret_cast<const char*>(kData), sizeof(kData) - 1};\n}\n} // namespace roofscope\n")
file(COPY_FILE "${OUTPUT}.tmp" "${OUTPUT}" ONLY_IF_DIFFERENT)
file(REMOVE "${OUTPUT}.tmp")
