// yamskit's Python, in a Web Worker: Pyodide from ./pyodide/, the wheels and the page's
// Python from this folder (manifest.json lists them with their SHA-256). Nothing comes
// from another origin. Messages in: {id, call, args}; out: {id, result} or {id, error},
// plus {id, out} for printed lines, {id, progress} for simulations and {loaded} once.
import { loadPyodide } from "./pyodide/pyodide.mjs";

const here = new URL(".", import.meta.url);
let currentId = null; // the call whose printed lines are being sent

async function fetchBytes(file, sha256) {
  const url = new URL(file, here);
  url.searchParams.set("v", sha256.slice(0, 16)); // a new build never meets an old cached file
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${file}: HTTP ${response.status}`);
  const bytes = new Uint8Array(await response.arrayBuffer());
  if (globalThis.crypto?.subtle) {
    const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
    const hex = Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
    if (hex !== sha256) throw new Error(`${file} does not match its SHA-256 in manifest.json`);
  }
  return bytes;
}

async function start() {
  const began = performance.now();
  const response = await fetch(new URL("manifest.json", here), { cache: "no-cache" });
  const manifest = await response.json();
  const pyodide = await loadPyodide({ indexURL: new URL("pyodide/", here).href });
  const loaded = performance.now();
  for (const wheel of manifest.wheels) {
    pyodide.unpackArchive(await fetchBytes(wheel.file, wheel.sha256), "wheel");
  }
  const page = await fetchBytes(manifest.page.file, manifest.page.sha256);
  pyodide.FS.writeFile("/home/pyodide/yamskit_page.py", page);
  pyodide.setStdout({ batched: (line) => postMessage({ id: currentId, out: line }) });
  pyodide.setStderr({ batched: (line) => postMessage({ id: currentId, out: line }) });
  const module = pyodide.pyimport("yamskit_page");
  const seconds = (t) => Math.round(t) / 1000;
  postMessage({
    loaded: {
      pyodide: manifest.pyodide,
      python: manifest.python,
      pyodideSeconds: seconds(loaded - began),
      readySeconds: seconds(performance.now() - began),
    },
  });
  return module;
}

const ready = start().catch((error) => {
  postMessage({ failed: String(error) });
  throw error;
});

// Progress of a simulation, at most ten times a second (and always the last one).
function progressSender(id) {
  let last = 0;
  return (done, total) => {
    const now = performance.now();
    if (done === total || now - last > 100) {
      last = now;
      postMessage({ id, progress: [done, total] });
    }
  };
}

const CALLS = new Set(["menu", "start", "act", "bot_move", "view", "save", "record", "simulate", "run_block"]);

onmessage = async ({ data }) => {
  const { id, call, args } = data;
  let module;
  try {
    module = await ready;
  } catch (error) {
    postMessage({ id, error: `Python did not load: ${error}` });
    return;
  }
  if (!CALLS.has(call)) {
    postMessage({ id, error: `unknown call ${call}` });
    return;
  }
  currentId = id;
  try {
    const extra = call === "simulate" ? [progressSender(id)] : [];
    // JavaScript's null would reach Python as jsnull, not None: undefined becomes None.
    const values = args.map((value) => (value === null ? undefined : value));
    const result = module[call](...values, ...extra);
    postMessage({ id, result });
  } catch (error) {
    postMessage({ id, error: String(error) });
  } finally {
    currentId = null;
  }
};
