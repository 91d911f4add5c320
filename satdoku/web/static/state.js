// The page's elements, what it shows (one shared state) and its message lines.

export const $ = (id) => document.getElementById(id);
export const grid = $("grid");
export const text = $("text");
export const kindSelect = $("kind");
export const sizeSelect = $("size");
export const boxSelect = $("box");
export const playBox = $("play");
export const walkBar = $("walk");
export const pad = $("pad");

export const emptyPlay = (n) => ({
  entries: new Array(n).fill(0), // the player's values, 0 where none
  centre: Array.from({ length: n }, () => []), // pencil marks, sorted
  corner: Array.from({ length: n }, () => []),
});

export const state = {
  drawing: null, // the answer of /api/draw for the text as it is (null: no picture)
  drawnKey: "", // the fields that drawing answered
  givens: [], // a value per cell, 0 for a blank
  found: [], // values found by a solve or a uniqueness check, 0 where none
  truth: null, // the true candidates of each cell (POST /api/candidates), or null
  marks: new Map(), // cell -> class of its mark ("difference", "wrong")
  cursor: 0,
  walk: null, // {record, position, states}: an explanation being stepped through
  peers: null,
  labelled: new Set(), // cells whose top holds a text of the picture (a cage's total)
  drawn: 0, // number of the last /api/draw asked
  asked: 0, // number of the last action asked
  pendingDraw: null,
  play: emptyPlay(0),
  playKey: null, // the fields of the puzzle the entries belong to
  past: [], // earlier plays (JSON), for undo
  future: [], // undone plays, for redo
  pen: "value", // what a typed digit puts in: "value", "centre" or "corner"
  clashes: new Map(), // cell -> the unit where its value clashes
  solution: null, // {key, values, several}: the solution entries are checked against
  timer: { elapsed: 0, since: null, done: false },
  keepPlay: false, // the next puzzle is this one with a given changed: keep the entries
  restore: null, // entries and marks from the address, for the next puzzle drawn
  fragment: "", // the address fragment last written
  note: "", // what to say once the next puzzle is drawn
  before: "", // the puzzle text before Minimize, for Undo minimize
};

export const playing = () => playBox.checked && state.drawing !== null;

export function puzzleFields() {
  const fields = { puzzle: text.value, kind: kindSelect.value };
  if (boxSelect.value) fields.box = boxSelect.value;
  return fields;
}

export const keyOf = (fields) => JSON.stringify([fields.puzzle, fields.kind, fields.box || ""]);

export function say(words, problem = false) {
  const message = $("message");
  message.textContent = words;
  message.classList.toggle("problem", problem);
}

export function showError(words) {
  $("error").textContent = words;
  text.setAttribute("aria-invalid", words ? "true" : "false");
}

export function showDetails(lines) {
  const details = $("details");
  details.replaceChildren();
  if (!lines) return;
  const pre = document.createElement("pre");
  pre.textContent = lines;
  details.append(pre);
}

export function busy(on) {
  document.body.setAttribute("aria-busy", on ? "true" : "false");
}
