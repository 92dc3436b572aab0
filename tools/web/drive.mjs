// Drives gradlab's web page in Debian's headless Chromium through the DevTools protocol, with real input
// events (Input.dispatchMouseEvent / dispatchKeyEvent: the browser delivers them to the canvas as it does a
// person's), by the desktop's UI scenario files (tests/ui/scenarios/*.json). Widgets are found by the same
// widget map the desktop app writes (viz/widgets/ui_map.h), read from the page (gradlab_ui_map()).
//
//   node --experimental-websocket tools/web/drive.mjs --url http://127.0.0.1:8080/ SCENARIO.json...
//   node --experimental-websocket tools/web/drive.mjs --url URL --screenshot out.png   (a picture, no scenario)
//   --build gradlab-one-thread   every scenario first checks the page runs that build (index.html picks the
//                                threaded one on a cross-origin isolated page, else the one-thread one)
//   --size WxH                   the window (default 1280x720)      --lang zh-CN   the browser's own language
//
// A scenario's "args" become the page's query (--op x --in 4x4 -> ?op=x&in=4x4). Supported steps: click,
// doubleClick, move, drag, wheel, type, key, wait, screenshot, measureFrames (prints the frame rate over that
// many seconds: a measurement, never a check), eval (logs a page expression), and
// the browser's own: tap (a finger), swipe (two fingers, dy pixels), navigate (a link), reopen (the page's address, anew), upload (the file the next file
// chooser gets), download (a file arrives in OUT/downloads); checks:
// expect, expectWidget, exists, absent, inside, changed, unchanged (a widget's pixels against the screen before
// the step), framesDrawn (at least that many frames drawn since the step began, the other checks holding on the
// last), evalExpect (a page expression that must be true), polled for up to "within" seconds (10 by default: a
// limit on a hang, not a measurement; a check that holds ends the wait). Exit status 1 names the first step that
// failed. No check is a rate or a duration: those pass or fail with the machine's load, not the code.
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync, mkdtempSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { decodePng, differingPixels } from './png.mjs';
import { join, resolve } from 'node:path';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function parseArgs(argv) {
  const o = { url: 'http://127.0.0.1:8080/', scenarios: [], screenshot: '', width: 1280, height: 720, out: '', build: '', lang: '' };
  for (let i = 0; i < argv.length; ++i) {
    const a = argv[i];
    if (a === '--url') o.url = argv[++i];
    else if (a === '--screenshot') o.screenshot = argv[++i];
    else if (a === '--out') o.out = argv[++i];
    else if (a === '--build') o.build = argv[++i];
    else if (a === '--size') [o.width, o.height] = argv[++i].split('x').map(Number);
    else if (a === '--lang') o.lang = argv[++i];
    else o.scenarios.push(a);
  }
  return o;
}

