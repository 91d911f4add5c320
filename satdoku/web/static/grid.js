// The grid: the picture the server drew, with what the page writes on it (givens, entries,
// pencil marks, digits found, candidates, clashes, the cells and units of a step, the cells
// where two solutions differ) and cells for screen readers.

import { $, grid, state } from "./state.js";

const SVG = "http://www.w3.org/2000/svg";
const AREA = /^(row|column|box|region) /; // the units shaded around the selected cell
const LABEL = 0.3; // the part of a labelled cell's height its label takes

export function picture() {
  const d = state.drawing;
  if (!d) return;
  const svg = new DOMParser().parseFromString(d.svg, "image/svg+xml").documentElement;
  for (const old of svg.querySelectorAll("g.givens, g.founds")) old.remove();
  svg.removeAttribute("width");
  svg.removeAttribute("height");
  svg.querySelector("title")?.remove();
  for (const child of svg.children) child.setAttribute("aria-hidden", "true");
  svg.setAttribute("role", "presentation");
  const paper = svg.querySelector("rect.paper");
  const layer = (name, attributes = {}) =>
    svgNode("g", { class: name, "aria-hidden": "true", ...attributes });
  paper.after(layer("marks"));
  svg.append(
    layer("notes", { "text-anchor": "middle" }),
    layer("candidates", { "text-anchor": "middle" }),
    layer("givens", {
      "font-size": d.digit_size, "font-weight": "bold", "text-anchor": "middle",
    }),
    layer("entries", { "font-size": d.digit_size, "text-anchor": "middle" }),
    layer("founds", { "font-size": d.digit_size, "text-anchor": "middle" }),
    svgNode("rect", { class: "cursor", width: d.cell, height: d.cell, "aria-hidden": "true" }),
    svgNode("g", { class: "cells", role: "presentation" }),
  );
  grid.replaceChildren(document.importNode(svg, true));
  state.labelled = labelledCells(svg);
  render();
}

// The cells whose top holds a text of the picture (a cage's total, a note of the values
// allowed): candidates keep below it.
function labelledCells(svg) {
  const d = state.drawing;
  const where = new Map(d.cells.map(([r, c], i) => [`${r},${c}`, i]));
  const cells = new Set();
  for (const label of svg.querySelectorAll("text.cage-sum, text.note")) {
    const col = Math.floor((Number(label.getAttribute("x")) - d.margin) / d.cell);
    const row = Math.floor((Number(label.getAttribute("y")) - d.margin) / d.cell);
    if (where.has(`${row},${col}`)) cells.add(where.get(`${row},${col}`));
  }
  return cells;
}

function svgNode(name, attributes = {}, words = null) {
  const node = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
  if (words !== null) node.textContent = words;
  return node;
}

const x = (col) => state.drawing.margin + col * state.drawing.cell;
const y = (row) => state.drawing.margin + row * state.drawing.cell;

export function symbolOf(value) {
  return state.drawing.symbols[value - 1] || String(value);
}

// What the grid shows now: values, candidates and the marks of the step in view.
export function view() {
  const w = state.walk;
  if (w) {
    const at = w.states[w.position];
    const step = w.record.steps[w.position] || null;
    return { values: at.values, candidates: at.candidates, step, showCandidates: true };
  }
  const entries = state.play.entries;
  const values = state.givens.map((v, i) => v || entries[i] || state.found[i] || 0);
  if (state.truth) return { values, candidates: state.truth, step: null, showCandidates: true };
  const candidates = state.drawing.candidates;
  return { values, candidates, step: null, showCandidates: $("candidates").checked };
}

export function render() {
  const d = state.drawing;
  const svg = grid.querySelector("svg");
  if (!d || !svg) return;
  const { values, candidates, step, showCandidates } = view();
  const layers = ["marks", "givens", "entries", "founds", "candidates", "notes", "cells"];
  const [marks, givens, entries, founds, small, notes, cells] =
    layers.map((name) => svg.querySelector(`g.${name}`));
  for (const group of [marks, givens, entries, founds, small, notes, cells]) {
    group.replaceChildren();
  }

  const markCell = (cell, kind) => {
    const [r, c] = d.cells[cell];
    marks.append(svgNode("rect", {
      class: `mark-${kind}`, x: x(c), y: y(r), width: d.cell, height: d.cell,
      "data-cell": d.names[cell],
    }));
  };
  const index = cellIndex();
  if (step) {
    for (const name of step.units) {
      const unit = d.units.find((u) => u.name === name);
      if (unit) unit.cells.forEach((cell) => markCell(cell, "unit"));
    }
    for (const name of step.cells) markCell(index.get(name), "pattern");
  } else {
    for (const cell of areaOf(state.cursor)) markCell(cell, "area");
    const value = values[state.cursor];
    if (value) {
      values.forEach((v, cell) => {
        if (v === value && cell !== state.cursor) markCell(cell, "same");
      });
    }
  }
  for (const cell of state.clashes.keys()) markCell(cell, "clash");
  for (const [cell, kind] of state.marks) markCell(cell, kind);

  values.forEach((value, cell) => {
    if (!value) return;
    const [r, c] = d.cells[cell];
    const kind = state.givens[cell] ? "given"
      : !state.walk && state.play.entries[cell] ? "entry" : "found";
    const group = { given: givens, entry: entries, found: founds }[kind];
    const clash = kind !== "found" && state.clashes.has(cell) ? " clash" : "";
    group.append(svgNode("text", {
      class: `${kind}${clash}`, x: x(c + 0.5), y: y(r + 0.5) + d.digit_size * 0.36,
      "data-cell": d.names[cell],
    }, symbolOf(value)));
  });

  if (!state.walk) drawNotes(notes, values);
  if (showCandidates && candidates) drawCandidates(small, values, candidates, step, index);
  const cursor = svg.querySelector("rect.cursor");
  const [r, c] = d.cells[state.cursor] || [0, 0];
  cursor.setAttribute("x", x(c));
  cursor.setAttribute("y", y(r));
  drawCells(cells, values);
}

