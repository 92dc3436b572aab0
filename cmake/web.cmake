# The browser build (tools/web/build configures it with emcmake): core, i18n, verify, refusal, viz and the
# web window layer (app/web), compiled by Debian's emscripten. No tests, benchmarks, shared library or
# desktop app. Dear ImGui and giflib come from Debian's source packages (GRADLAB_IMGUI_SOURCE,
# GRADLAB_GIFLIB_SOURCE, fetched by tools/web/build into its cache); the header-only libraries from the machine's Debian packages, through a
# folder of links to just their headers (the whole of /usr/include would bring glibc's headers in).
set(GRADLAB_IMGUI_SOURCE "" CACHE PATH "Dear ImGui 1.86 source (Debian's imgui source package), for the web build")
if(NOT EXISTS "${GRADLAB_IMGUI_SOURCE}/imgui.cpp")
  message(FATAL_ERROR "GRADLAB_IMGUI_SOURCE='${GRADLAB_IMGUI_SOURCE}' holds no imgui.cpp: build the web version with tools/web/build")
endif()
set(GRADLAB_GIFLIB_SOURCE "" CACHE PATH "giflib 5.2 source (Debian's giflib source package): the web build's GIFs")
if(NOT EXISTS "${GRADLAB_GIFLIB_SOURCE}/egif_lib.c")
  message(FATAL_ERROR "GRADLAB_GIFLIB_SOURCE='${GRADLAB_GIFLIB_SOURCE}' holds no egif_lib.c: build the web version with tools/web/build")
endif()
set(GRADLAB_BUILD_TESTS OFF CACHE BOOL "" FORCE)
set(GRADLAB_BUILD_BENCH OFF CACHE BOOL "" FORCE)
set(GRADLAB_BUILD_APP OFF CACHE BOOL "" FORCE)
set(GRADLAB_BUILD_SHARED OFF CACHE BOOL "" FORCE)

set(web_headers ${CMAKE_BINARY_DIR}/web-headers)
file(MAKE_DIRECTORY ${web_headers})
foreach(dir nlohmann stb CLI fmt)
  if(NOT EXISTS /usr/include/${dir})
    message(FATAL_ERROR "/usr/include/${dir} is missing: install nlohmann-json3-dev, libstb-dev, libcli11-dev and libfmt-dev (.ci/install-deps)")
  endif()
  file(CREATE_LINK /usr/include/${dir} ${web_headers}/${dir} SYMBOLIC)
endforeach()
add_library(gradlab_web_headers INTERFACE)
target_include_directories(gradlab_web_headers SYSTEM INTERFACE ${web_headers})
add_library(nlohmann_json::nlohmann_json ALIAS gradlab_web_headers)
# {fmt} compiled in (there is no libfmt for the browser): imported, as find_package's fmt::fmt is, so that the
# libraries' link to it names fmt::fmt.
add_library(fmt::fmt INTERFACE IMPORTED)
set_target_properties(fmt::fmt PROPERTIES INTERFACE_INCLUDE_DIRECTORIES ${web_headers}
                                          INTERFACE_COMPILE_DEFINITIONS FMT_HEADER_ONLY=1)

# C++ exceptions on (emscripten leaves them off): CLI11 reports a refused link by one, the JSON readers a
# malformed file, and the runtime turns a failed allocation into an error code.
add_compile_options(-fexceptions)
add_link_options(-fexceptions)

# Threads: the emulated cores and streams run on Web Workers (SharedArrayBuffer, so the page must be
# cross-origin isolated: tools/web/serve sends the headers). Without them (GRADLAB_WEB_THREADS=OFF) the
# build for pages that are not: everything on the page's thread (gradlab/host_threads.h), the same results.
option(GRADLAB_WEB_THREADS "Web build with threads (needs a cross-origin isolated page); OFF: one thread" ON)
set(GRADLAB_WEB_SITE "${CMAKE_BINARY_DIR}/site" CACHE PATH "Where the web build copies its files beside index.html")
if(GRADLAB_WEB_THREADS)
  add_compile_options(-pthread)
  add_link_options(-pthread)
endif()

file(GLOB imgui_sources ${GRADLAB_IMGUI_SOURCE}/imgui.cpp ${GRADLAB_IMGUI_SOURCE}/imgui_draw.cpp
     ${GRADLAB_IMGUI_SOURCE}/imgui_tables.cpp ${GRADLAB_IMGUI_SOURCE}/imgui_widgets.cpp
     ${GRADLAB_IMGUI_SOURCE}/backends/imgui_impl_glfw.cpp ${GRADLAB_IMGUI_SOURCE}/backends/imgui_impl_opengl3.cpp)
add_library(gradlab_web_imgui STATIC ${imgui_sources})
target_include_directories(gradlab_web_imgui SYSTEM PUBLIC ${GRADLAB_IMGUI_SOURCE} ${GRADLAB_IMGUI_SOURCE}/backends
                                                           ${web_headers})
target_link_options(gradlab_web_imgui PUBLIC -sUSE_GLFW=3 -sMAX_WEBGL_VERSION=2 -sMIN_WEBGL_VERSION=2)
# 32-bit indices: a draw list past 65,536 vertices (a large grid's rectangles, a run's moving cells) draws
# whole. WebGL's ImGui backend cannot start a command at a vertex offset, so with 16-bit indices such a list
# wrapped around and drew its end over its start (a 128x128 gradOutput showed 24 rows).
target_compile_definitions(gradlab_web_imgui PUBLIC "ImDrawIdx=unsigned int")
add_library(PkgConfig::IMGUI ALIAS gradlab_web_imgui)
# Its OpenGL backend picks WebGL's subset by what its own file included first: never batched with another.
set_target_properties(gradlab_web_imgui PROPERTIES UNITY_BUILD OFF)

# giflib (what the desktop app links as Debian's libgif): the encoder, its colour quantizer, and what they use.
enable_language(C)
add_library(gradlab_web_gif STATIC ${GRADLAB_GIFLIB_SOURCE}/egif_lib.c ${GRADLAB_GIFLIB_SOURCE}/gif_err.c
  ${GRADLAB_GIFLIB_SOURCE}/gif_hash.c ${GRADLAB_GIFLIB_SOURCE}/gifalloc.c ${GRADLAB_GIFLIB_SOURCE}/quantize.c
  ${GRADLAB_GIFLIB_SOURCE}/openbsd-reallocarray.c)
target_include_directories(gradlab_web_gif SYSTEM PUBLIC ${GRADLAB_GIFLIB_SOURCE})
set_target_properties(gradlab_web_gif PROPERTIES UNITY_BUILD OFF)
target_compile_options(gradlab_web_gif PRIVATE -w)  # third-party C, compiled as its authors ship it
