// satdoku serve: the page. It asks the server to read and draw the puzzle (POST /api/draw),
// then writes on the picture it gets; this module holds the buttons' actions and wires the
// page up.

import { post } from "./api.js";
import { cellIndex, render, symbolOf } from "./grid.js";
import { fillPad, onGridKey, onUndoKey, pick } from "./input.js";
import { restoreFragment, saveFragment, share } from "./link.js";
import { checkEntries, runTimer, showPlayTools, showTime, undo } from "./play.js";
import {
  draw, drawn, emptyLine, fillBoxes, offerKind, puzzleChanged, resetResults, scheduleDraw,
  valuesOf,
} from "./puzzle.js";
import { carriesRules, logicNote, playNote } from "./rules.js";
import {
  $, boxSelect, busy, grid, keyOf, kindSelect, playBox, puzzleFields, say, showDetails,
  showError, sizeSelect, state, text,
} from "./state.js";
import { showTruth } from "./truth.js";
import { endOfWalk, move, startWalk } from "./walk.js";

const SIZES = [4, 6, 8, 9, 10, 12, 16, 25];
const EXAMPLES = {
  sudoku: "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
  x: "....1..36..9...............8..4...1...........9...7..265........3..9......7...32.",
  windoku: ".......69..9.26...8..5...4........5.5..9.................7..1...6.....8..1.......",
  centredot: "....1..36..9...............8..4...1...........9...7..265........3..9......7...32.",
  jigsaw: [
    "876......", ".........", "........7", ".....7..8", ".3.....4.", "..3.9.1..",
    ".6.......", ".2.......", "..7..4.2.",
    "AAAABCCCC", "AADBBBBBC", "AADEBBBCC", "ADDEFFFFC", "DDEEEEFFC", "DDGEEEFII",
    "DGGGHHFII", "GGGGHHFII", "GHHHHHIII",
  ].join("\n"),
  killer: [
    "abccddeef", "abbcgheii", "jkklhhmno", "ppqllrmno", "psqttrmuu", "vswxxryyz",
    "vsAABCCDz", "EFFABGGGH", "IFJKKLLHH",
    "a=11 b=11 c=13 d=8 e=12 f=9 g=2 h=16 i=15",
    "j=5 k=16 l=13 m=14 n=13 o=10 p=9 q=9 r=20",
    "s=17 t=10 u=11 v=11 w=8 x=10 y=4 z=8 A=13",
    "B=15 C=11 D=8 E=6 F=13 G=13 H=7 I=9 J=7",
    "K=11 L=7",
  ].join("\n"),
  kakuro: [
    "- 23, 30, - - 27, 12, 16,", ",16 0 0 - 17,24 0 0 0", ",17 0 0 15,29 0 0 0 0",
    ",35 0 0 0 0 0 12, -", "- ,7 0 0 7,8 0 0 7,", "- 11, 10,16 0 0 0 0 0",
    ",21 0 0 0 0 ,5 0 0", ",6 0 0 0 - ,3 0 0",
  ].join("\n"),
};

function foundFrom(line) {
  if (!line) return new Array(state.drawing.givens.length).fill(0);
  return valuesOf(line).map((v, i) => (state.givens[i] ? 0 : v));
}

async function withLogic(what) {
  // Whether the step-by-step logic reads this puzzle's rules; if not, says so.
  await drawn();
  const d = state.drawing;
  if (!d || d.candidates) return true;
  say(logicNote(what), true);
  return false;
}