class Browser {
  async start(width, height, lang) {
    this.profile = mkdtempSync(join(tmpdir(), 'gradlab-chromium-'));
    // --lang: the browser's own language (a Chinese student's browser asks for zh-CN pages).
    const language = lang ? [`--lang=${lang}`, `--accept-lang=${lang}`] : [];
    this.proc = spawn('chromium', ['--headless=new', '--no-sandbox', '--use-angle=swiftshader', '--enable-unsafe-swiftshader',
      // Port 0: chromium picks a free one and names it in DevToolsActivePort (browsers started side by side,
      // as the class test's students are, never meet on one).
      '--remote-debugging-port=0', `--user-data-dir=${this.profile}`, `--window-size=${width},${height}`,
      ...language, '--no-first-run', 'about:blank'], { stdio: ['ignore', 'ignore', 'pipe'] });
    this.lang = lang;
    let pages = null;
    for (let i = 0; i < 300 && !pages; ++i) {  // hang limits here and below, generous for a busy machine
      await sleep(100);
      try {
        const port = readFileSync(join(this.profile, 'DevToolsActivePort'), 'utf8').split('\n')[0].trim();
        pages = await (await fetch(`http://127.0.0.1:${port}/json/list`)).json();
      } catch { pages = null; }
    }
    if (!pages) throw new Error('chromium did not open its DevTools port');
    const page = pages.find((p) => p.type === 'page');
    this.ws = new WebSocket(page.webSocketDebuggerUrl);
    this.nextId = 1;
    this.pending = new Map();
    this.console = [];
    this.ws.onmessage = (event) => {
      const msg = JSON.parse(event.data);
      if (msg.id && this.pending.has(msg.id)) {
        const { resolve, reject } = this.pending.get(msg.id);
        this.pending.delete(msg.id);
        if (msg.error) reject(new Error(`${msg.error.message}`)); else resolve(msg.result);
      } else if (msg.method === 'Runtime.consoleAPICalled') {
        this.console.push(msg.params.args.map((a) => a.value ?? a.description ?? '').join(' '));
      } else if (msg.method === 'Page.fileChooserOpened') {
        // The page opened its file chooser (a person picks a file): the scenario's "upload" file is picked.
        const files = this.upload ? [this.upload] : [];
        this.upload = '';
        this.send('DOM.setFileInputFiles', { files, backendNodeId: msg.params.backendNodeId }).catch(() => {});
      } else if (msg.method === 'Runtime.exceptionThrown') {
        this.console.push('exception: ' + (msg.params.exceptionDetails.exception?.description ?? msg.params.exceptionDetails.text));
      }
    };
    await new Promise((resolve, reject) => { this.ws.onopen = resolve; this.ws.onerror = reject; });
    await this.send('Runtime.enable');
    await this.send('Page.enable');
    if (lang) await this.send('Emulation.setLocaleOverride', { locale: lang }).catch(() => {});  // navigator.language too
    this.width = width;
    this.height = height;
    this.scale = 1;
    await this.send('Emulation.setDeviceMetricsOverride', { width, height, deviceScaleFactor: 1, mobile: false });
    await this.send('Page.setInterceptFileChooserDialog', { enabled: true });
  }
  // Downloads go to `dir` (the page's File -> Save, screenshots, GIFs).
  async downloadTo(dir) {
    this.downloads = resolve(dir);  // absolute: an upload of a download names it to the browser
    mkdirSync(this.downloads, { recursive: true });
    await this.send('Page.setDownloadBehavior', { behavior: 'allow', downloadPath: dir });
  }
  send(method, params = {}) {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.ws.send(JSON.stringify({ id, method, params }));
    });
  }
  async evaluate(expression) {
    const r = await this.send('Runtime.evaluate', { expression, returnByValue: true, awaitPromise: true });
    if (r.exceptionDetails) throw new Error(r.exceptionDetails.exception?.description ?? r.exceptionDetails.text);
    return r.result.value;
  }
  async pixels() {
    const r = await this.send('Page.captureScreenshot', { format: 'png' });
    return decodePng(Buffer.from(r.data, 'base64'));
  }
  async screenshot(path) {
    const r = await this.send('Page.captureScreenshot', { format: 'png' });
    writeFileSync(path, Buffer.from(r.data, 'base64'));
  }
  stop() {
    try { this.ws.close(); } catch {}
    this.proc.kill('SIGKILL');
  }
}

// The page's widget map, or null before the app's first frames.
async function uiMap(browser) {
  const text = await browser.evaluate(
    "typeof Module !== 'undefined' && Module.calledRun ? Module.ccall('gradlab_ui_map', 'string', [], []) : ''");
  if (!text) return null;
  const map = JSON.parse(text);
  return map.widgets && map.widgets.length ? map : null;
}

// Opens `url` and waits for the app to draw its widgets; returns the seconds that took.
async function open(browser, url) {
  const t0 = Date.now();
  await browser.send('Page.navigate', { url });
  for (let i = 0; i < 1200; ++i) {
    await sleep(50);
    if (await uiMap(browser)) return (Date.now() - t0) / 1000;
  }
  throw new Error(`the app did not draw within 60 s at ${url}; console: ${browser.console.slice(-5).join(' | ')}`);
}

