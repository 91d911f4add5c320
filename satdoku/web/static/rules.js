// The puzzle's rules as the page says them: the line under the grid, and what the
// step-by-step logic and Play's clash marks do not read.

import { $, state } from "./state.js";

const ISS = /^\s*(?:\.\s*)+(?:~|[A-Za-z]\w*\s*~|[A-Z]\w*[a-z]\w*\s*(?:\.|$))/;
const LINK = new RegExp(
  "^\\s*(?:https?://)?(?:[\\w-]+\\.)*(?:f-puzzles\\.com|sudokupad\\.app"
  + "|sudokupad\\.svencodes\\.com|crackingthecryptic\\.com)(?:[/?#]|\\s*$)", "i",
);

// Whether the text is an ISS constraint string, an f-puzzles or SudokuPad link or
// f-puzzles JSON: text that carries its own rules, read with the Sudoku kind.
export function carriesRules(words) {
  if (ISS.test(words) || LINK.test(words)) return true;
  const bare = words.trim();
  return bare.startsWith("{") && bare.includes('"size"') && bare.includes('"grid"');
}

export function showRules() {
  const d = state.drawing;
  const line = $("rules");
  const rules = d ? d.rules : [];
  line.hidden = !rules.length;
  line.textContent = rules.length
    ? `Rules besides rows, columns and boxes: ${rules.map((r) => r.family).join(", ")}.`
    : "";
}

// The families of rules that are more than all-different units.
function otherRules() {
  return state.drawing.rules.filter((r) => !r.unit).map((r) => r.family);
}

// Why the step-by-step logic gives no hint or rating for this puzzle, in words.
export function logicNote(what) {
  return `No ${what} for this puzzle: the step-by-step logic reads all-different units only`
    + ` (rows, columns, boxes, regions), and this puzzle has other rules too`
    + ` (${otherRules().join(", ")}). Solve, Check unique, Count and True candidates work`
    + " with every rule.";
}

// What Play does not check as digits are typed, for a puzzle with other rules; "" if none.
export function playNote() {
  const d = state.drawing;
  const others = d ? otherRules() : [];
  if (!others.length) return "";
  return ` Clashes are marked in all-different units only; the other rules (${others.join(", ")})`
    + " are checked by Check, against the solution.";
}
