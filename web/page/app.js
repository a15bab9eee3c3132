// The game page: a form to set up a game, the picture yamskit.svg draws, clicks turned into
// actions. Every rule lives in Python (yamskit_page.py, in a worker); this file only shows
// what Python returns and sends what was clicked.
import { Python } from "./python.js";

const $ = (id) => document.getElementById(id);
const params = new URLSearchParams(location.search);
const BOT_DELAY = Math.max(0, Number(params.get("delay") ?? 400)) || 0; // ms between bot moves

const python = new Python();
let menu = null; // variants, modes, players and bot levels (yamskit_page.menu)
let view = null; // the game as yamskit_page.view returns it
let seed = 0;
let selected = new Set(); // indexes of the dice chosen to keep, in the picture's order
let busy = false;
let generation = 0; // a new game cancels the bot moves planned for the old one
let simulation = null; // the simulation's own Python, while one runs

// ---------------------------------------------------------------- start up
python.loaded
  .then(async (info) => {
    menu = JSON.parse(await python.call("menu"));
    $("loading").textContent = `Python ${info.python} ready in ${info.readySeconds} s.`;
    $("versions").textContent = `yamskit ${menu.version} · Python ${info.python} · Pyodide ${info.pyodide}`;
    fillVariants();
    $("start").disabled = false;
    $("sim-run").disabled = false;
    document.body.dataset.ready = "true";
  })
  .catch((error) => {
    $("loading").textContent = `Python did not load: ${error.message}`;
  });

// ---------------------------------------------------------------- the set-up form
function option(value, text = value) {
  const element = document.createElement("option");
  element.value = value;
  element.textContent = text;
  return element;
}

function currentVariant() {
  return menu.variants.find((v) => v.name === $("variant").value);
}

function currentMode() {
  return currentVariant().modes.find((m) => String(m.mode) === $("mode").value);
}

function fillVariants() {
  $("variant").replaceChildren(...menu.variants.map((v) => option(v.name)));
  $("variant").value = "classic";
  $("seed").value = crypto.getRandomValues(new Uint32Array(1))[0] % 1000000;
  const missing = ["medium", "hard", "expert", "perfect"].filter((level) => !menu.levels.includes(level));
  $("levels-note").textContent = missing.length
    ? `Bots: ${menu.levels.join(", ")}. The ${missing.join(", ")} levels need numpy, which this page does not load.`
    : `Bots: ${menu.levels.join(", ")}.`;
  fillModes();
}

function fillModes() {
  const modes = currentVariant().modes;
  $("mode").replaceChildren(...modes.map((m) => option(String(m.mode), m.mode ?? "standard")));
  $("mode-label").hidden = modes.length === 1;
  fillCounts();
}

function fillCounts() {
  const counts = currentMode().players;
  const before = Number($("count").value) || 2;
  $("count").replaceChildren(...counts.map((n) => option(String(n))));
  $("count").value = String(counts.includes(before) ? before : counts.includes(2) ? 2 : counts[0]);
  fillSeats();
}

function fillSeats() {
  const count = Number($("count").value);
  const seats = $("seats");
  while (seats.children.length > count) seats.lastElementChild.remove();
  while (seats.children.length < count) {
    const i = seats.children.length;
    const name = document.createElement("input");
    name.value = i === 0 ? "You" : `Bot ${i}`;
    name.setAttribute("aria-label", `Name of player ${i + 1}`);
    name.className = "name";
    const kind = document.createElement("select");
    kind.setAttribute("aria-label", `Who plays seat ${i + 1}`);
    kind.className = "kind";
    kind.replaceChildren(option("human"), ...menu.levels.map((level) => option(level, `bot: ${level}`)));
    kind.value = i === 0 ? "human" : menu.levels.includes("easy") ? "easy" : menu.levels[0];
    const item = document.createElement("li");
    item.append(name, " ", kind);
    seats.append(item);
  }
}

$("variant").addEventListener("change", fillModes);
$("mode").addEventListener("change", fillCounts);
$("count").addEventListener("change", fillSeats);