// A page expression with each ${NAME} replaced by that environment variable as a JavaScript string
// (tools/web/test passes what the desktop app computed); null when one is not set.
function withEnvironment(expression) {
  let missing = false;
  const text = expression.replace(/\$\{([A-Z_][A-Z0-9_]*)\}/g, (_, name) => {
    if (process.env[name] === undefined) missing = true;
    return JSON.stringify(process.env[name] ?? '');
  });
  return missing ? null : text;
}

function widget(map, id) { return map.widgets.find((w) => w.id === id); }

// The newest finished download whose name matches `pattern`, as a path (null when there is none).
function latestDownload(browser, pattern) {
  const names = readdirSync(browser.downloads).filter((n) => !n.endsWith('.crdownload') && new RegExp(pattern).test(n));
  const paths = names.map((n) => join(browser.downloads, n)).sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
  return paths[0] ?? null;
}

// The widget once it is drawn (waiting up to 3 s), inside its panel (scrolled there with the mouse wheel
// when it lies past the panel's edge, as a person reaches a button below the fold) and standing still (a
// popup's first frame lays it out before placing it), as tests/ui/scenario.cpp acts; null when it is not
// drawn.
async function reachable(browser, id) {
  const started = Date.now(), deadline = started + 3000;
  let previous = null;
  for (let turn = 0; turn < 400; ++turn) {
    const map = await uiMap(browser);
    const w = widget(map, id);
    if (!w) {
      if (Date.now() > deadline) return null;
      await sleep(30);
      continue;
    }
    const below = w.y1 > w.wy1 + 0.5, above = w.y0 < w.wy0 - 0.5;  // as tests/ui/app_process.h judges it
    if (below || above) {
      const x = (w.wx0 + w.wx1) / 2, y = (w.wy0 + w.wy1) / 2;
      await mouse(browser, 'mouseMoved', x, y);
      await browser.send('Input.dispatchMouseEvent', { type: 'mouseWheel', x, y, deltaX: 0, deltaY: below ? 100 : -100 });
      await sleep(100);
      previous = null;
      continue;
    }
    const same = previous && previous.w.x0 === w.x0 && previous.w.y0 === w.y0 && previous.w.x1 === w.x1 && previous.w.y1 === w.y1;
    // Still for two frames and a tenth of a second: in the page a run's result lands asynchronously (the UI
    // worker) and can move the layout a few frames after a lesson changes.
    // And no run on the UI worker (up to 2 s: a scenario may act during a long run on purpose): its result
    // lands when it is done and can move the widget, as tests/ui/scenario.cpp waits for it too.
    const busy = map.state?.worker === 'busy' && Date.now() - started < 2000;
    if (same && !busy && map.frame >= previous.frame + 2 && Date.now() - previous.time >= 100) return w;
    if (!same) previous = { w, frame: map.frame, time: Date.now() };
    await sleep(30);
  }
  return widget(await uiMap(browser), id);
}

async function mouse(browser, type, x, y, clickCount = 1) {
  await browser.send('Input.dispatchMouseEvent', { type, x, y, button: type === 'mouseMoved' ? 'none' : 'left', clickCount });
}

async function click(browser, w, at, count = 1, hold = 0.12) {
  const [fx, fy] = at ?? [0.5, 0.5];
  const x = w.x0 + (w.x1 - w.x0) * fx, y = w.y0 + (w.y1 - w.y0) * fy;
  await mouse(browser, 'mouseMoved', x, y);
  await sleep(50);
  for (let c = 1; c <= count; ++c) {
    await mouse(browser, 'mousePressed', x, y, c);
    if (hold > 0) await sleep(hold * 1000);  // held as a hand holds it
    await mouse(browser, 'mouseReleased', x, y, c);
    await sleep(60);
  }
}

