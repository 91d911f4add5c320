// Reading the puzzle: asking the server to draw the text, the size and box choices, and a
// grid's values as puzzle text.

import { post } from "./api.js";
import { picture, render } from "./grid.js";
import { fillPad } from "./input.js";
import { saveFragment } from "./link.js";
import { findClashes, showPlayTools, startPlay } from "./play.js";
import { showRules } from "./rules.js";
import {
  $, boxSelect, busy, grid, kindSelect, keyOf, pad, puzzleFields, say, showDetails, showError,
  sizeSelect, state, walkBar,
} from "./state.js";

const GENERATED = new Set(["sudoku", "x", "windoku", "jigsaw", "killer"]);

export function scheduleDraw(delay = 250) {
  clearTimeout(state.pendingDraw);
  state.pendingDraw = setTimeout(draw, delay);
}

let latest = Promise.resolve(); // the last draw asked for, finished or on its way

export function draw() {
  clearTimeout(state.pendingDraw);
  state.pendingDraw = null;
  latest = drawNow();
  return latest;
}

export async function drawn() {
  // Waits until the picture is that of the text as it is now: a draw scheduled runs at
  // once, and a draw on its way is waited for (its answer would reset what comes before it).
  for (;;) {
    if (state.pendingDraw !== null) draw();
    const awaited = latest;
    await awaited;
    if (awaited === latest && state.pendingDraw === null) return;
  }
}

async function drawNow() {
  const number = ++state.drawn;
  const fields = puzzleFields();
  grid.classList.add("stale");
  const answer = await post("draw", fields);
  if (number !== state.drawn) return;
  grid.classList.remove("stale");
  if (!answer.ok) {
    if (answer.status === 400) showError(answer.error);
    else say(answer.error, true);
    state.drawing = null;
    state.drawnKey = "";
    showRules();
    state.restore = null;
    state.keepPlay = false;
    const note = document.createElement("p");
    note.className = "too-big";
    note.textContent = "No picture of this text: see the message beside it.";
    grid.replaceChildren(note);
    grid.removeAttribute("aria-activedescendant");
    pad.replaceChildren();
    showPlayTools();
    return;
  }
  showError("");
  const same = state.drawing && state.drawing.svg === answer.record.svg &&
    state.drawing.kind === answer.record.kind && state.drawing.box === answer.record.box;
  state.drawing = answer.record;
  chooseSize(answer.record.size, answer.record.box);
  // the box of text that carries its own (an ISS string, a link) shows in the choices now
  state.drawnKey = keyOf({ ...fields, box: boxSelect.value });
  state.givens = answer.record.givens.slice();
  state.peers = null;
  if (!same) resetResults();
  if (state.playKey !== state.drawnKey) startPlay(state.drawnKey);
  state.cursor = Math.min(state.cursor, state.givens.length - 1);
  state.clashes = findClashes();
  showRules();
  picture();
  fillPad();
  showPlayTools();
  saveFragment();
  if (state.note) say(state.note);
  state.note = "";
}

export function resetResults() {
  state.found = new Array(state.givens.length).fill(0);
  state.truth = null;
  state.marks = new Map();
  state.walk = null;
  walkBar.hidden = true;
  showDetails("");
  say("");
}

export function puzzleChanged() {
  // The text, kind or box changed: answers about the puzzle before are stale.
  state.asked++;
  busy(false);
  resetResults();
  render();
}

export function offerKind() {
  // New puzzle is offered for the kinds the generator makes.
  $("generate").hidden = !GENERATED.has(kindSelect.value);
}

// ---- size and box ----

function boxShapes(size) {
  const shapes = [];
  for (let r = 2; r < size; r++) if (size % r === 0) shapes.push(`${r}x${size / r}`);
  return shapes;
}

export function fillBoxes(size, chosen) {
  const shapes = boxShapes(size);
  const square = Math.round(Math.sqrt(size)) ** 2 === size;
  const first = square || !shapes.length ? "auto" : "choose";
  const options = [["", first], ...shapes.map((s) => [s, s])];
  boxSelect.replaceChildren(...options.map(([value, label]) => new Option(label, value)));
  const root = Math.round(Math.sqrt(size));
  boxSelect.value = chosen && shapes.includes(chosen) && !(square && chosen === `${root}x${root}`)
    ? chosen : (square ? "" : shapes[Math.floor((shapes.length - 1) / 2)] || "");
}

function chooseSize(size, box) {
  if (![...sizeSelect.options].some((o) => Number(o.value) === size)) {
    sizeSelect.append(new Option(`${size}x${size}`, String(size)));
  }
  sizeSelect.value = String(size);
  if (box) fillBoxes(size, box);
}

// ---- values as text ----

export function emptyLine(size) {
  return size <= 9 ? ".".repeat(size * size) : new Array(size * size).fill("0").join(",");
}

export function lineOf(values, size) {
  return size <= 9 ? values.map((v) => (v ? String(v) : ".")).join("") : values.join(",");
}

export function valuesOf(line) {
  return state.drawing.size <= 9 ? [...line].map((ch) => (ch === "." ? 0 : Number(ch)))
    : line.split(",").map(Number);
}
