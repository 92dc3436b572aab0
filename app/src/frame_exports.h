// Screenshots and GIF recordings of the app's window, for either window layer (SDL on the desktop, GLFW in
// the browser): the layer says how to read the frame it has just drawn, the state says what was asked
// (the top bar's buttons, S) and where files go; a written file is handed to state.fileSaved (the
// browser's download).
#pragma once

#include <functional>
#include <string>

#include "background_frames.h"
#include "image.h"
#include "viz/panels/app_state.h"

namespace gradlab::app {

class FrameExports {
 public:
  using Capture = std::function<Image()>;  // the whole window as last drawn, rows top to bottom

  // Before a frame is built: starts the GIF asked for (state.requests.exportGif; `recordPath` names its
  // file, "" a new one in the export folder) and, while recording, places the player at the next frame.
  // False when the GIF cannot start (the reason is in the status line and `error`).
  bool beforeFrame(viz::AppState& s, const Capture& capture, const std::string& recordPath, std::string* error);
  // The frame being built goes into the GIF: it shows the preset's view (no pointer), no time passes, and
  // no export UI is in it (the top bar shows what it showed before the recording began).
  bool capturing() const { return capturing_; }
  // The frame just drawn went into the GIF: build and draw one more for the screen before presenting, with
  // the recording's progress in the top bar.
  bool drawAgainForScreen() const { return capturedLast_; }
  bool busy() const { return capturing_ || gif_.active(); }

  struct File {        // a file this frame finished
    bool done = false;
    std::string path;
    std::string error;  // what went wrong with it, "" when it was written
    int width = 0, height = 0;
  };
  struct Written {      // a GIF and a screenshot can finish in the same frame
    File gif, screenshot;
  };
  // After the frame is drawn: adds it to the GIF, and writes the screenshot asked for
  // (state.requests.screenshot or `shotNow`; `shotPath` names its file, "" a new one in the export folder).
  Written afterFrame(viz::AppState& s, const Capture& capture, bool shotNow, const std::string& shotPath);
  // The GIF's file, while one is being written.
  const std::string& gifPath() const { return gif_.path(); }

 private:
  BackgroundFrames gif_;
  bool capturing_ = false, capturedLast_ = false;
  // A GIF was started and its outcome not yet said (the captured frames hide the progress, so the progress
  // cannot tell: on one thread the last frame finishes the file within the frame that captured it).
  bool unannounced_ = false;
  std::string statusBefore_;  // the status line when the recording began: what the GIF's frames show
  bool statusErrorBefore_ = false;
  int frame_ = 0, frames_ = 0, delay_ = 5;
  double duration_ = 0.0;
};

// The window's picture as the user asked for it: the whole window, or the centre canvas only.
Image exportedPart(Image window, const viz::AppState& s);

}  // namespace gradlab::app
