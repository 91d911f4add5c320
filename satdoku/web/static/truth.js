// True candidates (POST /api/candidates): for each open cell, the values it takes in some
// solution, whatever the rules; drawn small in the cells until the next answer.

import { state } from "./state.js";

// Keeps the answer's candidates for the grid to draw, and says what they show.
export function showTruth(record) {
  const open = state.givens.flatMap((v, i) => (v ? [] : [i]));
  if (record.status === "no_solution") {
    state.truth = null;
    return ["No solution: no value fits every rule in any cell.", true];
  }
  state.truth = record.candidates;
  const several = open.filter((i) => record.candidates[i].length > 1).length;
  if (record.status === "unknown") {
    return [`No full answer within the time limit: shown are the values of the`
      + ` ${record.solutions} solutions found so far (others may fit too).`, true];
  }
  if (record.status === "unique") {
    return [`True candidates: unique, each of the ${open.length} open cells takes one value.`,
      false];
  }
  const cells = several === 1 ? "cell takes" : "cells take";
  return [`True candidates: ${several} of the ${open.length} open ${cells} more than one`
    + ` value (${record.solutions} solutions met).`, true];
}
