// Input: keys and clicks on the grid, and the pad of value buttons. Without Play a value is
// a given of the puzzle (its text changes); with Play it is an entry or a pencil mark.

import { render, symbolOf, view } from "./grid.js";
import { clearCell, undo, write } from "./play.js";
import { lineOf, puzzleChanged, scheduleDraw } from "./puzzle.js";
import { $, grid, pad, playing, say, state, text } from "./state.js";

function setGiven(cell, value) {
  const d = state.drawing;
  if (!d.editable) {
    say("This kind is written as text: edit the puzzle text, or turn on Play to fill in"
      + " entries.", true);
    return false;
  }
  state.givens[cell] = value;
  state.play.entries[cell] = 0;
  text.value = lineOf(state.givens, d.size);
  state.keepPlay = true;
  puzzleChanged();
  scheduleDraw(400);
  return true;
}

export function fillPad() {
  // Buttons for the values (and a blank), for screens without a keyboard.
  const d = state.drawing;
  if (!d || !(d.editable || playing())) {
    pad.replaceChildren();
    return;
  }
  const what = {
    value: "put {} in the cell", centre: "centre mark {}", corner: "corner mark {}",
  };
  const press = (value) => () => {
    if (playing()) {
      if (value) write(state.cursor, value, state.pen);
      else clearCell(state.cursor);
    } else {
      setGiven(state.cursor, value);
      moveTo(state.cursor);
    }
  };
  const pen = playing() ? state.pen : "value";
  const buttons = d.symbols.map((symbol, i) => {
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = symbol;
    button.setAttribute("aria-label", what[pen].replace("{}", symbol));
    button.addEventListener("click", press(i + 1));
    return button;
  });
  const blank = document.createElement("button");
  blank.type = "button";
  blank.textContent = "clear";
  blank.setAttribute("aria-label", "clear the cell");
  blank.addEventListener("click", press(0));
  pad.replaceChildren(...buttons, blank);
}

export function moveTo(cell) {
  state.cursor = cell;
  render();
  const value = view().values[cell];
  $("cell").textContent = `${state.drawing.names[cell]}: ${value ? symbolOf(value) : "blank"}`;
}

function moveBy(dr, dc) {
  const d = state.drawing;
  const where = new Map(d.cells.map(([r, c], i) => [`${r},${c}`, i]));
  let [r, c] = d.cells[state.cursor];
  for (;;) {
    r += dr;
    c += dc;
    if (r < 0 || c < 0 || r >= d.rows || c >= d.cols) return;
    if (where.has(`${r},${c}`)) return moveTo(where.get(`${r},${c}`));
  }
}

export function onGridKey(event) {
  const d = state.drawing;
  if (!d || event.ctrlKey || event.metaKey || event.altKey) return;
  const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
  const last = d.givens.length - 1;
  let handled = true;
  if (moves[event.key]) moveBy(...moves[event.key]);
  else if (event.key === "Home") moveTo(0);
  else if (event.key === "End") moveTo(last);
  else if (playing()) handled = playKey(event);
  else if (["0", ".", " ", "Delete"].includes(event.key)) {
    if (setGiven(state.cursor, 0)) moveTo(Math.min(state.cursor + 1, last));
  } else if (event.key === "Backspace") {
    const cell = Math.max(state.cursor - 1, 0);
    if (setGiven(cell, 0)) moveTo(cell);
  } else if (/^[1-9a-zA-Z]$/.test(event.key)) {
    const value = parseInt(event.key, 36);
    if (value <= d.size) {
      if (setGiven(state.cursor, value)) moveTo(Math.min(state.cursor + 1, last));
    } else say(`${event.key.toUpperCase()} is not a value of a ${d.size}x${d.size} grid`, true);
  } else handled = false;
  if (handled) event.preventDefault();
}

function playKey(event) {
  // A key in play: a value or a mark in the cell, or clearing it; the cell stays.
  const d = state.drawing;
  if (["0", ".", " ", "Delete", "Backspace"].includes(event.key)) {
    clearCell(state.cursor);
    return true;
  }
  const shifted = event.shiftKey && /^(Digit|Numpad)[1-9]$/.test(event.code);
  if (!shifted && !/^[1-9a-zA-Z]$/.test(event.key)) return false;
  const value = shifted ? Number(event.code.slice(-1)) : parseInt(event.key, 36);
  if (value > d.size) {
    say(`${event.key.toUpperCase()} is not a value of a ${d.size}x${d.size} grid`, true);
  } else write(state.cursor, value, shifted ? "corner" : state.pen);
  return true;
}

export function onUndoKey(event) {
  // Ctrl+Z undoes and Ctrl+Y (or Ctrl+Shift+Z) redoes a move, but in a text field.
  if (!(event.ctrlKey || event.metaKey) || event.altKey) return;
  if (event.target.matches("textarea, input[type=text], input[type=number]")) return;
  const key = event.key.toLowerCase();
  if (key === "z" && !event.shiftKey) undo(true);
  else if (key === "y" || key === "z") undo(false);
  else return;
  event.preventDefault();
}

export function pick(event) {
  const d = state.drawing;
  const svg = grid.querySelector("svg");
  if (!d || !svg) return;
  const point = new DOMPoint(event.clientX, event.clientY).matrixTransform(
    svg.getScreenCTM().inverse());
  const r = Math.floor((point.y - d.margin) / d.cell);
  const c = Math.floor((point.x - d.margin) / d.cell);
  const cell = d.cells.findIndex(([cr, cc]) => cr === r && cc === c);
  if (cell >= 0) moveTo(cell);
  grid.focus({ preventScroll: true });
}
