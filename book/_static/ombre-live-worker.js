/* Ombre's live engine: Pyodide and the ombre wheel in a module Web Worker, started on first use.
   Nothing here reaches another host: Pyodide's files and the wheel are served from this book's
   own _static folder, and no package is ever installed from an index (no micropip). Requests
   arrive as {id, method, params} and are answered {id, result} or {id, error}; the Python side,
   ombre.display.browser, does all the game's work. */
import { loadPyodide } from "./pyodide/pyodide.mjs";

const here = new URL(".", import.meta.url);
let api = null;

function progress(stage, detail) {
  self.postMessage({ progress: stage, detail: detail || "" });
}

async function start() {
  progress("python", "Starting Python (Pyodide)");
  const t0 = performance.now();
  const py = await loadPyodide({ indexURL: new URL("pyodide/", here).href, fullStdLib: false });
  progress("engine", "Loading the ombre engine");
  const manifest = await (await fetch(new URL("ombre-live/manifest.json", here))).json();
  const wheel = await (await fetch(new URL("ombre-live/" + manifest.wheel, here))).arrayBuffer();
  const site = py.runPython("import sysconfig; sysconfig.get_paths()['purelib']");
  py.unpackArchive(wheel, "wheel", { extractDir: site });
  api = py.pyimport("ombre.display.browser.api");
  progress("ready", "The engine is ready");
  return { seconds: (performance.now() - t0) / 1000, pyodide: manifest.pyodide, wheel: manifest.wheel };
}

const ready = start();

self.onmessage = async (event) => {
  const { id, method, params } = event.data;
  try {
    const info = await ready;
    if (method === "ready") {
      self.postMessage({ id, result: info });
      return;
    }
    const answer = JSON.parse(api.call(method, JSON.stringify(params || {})));
    if (answer && typeof answer === "object" && !Array.isArray(answer) && "error" in answer && Object.keys(answer).length === 1) {
      self.postMessage({ id, error: answer.error });  // a problem the reader can act on, said plainly
    } else {
      self.postMessage({ id, result: answer });
    }
  } catch (err) {
    // a Python traceback is for developers: the reader gets its last line
    const text = String(err && err.message ? err.message : err).trim().split("\n");
    self.postMessage({ id, error: "The engine failed: " + text[text.length - 1] });
  }
};

ready.catch((err) => self.postMessage({ failed: String(err && err.message ? err.message : err) }));
