// A Web Worker running yamskit in Pyodide (worker.js), called like a function:
//   const python = new Python();
//   await python.loaded;                       // {pyodide, python, pyodideSeconds, readySeconds}
//   const text = await python.call("view");    // a function of yamskit_page.py, by name
// stop() ends the worker at once, whatever Python is doing; make a new one to go on.
export class Python {
  constructor() {
    this.worker = new Worker(new URL("worker.js", import.meta.url), { type: "module" });
    this.pending = new Map();
    this.next = 1;
    this.loaded = new Promise((resolve, reject) => {
      this.resolveLoaded = resolve;
      this.rejectLoaded = reject;
    });
    this.worker.onmessage = ({ data }) => this.receive(data);
    this.worker.onerror = (event) => this.rejectLoaded(new Error(event.message || "the worker failed to start"));
  }

  receive(data) {
    if (data.loaded) return this.resolveLoaded(data.loaded);
    if (data.failed) return this.rejectLoaded(new Error(data.failed));
    const call = this.pending.get(data.id);
    if (!call) return;
    if ("out" in data) return call.onOut?.(data.out);
    if ("progress" in data) return call.onProgress?.(...data.progress);
    this.pending.delete(data.id);
    if ("error" in data) call.reject(new Error(data.error));
    else call.resolve(data.result);
  }

  // Call `name(...args)` in Python; handlers.onOut gets printed lines, handlers.onProgress(done, total).
  call(name, args = [], handlers = {}) {
    const id = this.next++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, ...handlers });
      this.worker.postMessage({ id, call: name, args });
    });
  }

  stop() {
    this.worker.terminate();
    for (const call of this.pending.values()) call.reject(new Error("stopped"));
    this.pending.clear();
    this.rejectLoaded(new Error("stopped"));
  }
}