// A press at `at` of the widget (fractions; its middle by default), moved by `by` pixels in ten steps while
// held, released: button 1 left, 2 middle, 3 right, as the desktop driver numbers them.
async function drag(browser, w, at, by, buttonNumber) {
  const [fx, fy] = at ?? [0.5, 0.5];
  const x = w.x0 + (w.x1 - w.x0) * fx, y = w.y0 + (w.y1 - w.y0) * fy;
  const button = { 1: 'left', 2: 'middle', 3: 'right' }[buttonNumber] ?? 'left';
  const buttons = { left: 1, right: 2, middle: 4 }[button];
  await browser.send('Input.dispatchMouseEvent', { type: 'mouseMoved', x, y, button: 'none' });
  await sleep(50);
  await browser.send('Input.dispatchMouseEvent', { type: 'mousePressed', x, y, button, buttons, clickCount: 1 });
  for (let i = 1; i <= 10; ++i) {
    await sleep(30);
    await browser.send('Input.dispatchMouseEvent', { type: 'mouseMoved', x: x + (by[0] * i) / 10, y: y + (by[1] * i) / 10, button, buttons });
  }
  await sleep(60);
  await browser.send('Input.dispatchMouseEvent', { type: 'mouseReleased', x: x + by[0], y: y + by[1], button, buttons: 0, clickCount: 1 });
  await sleep(60);
}

// A finger's tap on the widget's middle, or at [fx, fy] of it (a touch screen's events, not the mouse's).
async function tap(browser, w, at) {
  const [fx, fy] = at ?? [0.5, 0.5];
  const point = { x: w.x0 + (w.x1 - w.x0) * fx, y: w.y0 + (w.y1 - w.y0) * fy, id: 1 };
  await browser.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [point] });
  await sleep(100);
  await browser.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await sleep(60);
}

// Two fingers on the widget's middle, moved `dy` pixels (up: negative) in ten steps, then lifted.
async function swipe(browser, w, dy) {
  const x = (w.x0 + w.x1) / 2, y = (w.y0 + w.y1) / 2;
  const fingers = (d) => [{ x: x - 20, y: y + d, id: 1 }, { x: x + 20, y: y + d, id: 2 }];
  await browser.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: fingers(0) });
  for (let i = 1; i <= 10; ++i) {
    await sleep(30);
    await browser.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: fingers((dy * i) / 10) });
  }
  await browser.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await sleep(60);
}

// The scenarios name keys as X keysyms (the desktop driver's XTest): Return, BackSpace, space, Left, ctrl+a.
// Each: DOM key, DOM code, Windows virtual key code, the text it types.
const KEYS = {
  Return: ['Enter', 'Enter', 13, '\r'], Tab: ['Tab', 'Tab', 9, ''], Escape: ['Escape', 'Escape', 27, ''],
  BackSpace: ['Backspace', 'Backspace', 8, ''], space: [' ', 'Space', 32, ' '], Delete: ['Delete', 'Delete', 46, ''],
  Left: ['ArrowLeft', 'ArrowLeft', 37, ''], Up: ['ArrowUp', 'ArrowUp', 38, ''], Right: ['ArrowRight', 'ArrowRight', 39, ''],
  Down: ['ArrowDown', 'ArrowDown', 40, ''],
};
const PUNCTUATION = { '.': ['Period', 190], '-': ['Minus', 189], ',': ['Comma', 188], '/': ['Slash', 191], ' ': ['Space', 32] };

function keyOf(name) {
  if (KEYS[name]) return KEYS[name];
  if (/^[a-z]$/i.test(name)) return [name, `Key${name.toUpperCase()}`, name.toUpperCase().charCodeAt(0), name];
  if (/^[0-9]$/.test(name)) return [name, `Digit${name}`, name.charCodeAt(0), name];
  if (PUNCTUATION[name]) return [name, PUNCTUATION[name][0], PUNCTUATION[name][1], name];
  throw new Error(`drive: no key called "${name}"`);
}

