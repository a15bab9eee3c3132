// Plays seeded bot games of yamskit in Pyodide under Node, for tests/web/test_node.py and
// benchmarks/pyodide.py. Pyodide comes from the installed npm package, the wheels and the
// page's Python from a bundle built by web/build.py (checked against manifest.json).
//
//   node pyodide_games.mjs PYODIDE_MJS BUNDLE_DIR CASES_JSON OUT_JSON
//
// CASES_JSON: [{name, mode, bots, seed}, ...]; OUT_JSON gets {python, seconds, games: [{out, seconds}]}
// where out is yamskit_page.autoplay's JSON text, byte for byte.
import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideModule, bundle, casesFile, outFile] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(pyodideModule).href);

function checked(file, sha256) {
  const bytes = readFileSync(join(bundle, file));
  const digest = createHash("sha256").update(bytes).digest("hex");
  if (digest !== sha256) throw new Error(`${file} does not match manifest.json`);
  return new Uint8Array(bytes);
}

const began = performance.now();
const pyodide = await loadPyodide();
const loaded = performance.now();
const manifest = JSON.parse(readFileSync(join(bundle, "manifest.json"), "utf8"));
for (const wheel of manifest.wheels) pyodide.unpackArchive(checked(wheel.file, wheel.sha256), "wheel");
pyodide.FS.writeFile("/home/pyodide/yamskit_page.py", checked(manifest.page.file, manifest.page.sha256));
const page = pyodide.pyimport("yamskit_page");
const ready = performance.now();

const games = [];
for (const { name, mode, bots, seed } of JSON.parse(readFileSync(casesFile, "utf8"))) {
  const start = performance.now();
  const out = page.autoplay(name, mode ?? undefined, pyodide.toPy(bots), seed);
  games.push({ out, seconds: (performance.now() - start) / 1000 });
}

const python = pyodide.runPython("import sys; sys.version.split()[0]");
const seconds = { load: (loaded - began) / 1000, ready: (ready - began) / 1000 };
writeFileSync(outFile, JSON.stringify({ python, pyodide: manifest.pyodide, seconds, games }));
