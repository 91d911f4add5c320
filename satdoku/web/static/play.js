// Play: the player's entries and pencil marks with undo and redo, clashes, checking the
// entries against the solution, and the timer.

import { post } from "./api.js";
import { peers, render, symbolOf } from "./grid.js";
import { moveTo } from "./input.js";
import { saveFragment } from "./link.js";
import { drawn, valuesOf } from "./puzzle.js";
import { $, busy, emptyPlay, playing, puzzleFields, say, state, walkBar } from "./state.js";

const HISTORY = 1000; // moves that can be undone

export function showPlayTools() {
  $("play-tools").hidden = !playing();
}

export function startPlay(key) {
  // The entries of a new puzzle: none, those of the puzzle before when only a given
  // changed, or those of the address.
  const n = state.givens.length;
  const before = state.play;
  state.play = emptyPlay(n);
  if (state.keepPlay && before.entries.length === n) {
    for (let i = 0; i < n; i++) {
      if (state.givens[i]) continue;
      state.play.entries[i] = before.entries[i];
      state.play.centre[i] = before.centre[i];
      state.play.corner[i] = before.corner[i];
    }
  }
  const restore = state.restore;
  if (restore) {
    for (const part of ["entries", "centre", "corner"]) {
      if (restore[part] && restore[part].length === n) state.play[part] = restore[part];
    }
    state.play.entries = state.play.entries.map((v, i) =>
      (state.givens[i] || !(v <= state.drawing.size) ? 0 : v));
  }
  state.keepPlay = false;
  state.restore = null;
  state.playKey = key;
  state.past = [];
  state.future = [];
  state.solution = null;
  const kept = restore ? Number(sessionStorage.getItem(timeKey())) || 0 : 0;
  state.timer = { elapsed: kept, since: null, done: false };
  runTimer();
  showUndo();
}

function changePlay(apply) {
  // Applies a move to the entries or marks; it can be undone.
  const before = JSON.stringify(state.play);
  apply(state.play);
  if (JSON.stringify(state.play) === before) return false;
  state.past.push(before);
  if (state.past.length > HISTORY) state.past.shift();
  state.future = [];
  playChanged();
  return true;
}

function playChanged() {
  for (const [cell, kind] of state.marks) if (kind === "wrong") state.marks.delete(cell);
  if (state.walk) {
    state.walk = null;
    walkBar.hidden = true;
  }
  state.clashes = findClashes();
  moveTo(state.cursor);
  showUndo();
  saveFragment();
}

export function undo(back = true) {
  const [from, to] = back ? [state.past, state.future] : [state.future, state.past];
  if (!from.length || !state.drawing) return;
  to.push(JSON.stringify(state.play));
  state.play = JSON.parse(from.pop());
  playChanged();
  say(back ? "Undone." : "Redone.");
}

function showUndo() {
  $("undo").disabled = !state.past.length;
  $("redo").disabled = !state.future.length;
}

export function write(cell, value, pen) {
  const name = state.drawing.names[cell];
  if (state.givens[cell]) {
    say(`${name} is a given: it stays as it is.`, true);
    return;
  }
  const changed = changePlay((play) => {
    if (pen === "value") {
      play.entries[cell] = value;
      return;
    }
    const list = play[pen][cell];
    const at = list.indexOf(value);
    if (at >= 0) list.splice(at, 1);
    else play[pen][cell] = [...list, value].sort((a, b) => a - b);
  });
  if (!changed || pen !== "value") return;
  const unit = state.clashes.get(cell);
  if (unit) {
    const other = [...peers()[cell]].find((c) => valueAt(c) === value);
    say(`${symbolOf(value)} clashes with ${state.drawing.names[other]} in ${unit}.`, true);
  } else if (state.givens.every((v, i) => valueAt(i))) checkEntries();
  else say("");
}

export function clearCell(cell) {
  if (state.givens[cell]) {
    say(`${state.drawing.names[cell]} is a given: it stays as it is.`, true);
    return;
  }
  changePlay((play) => {
    if (play.entries[cell]) play.entries[cell] = 0;
    else {
      play.centre[cell] = [];
      play.corner[cell] = [];
    }
  });
}