// "hold": seconds between key down and up; "gap": after it (0 and 0: a key as fast as a person's quickest tap,
// which the app must not lose; tests/ui/scenario.cpp holds 0.08 s by default).
async function press(browser, name, modifiers = 0, hold = 0.04, gap = 0.04) {
  const [key, code, keyCode, text] = keyOf(name);
  const typed = modifiers === 0 && text ? { text } : {};
  await browser.send('Input.dispatchKeyEvent', { type: 'keyDown', key, code, windowsVirtualKeyCode: keyCode, modifiers, ...typed });
  if (hold > 0) await sleep(hold * 1000);
  await browser.send('Input.dispatchKeyEvent', { type: 'keyUp', key, code, windowsVirtualKeyCode: keyCode, modifiers });
  if (gap > 0) await sleep(gap * 1000);
}

// "ctrl+a": the modifier held around the key (CDP's bits: 1 alt, 2 ctrl, 4 meta, 8 shift).
async function key(browser, chord, hold) {
  const parts = chord.split('+');
  const name = parts.pop();
  const bits = { alt: 1, ctrl: 2, meta: 4, shift: 8 };
  const modifiers = parts.reduce((m, p) => m | (bits[p.toLowerCase()] ?? 0), 0);
  const held = { 2: ['Control', 'ControlLeft', 17], 8: ['Shift', 'ShiftLeft', 16], 1: ['Alt', 'AltLeft', 18] };
  for (const [bit, [k, code, vk]] of Object.entries(held)) {
    if (modifiers & bit) await browser.send('Input.dispatchKeyEvent', { type: 'keyDown', key: k, code, windowsVirtualKeyCode: vk, modifiers });
  }
  await press(browser, name, modifiers, hold);
  for (const [bit, [k, code, vk]] of Object.entries(held)) {
    if (modifiers & bit) await browser.send('Input.dispatchKeyEvent', { type: 'keyUp', key: k, code, windowsVirtualKeyCode: vk });
  }
}

async function type(browser, text, gap) {
  for (const ch of text) {
    if (ch.codePointAt(0) > 0x7f) {  // no key types it: an input method commits it (Chinese from pinyin)
      await browser.send('Input.insertText', { text: ch });
      if (gap > 0) await sleep(gap * 1000);
    } else {
      await press(browser, ch, 0, 0.04, gap);
    }
  }
}

// A wanted value as tests/ui/scenario.h reads it: "~text" contains, "!text" differs, ">=N" / "<=N" compare
// the number the value starts with, else equal.
function matches(got, want) {
  if (got === undefined || got === null) return false;
  got = String(got);
  want = String(want);
  if (want.startsWith('~')) return got.includes(want.slice(1));
  if (want.startsWith('!')) return got !== want.slice(1);
  if (want.startsWith('>=')) return parseFloat(got) >= parseFloat(want.slice(2));
  if (want.startsWith('<=')) return parseFloat(got) <= parseFloat(want.slice(2));
  return got === want;
}

