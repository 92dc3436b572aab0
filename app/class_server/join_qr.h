// The join link as a QR code a room scans from the projector (Debian's libqrencode).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace gradlab::app {

// The modules of `text`'s QR code (error correction M), `*size` x `*size`, row by row, 1 for dark; empty (and
// size 0) when this build has no libqrencode or the text does not fit a QR code.
std::vector<uint8_t> qrModules(const std::string& text, int* size);

}  // namespace gradlab::app
