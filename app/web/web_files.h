// The browser build's files. The page's file system lives in its memory, so: what the app saves is handed
// to the browser as a download; a session is opened from a file the user picks on their device; and a
// session can travel in the page's address (#session=..., the .gradlab JSON deflated and base64url-encoded),
// which index.html decodes before the app starts.
#pragma once

#include <string>

#include "viz/panels/app_state.h"

namespace gradlab::app {

// Sets the state's browser hooks: fileSaved (download), openFromDevice, linkToSession.
void installBrowserFiles(viz::AppState& state);
// Once a frame: opens a session the user picked once it has arrived, and says when a link has been made.
void applyBrowserFileEvents(viz::AppState& state);
// The session the page's address carried, written to a file for the command line to open ("" when the
// address carried none, or one that could not be read: then linkProblem() says why).
std::string sessionFileFromLink();
// Why the address's session could not be read, in the current language; "" when nothing went wrong.
std::string linkProblem();

}  // namespace gradlab::app