const valueAt = (cell) => state.givens[cell] || state.play.entries[cell];

export function findClashes() {
  // Cells whose value is also in another cell of one of their units, with that unit.
  const clashes = new Map();
  if (!state.drawing) return clashes;
  for (const unit of state.drawing.units) {
    const seen = new Map();
    for (const cell of unit.cells) {
      const value = valueAt(cell);
      if (!value) continue;
      if (seen.has(value)) {
        for (const c of [seen.get(value), cell]) if (!clashes.has(c)) clashes.set(c, unit.name);
      } else seen.set(value, cell);
    }
  }
  return clashes;
}

// ---- checking entries against the solution ----

async function solutionOf() {
  // The solution of the puzzle (asked once per puzzle), or null with the reason said.
  const key = state.drawnKey;
  if (state.solution && state.solution.key === key) return state.solution;
  const number = ++state.asked;
  busy(true);
  say("Checking...");
  const answer = await post("unique", puzzleFields());
  if (number !== state.asked || key !== state.drawnKey) return null;
  busy(false);
  if (!answer.ok) {
    say(answer.error, true);
    return null;
  }
  const r = answer.record;
  if (r.status === "no_solution") {
    say("The givens have no solution, so no entry can be checked.", true);
    return null;
  }
  if (!r.solutions || !r.solutions.length) {
    say("No solution within the time limit: try Check again.", true);
    return null;
  }
  const values = r.solutions.map(valuesOf);
  state.solution = { key, values, several: r.status === "multiple" };
  return state.solution;
}

export async function checkEntries() {
  const d = state.drawing;
  if (!d) return;
  await drawn();
  const filled = state.play.entries.flatMap((v, i) => (v && !state.givens[i] ? [i] : []));
  if (!filled.length) {
    say("No entries to check yet.");
    return;
  }
  const known = await solutionOf();
  if (!known) return;
  // With two solutions, the one closer to the entries.
  const misses = (values) => filled.filter((i) => state.play.entries[i] !== values[i]);
  const wrong = known.values.map(misses).reduce((a, b) => (b.length < a.length ? b : a));
  const note = known.several ? " (this puzzle has more than one solution: checked against"
    + " the one closest to the entries)" : "";
  for (const [cell, kind] of state.marks) if (kind === "wrong") state.marks.delete(cell);
  if (wrong.length) {
    state.marks.set(wrong[0], "wrong");
    say(`${d.names[wrong[0]]} is wrong${note}.`, true);
  } else if (state.givens.every((v, i) => valueAt(i))) {
    state.timer.done = true;
    runTimer();
    say(`Solved: every entry is right, in ${clock(elapsed())}${note}.`);
  } else {
    const plural = filled.length === 1 ? "entry so far is" : "entries so far are";
    say(`All ${filled.length} ${plural} right${note}.`);
  }
  render();
}

// ---- the timer ----

const elapsed = () =>
  state.timer.elapsed + (state.timer.since === null ? 0 : Date.now() - state.timer.since);

function clock(ms) {
  const seconds = Math.floor(ms / 1000);
  const [h, m, s] = [Math.floor(seconds / 3600), Math.floor(seconds / 60) % 60, seconds % 60];
  const two = (n) => String(n).padStart(2, "0");
  return h ? `${h}:${two(m)}:${two(s)}` : `${m}:${two(s)}`;
}

const timeKey = () => `satdoku time ${state.playKey}`;

export function runTimer() {
  // The clock runs while playing a puzzle not yet solved, with the page in view.
  const t = state.timer;
  const on = playing() && !t.done && !document.hidden;
  if (on && t.since === null) t.since = Date.now();
  if (!on && t.since !== null) {
    t.elapsed += Date.now() - t.since;
    t.since = null;
  }
  showTime();
}

export function showTime() {
  $("timer").textContent = clock(elapsed());
  if (state.timer.since !== null) sessionStorage.setItem(timeKey(), String(elapsed()));
}