// What the checks of `step` find wrong in the map (empty when all hold).
function failedChecks(step, map, before, now) {
  const problems = [];
  // "changed" / "unchanged": the widget's pixels against the screen before the step, judged as
  // tests/ui/scenario.cpp judges them (more than max(20, area/500) pixels differ: changed).
  for (const key of ['changed', 'unchanged']) {
    if (step[key] === undefined) continue;
    const w = widget(map, step[key]);
    if (!w || !before || !now) { problems.push(`${step[key]} is not drawn`); continue; }
    const k = now.width / (map.window?.width || now.width);  // screen pixels per CSS pixel
    const n = differingPixels(before, now, w.x0 * k, w.y0 * k, w.x1 * k, w.y1 * k) / (k * k);
    const changed = n > Math.max(20, ((w.x1 - w.x0) * (w.y1 - w.y0)) / 500);
    if (changed !== (key === 'changed')) problems.push(`${w.id} ${changed ? 'changed' : 'did not change'} (${n} pixels differ)`);
  }
  for (const [k, v] of Object.entries(step.expect ?? {})) {
    const got = map.state?.[k];
    if (!matches(got, v)) problems.push(`state ${k} = ${JSON.stringify(got)}, wanted ${JSON.stringify(v)}`);
  }
  for (const [id, v] of Object.entries(step.expectWidget ?? {})) {
    const w = widget(map, id);
    if (!w || !matches(w.value, v)) problems.push(`${id} shows ${w ? JSON.stringify(w.value) : 'nothing'}, wanted ${JSON.stringify(v)}`);
  }
  for (const id of [].concat(step.exists ?? [])) if (!widget(map, id)) problems.push(`${id} is not drawn`);
  for (const id of [].concat(step.absent ?? [])) if (widget(map, id)) problems.push(`${id} is drawn`);
  if (step.inside) {
    const [id, container] = step.inside;
    const w = widget(map, id), c = widget(map, container);
    if (!w || !c) problems.push(`${!w ? id : container} is not drawn`);
    else if (w.x0 < c.x0 - 0.5 || w.y0 < c.y0 - 0.5 || w.x1 > c.x1 + 0.5 || w.y1 > c.y1 + 0.5) problems.push(`${id} lies outside ${container}`);
  }
  return problems;
}

