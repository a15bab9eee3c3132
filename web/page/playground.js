// The docs' playground: every Python block of the page becomes an editor with a Run button.
// Blocks run in order in one namespace, in yamskit's Python in a Web Worker (loaded on the
// first Run); printed lines appear as they come, then the last expression's value, drawn
// when it is a picture. Run turns into Stop while a block runs: Stop ends the worker at
// once, and the next Run starts a fresh Python.
import { Python } from "./python.js";

let python = null;

function element(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function status(text) {
  for (const node of document.querySelectorAll(".playground-status")) node.textContent = text;
}

// The Python the blocks run in, started (and its loading shown) the first time.
function current() {
  if (!python) {
    python = new Python();
    status("Loading Python (Pyodide) in your browser…");
    const mine = python;
    mine.loaded.then(
      (info) => status(`Python ${info.python} on Pyodide ${info.pyodide}, ready in ${info.readySeconds} s.`),
      (error) => mine === python && status(`Python did not load: ${error.message}`),
    );
  }
  return python;
}

function showPicture(holder, svg) {
  // An <img> shows the picture and runs nothing it might contain.
  const url = URL.createObjectURL(new Blob([svg], { type: "image/svg+xml" }));
  const image = element("img", "playground-svg");
  image.alt = "picture drawn by the block";
  image.src = url;
  holder.append(image);
}

function makeBlock(highlight) {
  const code = highlight.querySelector("code").textContent.replace(/\n$/, "");
  const block = element("div", "playground");
  const editor = element("textarea", "playground-code");
  editor.value = code;
  editor.spellcheck = false;
  editor.rows = Math.max(3, code.split("\n").length + 1);
  editor.setAttribute("aria-label", "Python code to run");
  const run = element("button", "playground-run", "Run");
  run.type = "button";
  const hint = element("span", "playground-hint", "Ctrl+Enter runs it");
  const output = element("pre", "playground-out");
  output.hidden = true;
  const pictures = element("div", "playground-pictures");
  block.append(editor, element("div", "playground-bar"), output, pictures);
  block.querySelector(".playground-bar").append(run, hint);

  let running = null; // the Python running this block
  const write = (text, className) => {
    output.hidden = false;
    const line = element("span", className, text + "\n");
    output.append(line);
  };

  async function start() {
    if (running) {
      running.stop(); // Stop: the worker ends now, whatever it was doing
      return;
    }
    output.replaceChildren();
    pictures.replaceChildren();
    output.hidden = true;
    block.dataset.state = "running";
    run.textContent = "Stop";
    running = current();
    try {
      await running.loaded;
      const text = await running.call("run_block", [editor.value], { onOut: (line) => write(line) });
      const out = JSON.parse(text);
      if (out.error) write(out.error, "playground-error");
      if (out.value !== null) write(out.value, "playground-value");
      if (out.svg) showPicture(pictures, out.svg);
      block.dataset.state = out.error ? "error" : "done";
    } catch (error) {
      if (error.message === "stopped") {
        write("Stopped. Python starts afresh at the next Run: run the blocks above again first.", "playground-error");
        python = null;
        status("Python was stopped; the next Run loads it again.");
      } else {
        write(`Python failed: ${error.message}`, "playground-error");
      }
      block.dataset.state = "stopped";
    } finally {
      running = null;
      run.textContent = "Run";
    }
  }

  run.addEventListener("click", start);
  editor.addEventListener("keydown", (event) => {
    if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      start();
    }
  });
  highlight.replaceWith(block);
}

// Only the page that loads this script has its code blocks (all Python) turned into editors.
for (const highlight of document.querySelectorAll("article div.highlight")) {
  if (highlight.querySelector("code")) makeBlock(highlight);
}
status("Edit a block and press Run: Python loads in your browser the first time.");
document.body.dataset.playground = "ready";
