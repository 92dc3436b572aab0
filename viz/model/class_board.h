// What the teacher's screen shows of a class: how to join (the link, its QR code, the code) and how far the
// room is with the open question. The class hosting fills it (app/src/class_hosting.h); the panel draws it.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "viz/model/class_room.h"

namespace gradlab::viz {

struct ClassBoard {
  std::string link;              // http://ADDRESS:PORT/?join=CODE
  std::string code;              // the 4 digits
  std::vector<uint8_t> qr;       // the link's QR code, qrSize x qrSize modules, row by row (1: dark)
  int qrSize = 0;
  int joined = 0;                // students in the class
  int answered = 0;              // of them, those who answered the open question (its current round)
  bool asking = false;           // a question is open
  std::string question;          // its key ("first-steps/2")
  bool revealed = false;         // its answer is shown on every device
  // What the room answered, round by round (the first, and the current one after Vote again): each student's
  // first try of the round. Drawn on the question's picture and beside it; who was right only once revealed.
  std::vector<ClassSummary> rounds;
  bool voteAgain = false;        // the teacher asked for another round: the hosting opens it and clears this
  bool reportWanted = false;     // the board shows the class report: the hosting fills `report` while it does
  std::optional<ClassReport> report;
};

}  // namespace gradlab::viz