const ACTIONS = {
  async solve() {
    const answer = await ask("solve");
    if (!answer) return;
    const r = answer.record;
    state.found = foundFrom(r.solution);
    if (r.status === "solved") say("Solved.");
    else if (r.status === "no_solution") say(`No solution: ${r.reason}.`, true);
    else say(`No answer: ${r.reason}.`, true);
  },

  async unique() {
    const answer = await ask("unique");
    if (!answer) return;
    const r = answer.record;
    const index = cellIndex();
    state.found = foundFrom(r.solutions[0]);
    state.marks = new Map(r.differences.map((name) => [index.get(name), "difference"]));
    if (r.status === "unique") say("Unique: exactly one solution.");
    else if (r.status === "multiple") {
      const second = foundFrom(r.solutions[1]);
      const cells = r.differences.map((name) => {
        const i = index.get(name);
        return `${name} ${symbolOf(state.found[i])} or ${symbolOf(second[i])}`;
      });
      say(`Not unique (multiple): two solutions differ in ${r.differences.length} cells,`
        + ` marked: ${cells.join(", ")}.`, true);
    } else if (r.status === "no_solution") say("No solution.", true);
    else say("No answer within the time limit.", true);
  },

  async count() {
    const limit = Number($("limit").value);
    const answer = await ask("count", Number.isInteger(limit) && limit > 0 ? { limit } : {});
    if (!answer) return;
    const r = answer.record;
    const more = r.complete ? "" : ` or more (stopped by the ${r.stopped})`;
    const plural = r.count === 1 ? "solution" : "solutions";
    say(`${r.status}: ${r.count}${more} ${plural}.`, r.status !== "unique");
  },

  async truth() {
    const answer = await ask("candidates");
    if (!answer) return;
    say(...showTruth(answer.record));
  },

  async hint() {
    if (state.walk) return move(1);
    if (!(await withLogic("hints"))) return;
    const answer = await ask("explain");
    if (!answer) return;
    if (answer.record.steps) startWalk(answer.record);
    else say(endOfWalk(answer.record), true); // out of time: no steps to walk
  },

  async rate() {
    if (!(await withLogic("rating"))) return;
    const answer = await ask("rate");
    if (!answer) return;
    const r = answer.record;
    if (r.status === "solved") {
      say(`Rating ${r.score} (${r.label}): the hardest technique is ${r.hardest};`
        + ` ${r.steps} steps.`);
    } else if (r.status === "needs_search") {
      say(`The techniques get stuck after ${r.steps} steps: this puzzle needs search.`, true);
    } else say(`${r.status}: ${r.reason || ""}`, true);
  },

  async why() {
    // Why the selected cell holds its digit: the givens and rules of a minimal reason,
    // marked as a step's cells and units are (POST /api/why).
    await drawn();
    const d = state.drawing;
    if (!d) return;
    const answer = await ask("why", { cell: d.names[state.cursor] });
    if (!answer) return;
    const r = answer.record;
    if (r.status !== "solved") {
      say(r.error || `${r.status}: ${r.reason || ""}`, true);
      return;
    }
    const index = cellIndex();
    const cell = index.get(r.cell);
    state.found[cell] = d.symbols.indexOf(String(r.digit)) + 1;
    for (const name of r.rules) {
      const unit = d.units.find((u) => u.name === name);
      if (unit) unit.cells.forEach((c) => state.marks.set(c, "unit"));
    }
    for (const name of r.givens) state.marks.set(index.get(name), "pattern");
    const givens = r.givens.length
      ? `the given${r.givens.length > 1 ? "s" : ""} ${r.givens.join(", ")}` : "";
    const because = [givens, r.rules.join(", ")].filter(Boolean).join(" and ");
    say(`${r.cell} = ${r.digit} because of ${because}.`);
  },

  async redundant() {
    // The givens that can each be taken out alone with the puzzle still unique, shaded
    // (POST /api/redundant).
    const answer = await ask("redundant");
    if (!answer) return;
    const r = answer.record;
    if (r.status !== "unique") {
      say(`${r.status}: ${r.reason || r.error || ""}.`, true);
      return;
    }
    const index = cellIndex();
    for (const name of r.redundant) state.marks.set(index.get(name), "redundant");
    const n = r.redundant.length;
    say(n ? `${n} redundant given${n > 1 ? "s" : ""}, shaded: each can be taken out alone`
      + ` with the puzzle still unique: ${r.redundant.join(", ")}.`
      : "No redundant given: the puzzle is minimal.");
  },

  async minimize() {
    // A minimal unique puzzle inside this one (POST /api/minimize) in place of it; Undo
    // minimize brings the puzzle back. A puzzle whose rules its line of givens does not
    // carry (an ISS string, a link) keeps its text: the givens to take out are shaded.
    const before = text.value;
    const answer = await ask("minimize");
    if (!answer) return;
    const r = answer.record;
    if (r.status !== "unique") {
      say(`${r.status}: ${r.reason || r.error || ""}.`, true);
      return;
    }
    const gone = r.removed.join(", ");
    if (!r.removed.length) {
      say("Already minimal: no given can be taken out.");
      return;
    }
    if (!state.drawing.editable && kindSelect.value === "sudoku") {
      const index = cellIndex();
      for (const name of r.removed) state.marks.set(index.get(name), "redundant");
      say(`A minimal puzzle keeps ${r.givens} givens: take the shaded ones out of the text`
        + ` (${gone}).`);
      return;
    }
    text.value = r.puzzle;
    puzzleChanged();
    await draw();
    state.before = before;
    $("restore").hidden = false;
    say(`Minimal: ${r.givens} givens, ${r.removed.length} taken out (${gone}); each one left`
      + " is needed.");
  },

  async example() {
    const example = EXAMPLES[kindSelect.value];
    text.value = example;
    boxSelect.value = "";
    puzzleChanged();
    await draw();
    say("An example: try Hint, then Next and Back.");
  },

  async generate() {
    // A new puzzle of the chosen kind and size (POST /api/generate), put in the text box
    // and played.
    const size = Number(sizeSelect.value) || 9;
    const root = Math.round(Math.sqrt(size));
    const fields = { kind: kindSelect.value, box: boxSelect.value || `${root}x${root}` };
    const number = ++state.asked;
    busy(true);
    say("Making a new puzzle...");
    const answer = await post("generate", fields);
    if (number !== state.asked) return;
    busy(false);
    if (!answer.ok) {
      if (answer.status === 400) {
        showError(answer.error);
        say("");
      } else say(answer.error, true);
      return;
    }
    const r = answer.record;
    if (r.status !== "solved") {
      say("No new puzzle within the time limit.", true);
      return;
    }
    text.value = r.puzzle;
    playBox.checked = true;
    puzzleChanged();
    await draw();
    const rated = r.label ? `, ${r.label}${r.rating ? ` (rating ${r.rating})` : ""}` : "";
    say(`A new puzzle with one solution: ${r.givens} givens${rated}; seed`
      + ` ${r.seed.split(":")[0]}.`);
  },

  async clear() {
    const size = Number(sizeSelect.value) || 9;
    text.value = emptyLine(size);
    puzzleChanged();
    await draw();
  },
};

