#include "viz/panels/shortcut_keys.h"

#include <imgui.h>

#include <iterator>

#include "i18n/translate.h"
#include "viz/panels/actions.h"

namespace gradlab::viz {
namespace {

struct Binding {
  ShortcutKey key;
  Shortcut shortcut;
};

constexpr Binding kBindings[] = {
    {{ImGuiKey_Space, 0}, Shortcut::kPlayPause},
    {{ImGuiKey_RightArrow, 0}, Shortcut::kStepForward},
    {{ImGuiKey_LeftArrow, 0}, Shortcut::kStepBack},
    {{ImGuiKey_UpArrow, 0}, Shortcut::kPreviousPreset},
    {{ImGuiKey_DownArrow, 0}, Shortcut::kNextPreset},
    {{ImGuiKey_COUNT, 'f'}, Shortcut::kFullscreen},
    {{ImGuiKey_COUNT, 'p'}, Shortcut::kPresenter},
    {{ImGuiKey_COUNT, 's'}, Shortcut::kScreenshot},
    {{ImGuiKey_COUNT, 'm'}, Shortcut::kMemoryOrder},
    {{ImGuiKey_Escape, 0}, Shortcut::kCancelRun},
    {{ImGuiKey_COUNT, 'h'}, Shortcut::kHelp},
    {{ImGuiKey_COUNT, '/'}, Shortcut::kHelp},
    {{ImGuiKey_COUNT, '?'}, Shortcut::kHelp},
};

constexpr ShortcutHelp kHelp[] = {
    {"Space", "play / pause", Shortcut::kPlayPause},
    {"Left / Right", "one step back / forward, by a beat, tile, core or phase (\"step by\"; hold to repeat)",
     Shortcut::kStepForward},
    {"Up / Down", "previous / next step of the lesson", Shortcut::kNextPreset},
    {"P", "presenter mode: large type, high contrast", Shortcut::kPresenter},
    {"F", "full screen (Esc leaves it)", Shortcut::kFullscreen},
    {"Esc", "closes a menu; in a field, puts back the value in use; else cancels the run in progress",
     Shortcut::kCancelRun},
    {"S", "screenshot (PNG, in the export folder)", Shortcut::kScreenshot},
    {"M", "memory order: each tensor's cells in address order, under the Scatter tab's grids", Shortcut::kMemoryOrder},
    {"H or ?", "this help", Shortcut::kHelp},
};

}  // namespace

std::optional<Shortcut> shortcutFor(ShortcutKey key) {
  for (const Binding& b : kBindings) {
    const bool same = key.named != ImGuiKey_COUNT ? b.key.named == key.named
                                                  : key.character != 0 && b.key.character == key.character;
    if (same) return b.shortcut;
  }
  return std::nullopt;
}

bool repeatsWhenHeld(Shortcut shortcut) {
  return shortcut == Shortcut::kStepForward || shortcut == Shortcut::kStepBack;
}

const ShortcutHelp* shortcutHelp(size_t* count) {
  *count = std::size(kHelp);
  return kHelp;
}


void handleShortcut(AppState& s, Shortcut shortcut) {
  switch (shortcut) {
    case Shortcut::kPlayPause:
      // An open question hides the flights (they would answer it): playing would move nothing on screen.
      if (s.exerciseOpen()) setStatus(s, i18n::tr("The animation plays once the question is answered."), false);
      else s.player.togglePlay();
      break;
    case Shortcut::kStepForward: s.player.stepForward(s.run.animation, s.stepUnit); break;
    case Shortcut::kStepBack: s.player.stepBack(s.run.animation, s.stepUnit); break;
    case Shortcut::kPreviousPreset: stepPreset(s, -1); break;
    case Shortcut::kNextPreset: stepPreset(s, +1); break;
    case Shortcut::kFullscreen:  // a page has none of its own to offer (the browser's is F11)
      if (s.host.canFullscreen) s.host.requests.toggleFullscreen = true;
      break;
    case Shortcut::kPresenter:
      s.view.presenter = !s.view.presenter;  // the theme follows at the end of the frame (syncTheme)
      break;
    case Shortcut::kScreenshot: s.host.requests.screenshot = true; break;
    case Shortcut::kHelp: s.view.showHelp = !s.view.showHelp; break;
    case Shortcut::kMemoryOrder: s.view.memoryOrder = !s.view.memoryOrder; break;
    case Shortcut::kCancelRun:  // Esc: a popup open takes it first (it closes)
      if (!ImGui::IsPopupOpen("", ImGuiPopupFlags_AnyPopupId)) cancelRun(s);
      break;
  }
}

}  // namespace gradlab::viz