$("new-game").addEventListener("submit", async (event) => {
  event.preventDefault();
  const players = [...$("seats").children].map((item) => {
    const kind = item.querySelector(".kind").value;
    return { name: item.querySelector(".name").value, bot: kind === "human" ? null : kind };
  });
  const mode = currentMode().mode;
  seed = Number($("seed").value);
  const spec = { variant: $("variant").value, mode, players, seed };
  const next = JSON.parse(await python.call("start", [JSON.stringify(spec)]));
  $("setup-message").textContent = next.error ?? "";
  if (next.error) return; // the library's reason; the game in play, if any, goes on
  generation += 1;
  view = null;
  show(next);
});

// ---------------------------------------------------------------- the game
function humanToMove() {
  return view && !view.over && !view.bot_to_move && !busy;
}

function legal(type) {
  return view.legal.some((action) => action.type === type);
}

function dice() {
  return [...$("picture").querySelectorAll("g.die")];
}

function keepText() {
  return dice()
    .filter((_, i) => selected.has(i))
    .map((die) => die.dataset.face)
    .sort()
    .join("");
}

function describe(action) {
  switch (action.type) {
    case "roll":
      return action.keep ? `keep ${action.keep}, roll` : "roll";
    case "score":
    case "scratch":
      return `${action.type} ${action.row}${action.column ? ` (${action.column})` : ""}`;
    case "place":
    case "remove_token":
      return `${action.type.replace("_", " ")} ${action.cell.join(",")}`;
    case "take_chip":
      return `take ${action.kind}${action.from_discard ? " from the discard" : ""}`;
    default:
      return action.type.replace("_", " ");
  }
}

let shown = 0; // views shown so far (tests wait on it: body[data-shown])

function show(next) {
  const moved = !view || next.moves !== view.moves || next.variant !== view.variant;
  view = next;
  document.body.dataset.shown = String(++shown);
  if (moved) selected = new Set();
  $("game").hidden = false;
  $("message").textContent = view.error ?? "";
  $("status").textContent = view.status;
  $("picture").innerHTML = view.svg; // yamskit.svg escapes every name and label it draws
  const svg = $("picture").querySelector("svg");
  const sheet = svg.classList.contains("sheet");
  dice().forEach((die, i) => die.classList.toggle("selected", selected.has(i)));
  const mine = humanToMove();
  $("roll").disabled = !(mine && legal("roll"));
  $("pass").hidden = !legal("pass");
  $("pass").disabled = !mine;
  $("challenge").hidden = !legal("declare_challenge");
  $("challenge").disabled = !mine;
  $("cross-label").hidden = !sheet;
  $("keep").textContent = mine && view.dice && legal("roll") ? keepHint() : "";
  $("notation").textContent = view.notation;
  $("legal").replaceChildren(
    ...(mine ? view.legal : []).map((action) => {
      const button = document.createElement("button");
      button.type = "button";
      button.textContent = describe(action);
      button.addEventListener("click", () => play(action));
      return button;
    }),
  );
  $("final").hidden = !view.over;
  if (view.over) {
    const scores = view.players.map((name, i) => `${name} ${view.scores[i]}`).join(" · ");
    $("final").textContent = `Final score: ${scores}. ${view.status}.`;
    $("final").dataset.scores = JSON.stringify(view.scores);
  }
  if (view.bot_to_move) {
    const planned = generation;
    setTimeout(() => planned === generation && botMove(), BOT_DELAY);
  }
}

function keepHint() {
  const keep = keepText();
  return keep ? `Keep ${keep}, throw the rest.` : "Click dice to keep them.";
}

async function play(action, player = null) {
  if (!humanToMove()) return;
  busy = true;
  try {
    const next = await python.call("act", [JSON.stringify(action), player]);
    busy = false;
    show(JSON.parse(next));
  } catch (error) {
    busy = false;
    $("message").textContent = `Python failed: ${error.message}`;
  }
}

async function botMove() {
  show(JSON.parse(await python.call("bot_move")));
}