async function ask(endpoint, extra = {}) {
  // The answer of an action to draw on the picture, or null when there is none to draw:
  // a problem (shown), or a puzzle without a picture (its answer shown as text). It is
  // asked about the text as drawn, with the fields of ``extra`` beside the puzzle's.
  const number = ++state.asked; // a change of puzzle while the picture comes drops it
  await drawn();
  if (number !== state.asked) return null;
  const fields = { ...puzzleFields(), ...extra };
  busy(true);
  say("Working...");
  const answer = await post(endpoint, fields);
  if (number !== state.asked) return null;
  busy(false);
  if (!answer.ok) {
    if (answer.status === 400) {
      showError(answer.error);
      say("");
    } else say(answer.error, true);
    return null;
  }
  if (!state.drawing || state.drawnKey !== keyOf(fields)) {
    say(`${answer.record.status}${answer.record.reason ? `: ${answer.record.reason}` : ""}`);
    showDetails(JSON.stringify(answer.record, null, 1));
    return null;
  }
  resetResults();
  return answer;
}

// ---- wiring ----

grid.addEventListener("keydown", onGridKey);
document.addEventListener("keydown", onUndoKey);
grid.addEventListener("click", pick);
for (const button of document.querySelectorAll("[data-action]")) {
  button.addEventListener("click", async () => {
    await ACTIONS[button.dataset.action]();
    render();
  });
}
$("back").addEventListener("click", () => move(-1));
$("next").addEventListener("click", () => move(1));
$("undo").addEventListener("click", () => undo(true));
$("redo").addEventListener("click", () => undo(false));
$("check").addEventListener("click", checkEntries);
$("share").addEventListener("click", share);
$("restore").addEventListener("click", async () => {
  text.value = state.before;
  $("restore").hidden = true;
  puzzleChanged();
  await draw();
  say("The puzzle before Minimize is back.");
});
$("candidates").addEventListener("change", () => {
  const d = state.drawing;
  if ($("candidates").checked && d && !d.candidates) {
    say("Candidates are those of the step-by-step logic, which does not read this puzzle's"
      + " other rules: press True candidates for the values that fit every rule.", true);
  }
  render();
});
playBox.addEventListener("change", () => {
  showPlayTools();
  fillPad();
  runTimer();
  saveFragment();
  say(playBox.checked ? `Play: digits typed are your entries; the givens stay.${playNote()}`
    : "");
});
for (const radio of document.querySelectorAll("input[name=pen]")) {
  radio.addEventListener("change", () => {
    state.pen = radio.value;
    fillPad();
  });
}
text.addEventListener("input", () => {
  const rules = carriesRules(text.value);
  if (rules && kindSelect.value !== "sudoku") {
    kindSelect.value = "sudoku";
    offerKind();
    state.note = "Kind is now Sudoku, which reads ISS strings and links with their rules.";
  } else if (!rules) state.note = "";
  $("restore").hidden = true;
  puzzleChanged();
  scheduleDraw();
});
kindSelect.addEventListener("change", () => {
  offerKind();
  puzzleChanged();
  draw();
});
boxSelect.addEventListener("change", () => {
  puzzleChanged();
  draw();
});
sizeSelect.addEventListener("change", () => {
  const size = Number(sizeSelect.value);
  fillBoxes(size, null);
  text.value = emptyLine(size);
  puzzleChanged();
  draw();
});
document.addEventListener("visibilitychange", runTimer);
window.addEventListener("hashchange", restoreFragment);
setInterval(showTime, 500);

sizeSelect.replaceChildren(...SIZES.map((s) => new Option(`${s}x${s}`, String(s))));
sizeSelect.value = "9";
fillBoxes(9, null);
if (!restoreFragment()) {
  if (!text.value) text.value = emptyLine(9);
  offerKind();
  draw();
}
