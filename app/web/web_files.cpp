#include "web_files.h"

#include <emscripten.h>

#include <cstdio>
#include <cstdlib>
#include <deque>
#include <string>

#include "i18n/translate.h"
#include "viz/panels/actions.h"
#include "viz/panels/panels.h"

namespace gradlab::app {
namespace {

// What the page's JavaScript reported since the last frame (it calls back on the page's main thread).
struct FileEvent {
  enum Kind { kUploaded, kUploadFailed, kLinkMade } kind;
  std::string text;
  long long number = 0;
  bool flag = false;
};
std::deque<FileEvent> g_events;

// clang-format off
// A download needs the user's gesture (a click or key within the last seconds): a file written later (a GIF,
// after its frames are encoded) waits in a bar at the bottom of the page whose button downloads it.
EM_JS(void, gradlab_download, (const char* path, const char* readyText, const char* buttonText), {
  const file = UTF8ToString(path);
  const name = file.split('/').pop();
  const blob = new Blob([FS.readFile(file)], {type: 'application/octet-stream'});
  const save = () => {
    const link = document.createElement('a');
    link.href = URL.createObjectURL(blob);
    link.download = name;
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(link.href), 10000);
  };
  if (!navigator.userActivation || navigator.userActivation.isActive) {
    save();
    return;
  }
  let bar = document.getElementById('gradlab-ready');
  if (!bar) {
    bar = document.createElement('div');
    bar.id = 'gradlab-ready';
    document.body.appendChild(bar);
  }
  const text = document.createElement('span');
  text.textContent = UTF8ToString(readyText);
  const button = document.createElement('button');
  button.textContent = UTF8ToString(buttonText);
  button.onclick = () => {
    save();
    bar.remove();
    document.getElementById('canvas').focus();
  };
  const close = document.createElement('button');
  close.textContent = String.fromCharCode(215);  // a multiplication sign: closes the bar, nothing saved
  close.onclick = () => bar.remove();
  bar.replaceChildren(text, button, close);
});

// (No backslashes in these bodies: EM_JS passes them on as C strings.)
// A hidden file input, clicked: the browser's own file chooser. The file is copied into /uploads.
EM_JS(void, gradlab_pick_file, (), {
  let input = document.getElementById('gradlab-upload');
  if (!input) {
    input = document.createElement('input');
    input.type = 'file';
    input.id = 'gradlab-upload';
    input.accept = '.gradlab,.json,application/json';
    input.style.display = 'none';
    document.body.appendChild(input);
    input.addEventListener('change', async () => {
      const file = input.files[0];
      input.value = "";
      if (!file) return;
      if (file.size > Module.maxSessionBytes) {  // index.html's bound
        ccall('gradlab_upload_failed', null, ['string', 'number'], [file.name, file.size]);
        return;
      }
      const bytes = new Uint8Array(await file.arrayBuffer());
      FS.mkdirTree('/uploads');
      const safe = Array.from(file.name, (c) => ['/', String.fromCharCode(92), String.fromCharCode(0)].includes(c) ? '_' : c);
      const path = '/uploads/' + safe.join("");
      FS.writeFile(path, bytes);
      ccall('gradlab_uploaded', null, ['string'], [path]);
    });
  }
  input.click();
});

// The session JSON deflated (raw), base64url, as the address's fragment; the query goes (the fragment says
// it all). Also copied to the clipboard where the browser allows it (a second at most: headless ones hang).
EM_JS(void, gradlab_make_link, (const char* json), {
  const text = UTF8ToString(json);
  (async () => {
    const deflated = new Blob([text]).stream().pipeThrough(new CompressionStream('deflate-raw'));
    const bytes = new Uint8Array(await new Response(deflated).arrayBuffer());
    let binary = "";
    for (const b of bytes) binary += String.fromCharCode(b);
    const data = btoa(binary).split('+').join('-').split('/').join('_').replace(/=+$/, "");
    const url = location.origin + location.pathname + '#session=' + data;
    history.replaceState(null, "", url);
    let copied = false;
    try {
      copied = await Promise.race([navigator.clipboard.writeText(url).then(() => true),
                                   new Promise((resolve) => setTimeout(() => resolve(false), 1000))]);
    } catch (e) {}
    ccall('gradlab_link_made', null, ['number', 'number'], [url.length, copied ? 1 : 0]);
  })();
});

// What index.html decoded from the address before the app started: the session's text, or an error.
EM_JS(char*, gradlab_link_text, (int wantError), {
  const text = wantError ? Module.linkSessionError : Module.linkSession;
  if (typeof text !== 'string') return 0;
  const size = lengthBytesUTF8(text) + 1;
  const out = _malloc(size);
  stringToUTF8(text, out, size);
  return out;
});
// clang-format on

std::string takeLinkText(bool error) {
  char* text = gradlab_link_text(error ? 1 : 0);
  if (text == nullptr) return {};
  std::string out = text;
  std::free(text);
  return out;
}

}  // namespace

