// The app's keyboard shortcuts: one table for the desktop window and the browser page, and the keys the help
// overlay lists. A window layer names its key the way ImGui does (Space, the arrows, Escape) or by the
// character on it (a letter in lower case, '/' or '?'); the table says which shortcut that is.
#pragma once

#include <imgui.h>

#include <cstddef>
#include <optional>

#include "viz/panels/app_state.h"

namespace gradlab::viz {

struct ShortcutKey {
  ImGuiKey named = ImGuiKey_COUNT;  // ImGuiKey_Space, the four arrows or ImGuiKey_Escape
  char character = 0;               // else the key's character, letters in lower case
};

std::optional<Shortcut> shortcutFor(ShortcutKey key);
// Does what `shortcut` does (Esc: closes an open popup first, else cancels the run in flight).
void handleShortcut(AppState& state, Shortcut shortcut);
// Left and Right step again while they are held (the window's key repeat); the others act once per press.
bool repeatsWhenHeld(Shortcut shortcut);

// The help overlay's lines: the keys as a user reads them ("Space", "H or ?"), what they do (English, for
// i18n::tr), and the shortcut they are.
struct ShortcutHelp {
  const char* keys;
  const char* does;
  Shortcut shortcut;
};
const ShortcutHelp* shortcutHelp(size_t* count);

}  // namespace gradlab::viz