$("roll").addEventListener("click", () => play({ type: "roll", keep: keepText(), outcome: null }));
$("pass").addEventListener("click", () => play({ type: "pass" }));
$("challenge").addEventListener("click", () => play({ type: "declare_challenge" }));

// A click on the picture: a die (keep it or not), a sheet box, a board cell or token, a chip.
$("picture").addEventListener("click", (event) => {
  if (!humanToMove()) return;
  const target = event.target;
  const die = target.closest("g.die");
  if (die) {
    const i = dice().indexOf(die);
    if (selected.has(i)) selected.delete(i);
    else selected.add(i);
    die.classList.toggle("selected", selected.has(i));
    $("keep").textContent = keepHint();
    return;
  }
  const box = target.closest("[data-row][data-column]");
  if (box) {
    const type = $("cross").checked ? "scratch" : "score";
    return play({ type, row: box.dataset.row, column: box.dataset.column }, Number(box.dataset.player));
  }
  const cell = target.closest("[data-row][data-col]");
  if (cell) {
    // a token is taken off when a removal is due; otherwise the click places one
    const type = legal("remove_token") ? "remove_token" : "place";
    return play({ type, cell: [Number(cell.dataset.row), Number(cell.dataset.col)] });
  }
  const stack = target.closest("g.stack");
  if (stack && (stack.dataset.where === "rack" || stack.dataset.where === "discard")) {
    return play({ type: "take_chip", kind: stack.dataset.kind, from_discard: stack.dataset.where === "discard" });
  }
});

// ---------------------------------------------------------------- downloads
async function download(call, suffix) {
  const text = await python.call(call);
  const link = document.createElement("a");
  link.href = URL.createObjectURL(new Blob([text], { type: "application/json" }));
  link.download = `yamskit-${view.variant}-${seed}-${suffix}.json`;
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 10000);
}

$("download-save").addEventListener("click", () => download("save", "game"));
$("download-record").addEventListener("click", () => download("record", "record"));

// ---------------------------------------------------------------- simulations, in a worker of their own
$("simulate-form").addEventListener("submit", async (event) => {
  event.preventDefault();
  const games = Number($("games").value);
  const spec = { variant: $("variant").value, mode: currentMode().mode, games, bot: $("sim-bot").value, seed: 1 };
  simulation = new Python();
  const mine = simulation;
  $("sim-run").disabled = true;
  $("sim-stop").disabled = false;
  $("sim-progress").hidden = false;
  $("sim-progress").value = 0;
  $("sim-picture").replaceChildren();
  $("sim-status").textContent = "Loading Python for the simulation…";
  const began = performance.now();
  let done = 0;
  try {
    await mine.loaded;
    $("sim-status").textContent = `Playing ${games} games…`;
    const text = await mine.call("simulate", [JSON.stringify(spec)], {
      onProgress: (count, total) => {
        done = count;
        $("sim-progress").value = count / total;
        $("sim-status").textContent = `${count} of ${total} games…`;
      },
    });
    const out = JSON.parse(text);
    const seconds = ((performance.now() - began) / 1000).toFixed(1);
    if (out.error) {
      $("sim-status").textContent = out.error;
    } else {
      const rates = out.win_rates.map((r) => `${Math.round(r * 100)}%`).join(" / ");
      $("sim-status").textContent =
        `${out.games} games in ${seconds} s: mean ${out.mean} ± ${out.stdev}, ` +
        `from ${out.low} to ${out.high}; wins by seat ${rates}.`;
      $("sim-picture").innerHTML = out.histogram;
    }
  } catch (error) {
    $("sim-status").textContent =
      error.message === "stopped" ? `Stopped after ${done} of ${games} games.` : `Python failed: ${error.message}`;
  } finally {
    mine.stop();
    if (simulation === mine) simulation = null;
    $("sim-run").disabled = false;
    $("sim-stop").disabled = true;
  }
});

$("sim-stop").addEventListener("click", () => simulation?.stop());

// For tests and the curious: the game as Python last described it.
window.yamskitPage = {
  get view() {
    return view;
  },
};
