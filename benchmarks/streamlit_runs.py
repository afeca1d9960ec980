"""Knowing when a Streamlit page in a real browser has finished its script run: two scripts for Playwright.

Streamlit's frontend writes the state of the script run on the app's root element, but a click does not change
it at once and ``st.rerun()`` shows ``notRunning`` for a moment between two runs; so each page carries
:data:`RUN_OBSERVER_JS`, which counts the runs the server reports as really finished, and :data:`IDLE_JS`
says when the page has rested after them (``tests/e2e/conftest.py`` explains the why at length). The
browser tests and ``benchmarks/class_path_walk.py`` both use them: one copy of a small protobuf decoder.
"""

from __future__ import annotations

#: Counts the script runs that really finished on ``window.__stRuns.finished``, from the
#: ``script_finished`` status of the server's ``ForwardMsg`` (0 success, 1 compile error,
#: 2 stopped early for a rerun — not counted, 3 fragment success). Installed before the
#: app's scripts, it sees the websocket the app opens.
RUN_OBSERVER_JS = """
(() => {
  if (window.__stRuns) return;
  const runs = { finished: 0, stoppedForRerun: 0 };
  window.__stRuns = runs;
  const SCRIPT_FINISHED = 6;  // ForwardMsg.script_finished, an enum
  const FINISHED = [0, 1, 3];
  const STOPPED_FOR_RERUN = 2;
  // the top-level fields of one protobuf message: [field number, varint value or null]
  const topFields = (buffer) => {
    const bytes = new Uint8Array(buffer);
    let i = 0;
    const varint = () => {
      let value = 0, scale = 1, byte;
      do { byte = bytes[i++]; value += (byte & 0x7f) * scale; scale *= 128; } while (byte & 0x80);
      return value;
    };
    const found = [];
    while (i < bytes.length) {
      const tag = varint(), field = Math.floor(tag / 8), wire = tag & 7;
      if (wire === 0) { found.push([field, varint()]); continue; }
      if (wire === 1) i += 8;
      else if (wire === 2) { const length = varint(); i += length; }  // read the length first
      else if (wire === 5) i += 4;
      else break;  // groups are not used by Streamlit
      found.push([field, null]);
    }
    return found;
  };
  const NativeWebSocket = window.WebSocket;
  window.WebSocket = class extends NativeWebSocket {
    constructor(...args) {
      super(...args);
      this.addEventListener("message", (event) => {
        if (!(event.data instanceof ArrayBuffer)) return;
        for (const [field, value] of topFields(event.data)) {
          if (field !== SCRIPT_FINISHED) continue;
          if (FINISHED.includes(value)) runs.finished += 1;
          if (value === STOPPED_FOR_RERUN) runs.stoppedForRerun += 1;
        }
      });
    }
  };
})();
"""

#: True once the app has rested for ``frames`` animation frames in a row after more than
#: ``after`` finished runs (``after`` may be null: at least one).
IDLE_JS = """
([after, frames]) => {
  const runs = window.__stRuns;
  const app = document.querySelector('[data-testid="stApp"]');
  const resting =
    app !== null &&
    app.getAttribute("data-test-connection-state") === "CONNECTED" &&
    ["notRunning", "compilationError"].includes(app.getAttribute("data-test-script-state")) &&
    runs.finished > (after ?? 0) &&
    document.querySelector('[data-stale="true"]') === null;
  window.__stIdleFrames = resting ? (window.__stIdleFrames || 0) + 1 : 0;
  return window.__stIdleFrames >= frames;
}
"""
#: How many animation frames in a row the page must rest before it counts as idle.
IDLE_FRAMES = 3
