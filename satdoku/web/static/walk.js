// Stepping through an explanation (POST /api/explain): the grid as it is before and after
// each step, Back and Next.

import { cellIndex, peers, render } from "./grid.js";
import { $, say, state, walkBar } from "./state.js";

export function startWalk(record) {
  const d = state.drawing;
  const index = cellIndex();
  const near = peers();
  let values = state.givens.slice();
  let candidates = d.candidates.map((list) => list.slice());
  const states = [{ values, candidates }];
  for (const s of record.steps) {
    values = values.slice();
    candidates = candidates.map((list) => list.slice());
    for (const e of s.eliminations) {
      const cell = index.get(e.cell);
      candidates[cell] = candidates[cell].filter((v) => v !== e.value);
    }
    for (const p of s.placements) {
      const cell = index.get(p.cell);
      values[cell] = p.value;
      candidates[cell] = [];
      for (const other of near[cell]) {
        candidates[other] = candidates[other].filter((v) => v !== p.value);
      }
    }
    states.push({ values, candidates });
  }
  state.walk = { record, position: 0, states };
  walkBar.hidden = false;
  showWalk();
}

export function move(by) {
  const w = state.walk;
  if (!w) return;
  w.position = Math.max(0, Math.min(w.record.steps.length, w.position + by));
  showWalk();
}

function showWalk() {
  const w = state.walk;
  const n = w.record.steps.length;
  const s = w.record.steps[w.position];
  $("position").textContent = `step ${Math.min(w.position + 1, n)} of ${n}`;
  $("back").disabled = w.position === 0;
  $("next").disabled = w.position === n;
  if (s) {
    say(`Step ${w.position + 1} of ${n}, ${s.technique} (${s.difficulty}): ${s.description}`);
  } else {
    say(endOfWalk(w.record), w.record.status !== "solved");
  }
  render();
}

export function endOfWalk(r) {
  const taken = r.steps ? r.steps.length : 0;
  const steps = `${taken} step${taken === 1 ? "" : "s"}`;
  if (r.status === "solved") {
    return `Solved by logic in ${steps}; rating ${r.rating.score} (${r.rating.label}).`;
  }
  if (r.status === "needs_search") {
    const found = r.solutions;
    const count = found ? `${found.count}${found.complete ? "" : " or more"}` : "some";
    return `After ${steps} no technique applies: this puzzle needs search`
      + ` (${count} solutions).`;
  }
  if (r.status === "no_solution") return `No solution: ${r.reason}.`;
  return `No answer: ${r.reason}.`;
}
