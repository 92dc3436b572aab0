#include "frame_exports.h"

#include <imgui.h>

#include <algorithm>

#include "i18n/translate.h"
#include "viz/model/export_paths.h"
#include "viz/model/text.h"
#include "viz/panels/actions.h"

namespace gradlab::app {

Image exportedPart(Image window, const viz::AppState& s) {
  if (!s.view.canvasOnly || window.empty()) return window;
  const ImVec2 display = ImGui::GetIO().DisplaySize;  // the canvas's corners are in display units
  const float sx = display.x > 0 ? window.width / display.x : 1.0f, sy = display.y > 0 ? window.height / display.y : 1.0f;
  return cropped(window, static_cast<int>(s.view.canvasMin.x * sx), static_cast<int>(s.view.canvasMin.y * sy),
                 static_cast<int>(s.view.canvasMax.x * sx), static_cast<int>(s.view.canvasMax.y * sy));
}

bool FrameExports::beforeFrame(viz::AppState& s, const Capture& capture, const std::string& recordPath, std::string* error) {
  if (s.host.requests.exportGif) {
    s.host.requests.exportGif = false;
    if (busy()) {
      viz::setStatus(s, i18n::tr("a GIF is still being written"));
    } else if (s.run.animation.empty()) {
      *error = i18n::tr("nothing to animate in this view");
      viz::setStatus(s, *error, true);
      return false;
    } else {
      const std::string path =
          !recordPath.empty() ? recordPath : viz::newExportPath(s.view.outputDir, "gradlab", ".gif", error);
      const Image probe = exportedPart(capture(), s);
      frames_ = std::clamp(static_cast<int>(s.player.duration * 4.0), 24, 120);
      if (path.empty() || !gif_.start(path, probe.width, probe.height, frames_, 0, error)) {
        viz::setStatus(s, *error, true);
        return false;
      }
      capturing_ = true;
      unannounced_ = true;
      statusBefore_ = s.view.status;
      statusErrorBefore_ = s.view.statusError;
      frame_ = 0;
      duration_ = s.player.duration;
      const double seconds = s.player.speed > 0 ? s.player.duration / s.player.speed : 4.0;
      delay_ = std::clamp(static_cast<int>(seconds * 100.0 / frames_), 4, 100);
    }
  }
  if (capturing_) {
    s.player.playing = false;
    s.player.t = duration_ * frame_ / std::max(frames_ - 1, 1);
    s.view.exportProgress = -1.0f;  // the frame for the GIF: no bar, the status line as it was
    s.view.status = statusBefore_;
    s.view.statusError = statusErrorBefore_;
  }
  return true;
}

FrameExports::Written FrameExports::afterFrame(viz::AppState& s, const Capture& capture, bool shotNow, const std::string& shotPath) {
  Written out;
  capturedLast_ = capturing_;
  if (capturing_) {
    const bool last = frame_ + 1 >= frames_;
    gif_.add(exportedPart(capture(), s), last ? 250 : delay_);
    if (last) capturing_ = false;
    ++frame_;
  }
  if (busy()) {
    s.view.exportProgress = static_cast<float>(gif_.encoded()) / static_cast<float>(std::max(frames_, 1));
    viz::setStatus(s, i18n::trf("writing {0}: frame {1} of {2}", gif_.path(), gif_.encoded(), frames_));
  } else if (gif_.finished() && unannounced_) {
    unannounced_ = false;
    s.view.exportProgress = -1.0f;
    File& gif = out.gif;
    gif.done = true;
    gif.path = gif_.path();
    gif.error = gif_.result();
    viz::setStatus(s, gif.error.empty() ? i18n::trf("GIF saved: {0}", gif.path) : gif.error, !gif.error.empty());
    if (gif.error.empty() && s.host.fileSaved) s.host.fileSaved(gif.path);
  }
  if (s.host.requests.screenshot || shotNow) {
    s.host.requests.screenshot = false;
    File& shot = out.screenshot;
    shot.done = true;
    shot.path = !shotPath.empty() ? shotPath : viz::newExportPath(s.view.outputDir, "gradlab", ".png", &shot.error);
    const Image image = exportedPart(capture(), s);
    shot.width = image.width, shot.height = image.height;
    if (image.empty() && shot.error.empty()) shot.error = i18n::tr("the window's pixels could not be read");
    if (!shot.path.empty() && shot.error.empty() && writePng(shot.path, image, &shot.error)) {
      viz::setStatus(s, i18n::trf("screenshot saved: {0}", shot.path));
      if (s.host.fileSaved) s.host.fileSaved(shot.path);
    } else {
      viz::setStatus(s, shot.error, true);
    }
  }
  return out;
}

}  // namespace gradlab::app
