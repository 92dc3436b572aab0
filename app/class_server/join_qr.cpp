#include "join_qr.h"

#ifdef GRADLAB_HAVE_QRENCODE
#include <qrencode.h>
#endif

namespace gradlab::app {

std::vector<uint8_t> qrModules(const std::string& text, int* size) {
  *size = 0;
#ifdef GRADLAB_HAVE_QRENCODE
  QRcode* code = QRcode_encodeString(text.c_str(), 0, QR_ECLEVEL_M, QR_MODE_8, 1);
  if (code == nullptr) return {};
  std::vector<uint8_t> modules(static_cast<size_t>(code->width) * static_cast<size_t>(code->width));
  for (size_t i = 0; i < modules.size(); ++i) modules[i] = code->data[i] & 1;  // bit 0: dark
  *size = code->width;
  QRcode_free(code);
  return modules;
#else
  (void)text;
  return {};
#endif
}

}  // namespace gradlab::app
