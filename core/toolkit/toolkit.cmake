# The CANN toolkit layout, so that a CANN project's own build files work against gradlab unchanged:
#   <prefix>/share/gradlab/ascend-toolkit/set_env.sh        exports ASCEND_HOME_PATH & co, like CANN's
#   <prefix>/share/gradlab/ascend-toolkit/latest/include/   acl/, aclnn/, aclnnop/ (links to <prefix>/include)
#   <prefix>/share/gradlab/ascend-toolkit/latest/lib64/     libascendcl.so, libnnopbase.so, libopapi.so
#                                                           (links to the one libgradlab.so) + its SONAME
#   <prefix>/share/gradlab/ascend-toolkit/latest/opp/       ASCEND_OPP_PATH (the operators are built in)
# Every link is relative, so the installed tree can be moved or packaged (DESTDIR).
set(GRADLAB_TOOLKIT_DIR ${CMAKE_INSTALL_DATADIR}/gradlab/ascend-toolkit)
set(toolkit_home /${GRADLAB_TOOLKIT_DIR}/latest)
file(RELATIVE_PATH toolkit_to_include ${toolkit_home}/include /${CMAKE_INSTALL_INCLUDEDIR})
file(RELATIVE_PATH toolkit_to_libdir ${toolkit_home}/lib64 /${CMAKE_INSTALL_LIBDIR})
set(toolkit_soname libgradlab.so.${PROJECT_VERSION_MAJOR})

install(PROGRAMS ${CMAKE_CURRENT_LIST_DIR}/set_env.sh DESTINATION ${GRADLAB_TOOLKIT_DIR})
install(FILES ${CMAKE_CURRENT_LIST_DIR}/opp_README.md DESTINATION ${GRADLAB_TOOLKIT_DIR}/latest/opp RENAME README.md)
install(CODE "set(GRADLAB_TOOLKIT_HOME \"${GRADLAB_TOOLKIT_DIR}/latest\")
set(GRADLAB_TOOLKIT_LINKS
  \"include/acl=${toolkit_to_include}/acl\" \"include/aclnn=${toolkit_to_include}/aclnn\"
  \"include/aclnnop=${toolkit_to_include}/aclnnop\"
  \"lib64/libascendcl.so=${toolkit_to_libdir}/${toolkit_soname}\"
  \"lib64/libnnopbase.so=${toolkit_to_libdir}/${toolkit_soname}\"
  \"lib64/libopapi.so=${toolkit_to_libdir}/${toolkit_soname}\"
  \"lib64/${toolkit_soname}=${toolkit_to_libdir}/${toolkit_soname}\")")
install(SCRIPT ${CMAKE_CURRENT_LIST_DIR}/make_links.cmake)
