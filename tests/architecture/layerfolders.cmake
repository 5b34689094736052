# Fails when a file under <layer>/ (ui or core) includes a header from a folder of that layer
# its library does not link (directly or through what it links), so the layering that
# <layer>/CMakeLists.txt declares is the layering the code has. Run as
#   cmake -DLAYER=core -DSOURCE_DIR=<source> -DDEPS_FILE=<build>/core_folder_deps.txt
#         [-DSTAMP=<file>] [-DMIN_INCLUDES=<n>] -P layerfolders.cmake
# DEPS_FILE has one line per folder, "<folder>=<its LINK_LIBRARIES>", written at configure
# time. Every folder <f> is the library roofscope_<layer>_<f>; files directly in <layer>/ belong
# to the library named <layer> (ui: roofscope_ui), and core has none.
cmake_policy(SET CMP0057 NEW) # if(... IN_LIST ...)

if(NOT LAYER MATCHES "^(ui|core)$")
  message(FATAL_ERROR "LAYER must be ui or core, not '${LAYER}'")
endif()
file(STRINGS "${DEPS_FILE}" lines)
set(folders "")
foreach(line IN LISTS lines)
  string(REGEX MATCH "^([a-z]+)=(.*)$" _ "${line}")
  set(folder "${CMAKE_MATCH_1}")
  set(links "${CMAKE_MATCH_2}")
  list(APPEND folders ${folder})
  set(direct_${folder} "")
  foreach(lib IN LISTS links)
    if(lib MATCHES "^roofscope_${LAYER}_([a-z]+)$" AND NOT CMAKE_MATCH_1 STREQUAL "options")
      list(APPEND direct_${folder} ${CMAKE_MATCH_1})
    endif()
  endforeach()
endforeach()
if(NOT folders)
  message(FATAL_ERROR "${DEPS_FILE} lists no ${LAYER} folders")
endif()

# What each folder may use: itself and everything it links, transitively.
foreach(folder IN LISTS folders)
  set(reach ${folder})
  set(todo ${direct_${folder}})
  while(todo)
    list(POP_FRONT todo next)
    if(NOT next IN_LIST reach)
      list(APPEND reach ${next})
      list(APPEND todo ${direct_${next}})
    endif()
  endwhile()
  set(reach_${folder} ${reach})
endforeach()

# <layer>/x.cpp belongs to the top library ("<layer>"); <layer>/<folder>/.../x.cpp to
# roofscope_<layer>_<folder>.
function(folder_of path out)
  if(path MATCHES "^${LAYER}/([a-z]+)/")
    set(${out} ${CMAKE_MATCH_1} PARENT_SCOPE)
  else()
    set(${out} ${LAYER} PARENT_SCOPE)
  endif()
endfunction()

file(GLOB_RECURSE files RELATIVE "${SOURCE_DIR}" "${SOURCE_DIR}/${LAYER}/*.cpp"
     "${SOURCE_DIR}/${LAYER}/*.h")
set(errors "")
set(checked 0)
foreach(file IN LISTS files)
  folder_of("${file}" from)
  if(NOT from IN_LIST folders)
    string(APPEND errors "\n  ${file}: ${LAYER}/${from}/ is no library in ${LAYER}/CMakeLists.txt")
    continue()
  endif()
  file(STRINGS "${SOURCE_DIR}/${file}" includes REGEX "^#include \"${LAYER}/")
  foreach(include IN LISTS includes)
    string(REGEX MATCH "\"(${LAYER}/[^\"]+)\"" _ "${include}")
    set(header "${CMAKE_MATCH_1}")
    folder_of("${header}" to)
    math(EXPR checked "${checked} + 1")
    if(NOT to IN_LIST reach_${from})
      string(APPEND errors "\n  ${file} includes ${header}, but roofscope_${LAYER}_${from} does"
                           " not link roofscope_${LAYER}_${to}")
    endif()
  endforeach()
endforeach()
if(errors)
  message(FATAL_ERROR
          "${LAYER} folders use what they do not declare (${LAYER}/CMakeLists.txt):${errors}")
endif()
if(NOT DEFINED MIN_INCLUDES)
  set(MIN_INCLUDES 100)
endif()
if(checked LESS MIN_INCLUDES)
  message(FATAL_ERROR "only ${checked} ${LAYER} includes found under ${SOURCE_DIR}: wrong folder?")
endif()
message(STATUS "${checked} includes in ${SOURCE_DIR}/${LAYER} follow the declared folders")
if(STAMP)
  file(TOUCH "${STAMP}")
endif()