function drawCandidates(group, values, candidates, step, index) {
  const d = state.drawing;
  const side = Math.ceil(Math.sqrt(d.size));
  const size = (d.cell / side) * 0.8;
  const hot = new Set();
  const gone = new Set();
  if (step) {
    for (const name of step.cells) {
      for (const digit of step.digits) hot.add(`${index.get(name)}:${digit}`);
    }
    for (const p of step.placements) hot.add(`${index.get(p.cell)}:${p.value}`);
    for (const e of step.eliminations) gone.add(`${index.get(e.cell)}:${e.value}`);
  }
  const play = state.play;
  candidates.forEach((list, cell) => {
    if (values[cell] || !list) return;
    if (!step && (play.centre[cell].length || play.corner[cell].length)) return;
    const [r, c] = d.cells[cell];
    const [top, tall] = state.labelled.has(cell) ? [LABEL, 1 - LABEL] : [0, 1];
    const small = tall < 1 ? size * 0.9 : size;
    for (const value of list) {
      const k = value - 1;
      const key = `${cell}:${value}`;
      const kind = gone.has(key) ? " gone" : hot.has(key) ? " hot" : "";
      group.append(svgNode("text", {
        class: `candidate${kind}`, "font-size": small.toFixed(2),
        x: x(c + ((k % side) + 0.5) / side),
        y: y(r + top + (tall * (Math.floor(k / side) + 0.5)) / side) + small * 0.36,
        "data-cell": d.names[cell],
      }, symbolOf(value)));
    }
  });
}

// Corner marks go round the cell, centre marks across its middle.
const CORNERS = [[0, 0], [2, 0], [0, 2], [2, 2], [1, 0], [1, 2], [0, 1], [2, 1], [1, 1]];

function drawNotes(group, values) {
  const d = state.drawing;
  const size = d.cell * 0.24;
  state.play.centre.forEach((list, cell) => {
    if (values[cell] || !list.length) return;
    const [r, c] = d.cells[cell];
    const words = list.map(symbolOf).join("");
    group.append(svgNode("text", {
      class: "note-centre", "font-size": Math.min(size, (d.cell * 1.5) / words.length).toFixed(2),
      x: x(c + 0.5), y: y(r + 0.5) + size * 0.36, "data-cell": d.names[cell],
    }, words));
  });
  state.play.corner.forEach((list, cell) => {
    if (values[cell] || !list.length) return;
    const [r, c] = d.cells[cell];
    list.forEach((value, k) => {
      const [across, down] = CORNERS[k % CORNERS.length];
      group.append(svgNode("text", {
        class: "note-corner", "font-size": size.toFixed(2),
        x: x(c + 0.18 + across * 0.32), y: y(r + 0.18 + down * 0.32) + size * 0.36,
        "data-cell": d.names[cell],
      }, symbolOf(value)));
    });
  });
}

// Cells for screen readers: a row of grid cells each, named by what they hold.
function drawCells(group, values) {
  const d = state.drawing;
  const rows = new Map();
  d.cells.forEach(([r, c], cell) => {
    if (!rows.has(r)) {
      rows.set(r, svgNode("g", { role: "row" }));
      group.append(rows.get(r));
    }
    rows.get(r).append(svgNode("rect", {
      id: `cell-${cell}`, role: "gridcell", "aria-label": labelOf(cell, values),
      "data-cell": d.names[cell], x: x(c), y: y(r), width: d.cell, height: d.cell,
    }));
  });
  grid.setAttribute("aria-activedescendant", `cell-${state.cursor}`);
}

function labelOf(cell, values) {
  const [r, c] = state.drawing.cells[cell];
  const value = values[cell];
  const words = [`row ${r + 1}`, `column ${c + 1}`];
  if (!value) words.push("empty");
  else if (state.givens[cell]) words.push(`given ${symbolOf(value)}`);
  else if (!state.walk && state.play.entries[cell]) words.push(`entry ${symbolOf(value)}`);
  else words.push(`solution ${symbolOf(value)}`);
  if (state.clashes.has(cell)) words.push(`clash in ${state.clashes.get(cell)}`);
  if (state.marks.get(cell) === "wrong") words.push("wrong");
  if (!value && !state.walk) {
    const { centre, corner } = state.play;
    if (centre[cell].length) words.push(`centre marks ${centre[cell].map(symbolOf).join(" ")}`);
    if (corner[cell].length) words.push(`corner marks ${corner[cell].map(symbolOf).join(" ")}`);
  }
  return words.join(", ");
}

export function cellIndex() {
  const index = new Map();
  state.drawing.names.forEach((name, i) => index.set(name, i));
  return index;
}

export function peers() {
  if (!state.peers) {
    state.peers = state.givens.map(() => new Set());
    for (const unit of state.drawing.units) {
      for (const a of unit.cells) for (const b of unit.cells) if (a !== b) state.peers[a].add(b);
    }
  }
  return state.peers;
}

function areaOf(cell) {
  // The cells of the selected cell's row, column and box (or all its units when it has
  // none of these, as a Kakuro run).
  const units = state.drawing.units.filter((u) => u.cells.includes(cell));
  const named = units.filter((u) => AREA.test(u.name));
  const area = new Set();
  for (const unit of named.length ? named : units) unit.cells.forEach((c) => area.add(c));
  area.delete(cell);
  return area;
}