void installBrowserFiles(viz::AppState& state) {
  state.host.fileSaved = [](const std::string& path) {
    const std::string name = path.substr(path.find_last_of('/') + 1);
    gradlab_download(path.c_str(), i18n::trf("{0} is ready", name).c_str(), i18n::tr("Download"));
  };
  state.host.openFromDevice = [] { gradlab_pick_file(); };
  state.host.linkToSession = [](const std::string& json) { gradlab_make_link(json.c_str()); };
}

void applyBrowserFileEvents(viz::AppState& state) {
  while (!g_events.empty()) {
    const FileEvent e = std::move(g_events.front());
    g_events.pop_front();
    switch (e.kind) {
      case FileEvent::kUploaded: viz::openSession(state, e.text); break;
      case FileEvent::kUploadFailed:
        viz::setStatus(state, i18n::trf("{0} is {1} bytes: too large for a session file", e.text, e.number), true);
        break;
      case FileEvent::kLinkMade:
        viz::setStatus(state, e.flag ? i18n::trf("the address bar links to this session ({0} characters), copied to the clipboard", e.number)
                                     : i18n::trf("the address bar links to this session ({0} characters)", e.number));
        break;
    }
  }
}

std::string sessionFileFromLink() {
  const std::string text = takeLinkText(false);
  if (text.empty()) return {};
  const std::string path = "/link.gradlab";
  FILE* f = std::fopen(path.c_str(), "wb");
  if (f == nullptr) return {};
  const bool written = std::fwrite(text.data(), 1, text.size(), f) == text.size();
  return std::fclose(f) == 0 && written ? path : std::string{};
}

std::string linkProblem() {
  const std::string code = takeLinkText(true);  // index.html's: what went wrong decoding the address
  if (code.empty()) return {};
  std::string why;
  if (code == "not-base64url") {
    why = i18n::tr("its text is not base64url");
  } else if (code == "too-large") {
    why = i18n::trf("it inflates to more than {0} MiB, more than a session holds", 4);
  } else {
    why = i18n::tr("its data is not a deflated session (cut short when copied?); File -> Link to this session makes one");
  }
  return i18n::trf("the link's session cannot be read: {0}", why);
}

}  // namespace gradlab::app

// Called by the page's JavaScript above.
extern "C" {
EMSCRIPTEN_KEEPALIVE void gradlab_uploaded(const char* path) {
  gradlab::app::g_events.push_back({gradlab::app::FileEvent::kUploaded, path});
}
EMSCRIPTEN_KEEPALIVE void gradlab_upload_failed(const char* name, double bytes) {
  gradlab::app::g_events.push_back({gradlab::app::FileEvent::kUploadFailed, name, static_cast<long long>(bytes)});
}
EMSCRIPTEN_KEEPALIVE void gradlab_link_made(int characters, int copied) {
  gradlab::app::g_events.push_back({gradlab::app::FileEvent::kLinkMade, "", characters, copied != 0});
}
}
