// What the teacher's screen shows of a class: how to join (the link, its QR code, the code) and how far the
// room is with the open question. The class hosting fills it (app/src/class_hosting.h); the panel draws it.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace gradlab::viz {

struct ClassBoard {
  std::string link;              // http://ADDRESS:PORT/?join=CODE
  std::string code;              // the 4 digits
  std::vector<uint8_t> qr;       // the link's QR code, qrSize x qrSize modules, row by row (1: dark)
  int qrSize = 0;
  int joined = 0;                // students in the class
  int answered = 0;              // of them, those who answered the open question (its current round)
  bool asking = false;           // a question is open
};

}  // namespace gradlab::viz