async function runScenario(browser, file, base, out) {
  const scenario = JSON.parse(readFileSync(file, 'utf8'));
  const args = scenario.args ?? [];
  const query = [];
  for (let i = 0; i < args.length; ++i) {
    const name = args[i].replace(/^--/, '');
    const next = args[i + 1];
    if (next !== undefined && !next.startsWith('--')) { query.push(`${encodeURIComponent(name)}=${encodeURIComponent(next)}`); ++i; }
    else query.push(encodeURIComponent(name));
  }
  const url = base + (query.length ? `?${query.join('&')}` : '');
  // "deviceScaleFactor": the screen's pixels per CSS pixel (2: a HiDPI laptop), for this scenario.
  browser.scale = scenario.deviceScaleFactor ?? 1;
  await browser.send('Emulation.setDeviceMetricsOverride', { width: browser.width, height: browser.height,
    deviceScaleFactor: browser.scale, mobile: false });
  const began = Date.now();
  const seconds = await open(browser, url);
  const build = await browser.evaluate('Module.gradlabBuild');
  console.log(`${scenario.name}: drawn ${seconds.toFixed(2)} s after navigating to ${url} (${build}.js)`);
  if (options.build && build !== options.build) {
    console.log(`${scenario.name}: the page runs ${build}.js, not ${options.build}.js`);
    return false;
  }
  const unsupported = new Set();
  let desktopOnly = 0;
  for (const [index, step] of scenario.steps.entries()) {
    if (step.desktop) {  // a step about what only the desktop app has (a folder to export to)
      ++desktopOnly;
      continue;
    }
    // "navigate": a link (relative to the site) opened in this tab; "reopen": the page's own address, as a
    // person pastes the address bar's link into a new tab (a new page, not a jump within this one).
    if (step.navigate !== undefined || step.reopen) {
      const target = step.reopen ? await browser.evaluate('location.href') : new URL(step.navigate, base).href;
      await browser.send('Page.navigate', { url: 'about:blank' });
      const took = await open(browser, target);
      console.log(`${scenario.name}: step ${index + 1}: drawn ${took.toFixed(2)} s after opening ${target.slice(0, 120)}`);
    }
    // "clickElement": a click on an element of the page itself (CSS selector), not a widget of the app.
    // "ifPresent": the element may rightly not come (within a second): then the step does not click.
    if (step.clickElement !== undefined) {
      let box = null;
      for (let i = 0; i < (step.ifPresent ? 20 : 100) && !box; ++i) {
        box = await browser.evaluate(`(() => { const e = document.querySelector(${JSON.stringify(step.clickElement)});
          if (!e) return null; const r = e.getBoundingClientRect(); return { x0: r.left, y0: r.top, x1: r.right, y1: r.bottom }; })()`);
        if (!box) await sleep(50);
      }
      if (!box && !step.ifPresent) return fail(browser, scenario, index, step, [`no element ${step.clickElement} on the page`], out);
      if (box) await click(browser, box);
    }
    // "upload": the file the page's file chooser gets when the step's click opens it; "@download" is the
    // newest file downloaded so far.
    if (step.upload !== undefined) {
      browser.upload = step.upload === '@download' ? latestDownload(browser, '.') : resolve(step.upload);
      if (!browser.upload) return fail(browser, scenario, index, step, ['nothing was downloaded to upload'], out);
    }
    let map = await uiMap(browser);
    const pixelChecks = step.changed !== undefined || step.unchanged !== undefined;
    const target = step.click ?? step.doubleClick ?? step.move ?? step.tap ?? step.swipe ?? step.drag;
    let before = null;
    if (pixelChecks && !target) before = await browser.pixels();
    if (target) {
      const w = await reachable(browser, target);
      if (!w) return fail(browser, scenario, index, step, [`${target} is not drawn`], out);
      if (pixelChecks) before = await browser.pixels();  // once the target stands still: just before acting
      if (step.move) await mouse(browser, 'mouseMoved', (w.x0 + w.x1) / 2, (w.y0 + w.y1) / 2);
      else if (step.tap) await tap(browser, w, step.at);
      else if (step.swipe) await swipe(browser, w, step.dy ?? -200);
      else if (step.drag) await drag(browser, w, step.at, step.by ?? [0, 0], step.button ?? 1);
      else await click(browser, w, step.at, step.doubleClick ? 2 : 1, step.key === undefined ? step.hold ?? 0.12 : 0.12);
    }
    if (step.type !== undefined) await type(browser, step.type, step.gap ?? 0.04);
    if (step.key !== undefined) await key(browser, step.key, step.hold ?? 0.04);
    if (step.wait !== undefined) await sleep(step.wait * 1000);
    const firstFrame = map.frame;
    if (step.measureFrames !== undefined) {  // reported, not checked (tools/web/test --frame-rate)
      const t0 = Date.now();
      await sleep(step.measureFrames * 1000);
      const last = (await uiMap(browser)).frame;
      console.log(`${scenario.name}: step ${index + 1}: ${((last - firstFrame) / ((Date.now() - t0) / 1000)).toFixed(1)} frames/s`);
    }
    const expression = step.evalExpect === undefined ? null : withEnvironment(step.evalExpect);
    if (step.evalExpect !== undefined && expression === null) {
      return fail(browser, scenario, index, step, ['it names an environment variable that is not set'], out);
    }
    if (step.eval !== undefined) console.log(`${scenario.name}: step ${index + 1}: ${JSON.stringify(await browser.evaluate(step.eval))}`);
    if (step.wheel !== undefined) {
      const w = widget(map, step.wheel);
      if (!w) return fail(browser, scenario, index, step, [`${step.wheel} is not drawn`], out);
      await mouse(browser, 'mouseMoved', (w.x0 + w.x1) / 2, (w.y0 + w.y1) / 2);
      for (let c = 0; c < Math.abs(step.clicks ?? 1); ++c) {
        await browser.send('Input.dispatchMouseEvent', { type: 'mouseWheel', x: (w.x0 + w.x1) / 2, y: (w.y0 + w.y1) / 2,
          deltaX: 0, deltaY: (step.clicks ?? 1) < 0 ? 100 : -100 });
        await sleep(60);
      }
    }
    if (step.screenshot) await browser.screenshot(join(out, `${scenario.name}-${step.screenshot}.png`));
    if (step.download !== undefined) {  // a file named like this arrives in the downloads (within 30 s)
      let path = null;
      for (let i = 0; i < 600 && !(path = latestDownload(browser, step.download)); ++i) await sleep(50);
      if (!path) return fail(browser, scenario, index, step, [`no download matching /${step.download}/ arrived`], out);
      if (step.downloadSize !== undefined && !matches(statSync(path).size, step.downloadSize)) {
        return fail(browser, scenario, index, step, [`${path} has ${statSync(path).size} bytes, wanted ${step.downloadSize}`], out);
      }
      console.log(`${scenario.name}: step ${index + 1}: downloaded ${path} (${statSync(path).size} bytes)`);
    }
    for (const k of Object.keys(step)) {
      if (!['clickElement', 'ifPresent', 'downloadSize', 'drag', 'by', 'button', 'tap', 'swipe', 'dy', 'desktop', 'note', 'gap', 'hold', 'navigate', 'reopen', 'upload', 'download', 'click', 'doubleClick', 'move', 'at', 'type', 'key', 'wait', 'screenshot', 'eval', 'evalExpect', 'wheel', 'clicks', 'measureFrames', 'framesDrawn', 'expect', 'expectWidget', 'exists',
        'absent', 'within', 'whileBusy', 'log', 'inside', 'changed', 'unchanged'].includes(k)) unsupported.add(k);
    }
    const deadline = Date.now() + (step.within ?? 10) * 1000;
    let problems = [];
    do {
      await sleep(50);
      map = await uiMap(browser);
      problems = failedChecks(step, map, before, pixelChecks ? await browser.pixels() : null);
      if (step.framesDrawn !== undefined && map.frame - firstFrame < step.framesDrawn) {
        problems.push(`the page drew ${map.frame - firstFrame} frames since the step began, wanted ${step.framesDrawn}`);
      }
      // What the page shows may come a few frames after the step (the GIF's Download bar, once the file is
      // written); an expression that throws is not true yet.
      if (expression !== null) {
        try {
          if ((await browser.evaluate(expression)) !== true) problems.push(`${expression} is not true in the page`);
        } catch (e) {
          problems.push(`${expression} threw in the page: ${e.message.split('\n')[0]}`);
        }
      }
    } while (problems.length && Date.now() < deadline);
    if (problems.length) return fail(browser, scenario, index, step, problems, out);
  }
  if (unsupported.size) console.log(`${scenario.name}: steps not acted on in the browser: ${[...unsupported].join(', ')}`);
  console.log(`${scenario.name}: ${scenario.steps.length - desktopOnly} steps passed${desktopOnly ? ` (${desktopOnly} desktop-only skipped)` : ''}` +
              ` in ${((Date.now() - began) / 1000).toFixed(1)} s`);
  return true;
}

async function fail(browser, scenario, index, step, problems, out) {
  const shot = join(out, `${scenario.name}-failed-step${index + 1}.png`);
  await browser.screenshot(shot);
  console.log(`${scenario.name}: step ${index + 1} ${JSON.stringify(step)} failed: ${problems.join('; ')} (screen: ${shot})`);
  if (browser.console.length) console.log(`page console: ${browser.console.slice(-5).join(' | ')}`);
  return false;
}

const options = parseArgs(process.argv.slice(2));
const out = options.out || mkdtempSync(join(tmpdir(), 'gradlab-web-'));
const browser = new Browser();
let ok = true;
try {
  await browser.start(options.width, options.height, options.lang);
  await browser.downloadTo(join(out, 'downloads'));
  if (options.screenshot) {
    const seconds = await open(browser, options.url);
    await sleep(500);
    await browser.screenshot(options.screenshot);
    console.log(`drawn ${seconds.toFixed(2)} s after navigating; wrote ${options.screenshot}`);
  }
  for (const file of options.scenarios) ok = (await runScenario(browser, file, options.url, out)) && ok;
} catch (e) {
  console.log(`drive: ${e.message}`);
  ok = false;
} finally {
  browser.stop();
}
process.exit(ok ? 0 : 1);
