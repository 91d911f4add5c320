// The address: the puzzle, its entries and pencil marks in the fragment, for reloading and
// for the share link.

import { draw, drawn, offerKind, puzzleChanged } from "./puzzle.js";
import { $, boxSelect, kindSelect, playBox, say, state, text } from "./state.js";

function valuesText(values) {
  if (state.drawing.size > 35) return values.join(",");
  return values.map((v) => (v ? v.toString(36) : ".")).join("");
}

function valuesFrom(words) {
  if (!words) return null;
  if (words.includes(",")) return words.split(",").map((w) => Number(w) || 0);
  return [...words].map((ch) => parseInt(ch, 36) || 0);
}

function notesText(notes) {
  // "cell-values" for each cell with marks, joined by "_".
  if (state.drawing.size > 35) return "";
  return notes.flatMap((list, cell) =>
    (list.length ? [`${cell}-${list.map((v) => v.toString(36)).join("")}`] : [])).join("_");
}

function notesFrom(words, n) {
  if (!words) return null;
  const notes = Array.from({ length: n }, () => []);
  for (const part of words.split("_")) {
    const [cell, values] = part.split("-");
    if (notes[Number(cell)] && values) {
      notes[Number(cell)] = [...new Set([...values].map((ch) => parseInt(ch, 36)))]
        .filter((v) => v > 0).sort((a, b) => a - b);
    }
  }
  return notes;
}

function addressOf(withEntries, play) {
  const params = new URLSearchParams({ kind: kindSelect.value, puzzle: text.value });
  if (boxSelect.value) params.set("box", boxSelect.value);
  if (withEntries && state.drawing) {
    const p = state.play;
    if (p.entries.some((v) => v)) params.set("entries", valuesText(p.entries));
    for (const part of ["centre", "corner"]) {
      const words = notesText(p[part]);
      if (words) params.set(part, words);
    }
  }
  if (play) params.set("play", "1");
  return params.toString();
}

export function saveFragment() {
  if (!state.drawing) return;
  state.fragment = addressOf(true, playBox.checked);
  history.replaceState(null, "", `#${state.fragment}`);
}

export function restoreFragment() {
  // The puzzle, entries and marks of the address, if it has a puzzle.
  const fragment = location.hash.slice(1);
  if (!fragment || fragment === state.fragment) return false;
  const params = new URLSearchParams(fragment);
  const puzzle = params.get("puzzle");
  if (puzzle === null) return false;
  const kind = params.get("kind") || "sudoku";
  if ([...kindSelect.options].some((o) => o.value === kind)) kindSelect.value = kind;
  const box = params.get("box") || "";
  if (![...boxSelect.options].some((o) => o.value === box)) {
    boxSelect.append(new Option(box, box));
  }
  boxSelect.value = box;
  text.value = puzzle;
  playBox.checked = params.get("play") === "1";
  const n = () => state.givens.length;
  state.restore = {
    entries: valuesFrom(params.get("entries")),
    get centre() { return notesFrom(params.get("centre"), n()); },
    get corner() { return notesFrom(params.get("corner"), n()); },
  };
  state.playKey = null;
  state.fragment = fragment;
  offerKind();
  puzzleChanged();
  draw();
  return true;
}

export async function share() {
  await drawn();
  if (!state.drawing) {
    say("Nothing to share: the text is not a puzzle yet.", true);
    return;
  }
  const withEntries = $("share-entries").checked;
  const link = `${location.origin}${location.pathname}#${addressOf(withEntries, true)}`;
  const field = $("share-link");
  field.value = link;
  field.hidden = false;
  field.select();
  const what = withEntries ? "the puzzle and your entries" : "the puzzle";
  try {
    await navigator.clipboard.writeText(link);
    say(`A link to ${what} is copied, and shown beside Share link.`);
  } catch (err) {
    say(`A link to ${what} is shown beside Share link: copy it from there.`);
  }
}
