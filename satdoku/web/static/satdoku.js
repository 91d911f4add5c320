// satdoku serve: the page. It asks the server to read and draw the puzzle (POST /api/draw),
// then writes on the picture it gets (the SVG of `satdoku solve --format svg`): givens, the
// player's entries and pencil marks, digits found, candidates, clashes, the cells and units
// of a step, the cells where two solutions differ.
"use strict";

(() => {
  const SVG = "http://www.w3.org/2000/svg";
  const SIZES = [4, 6, 8, 9, 10, 12, 16, 25];
  const GENERATED = new Set(["sudoku", "x", "windoku", "jigsaw", "killer"]);
  const AREA = /^(row|column|box|region) /; // the units shaded around the selected cell
  const HISTORY = 1000; // moves that can be undone
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


  const $ = (id) => document.getElementById(id);
  const grid = $("grid");
  const text = $("text");
  const kindSelect = $("kind");
  const sizeSelect = $("size");
  const boxSelect = $("box");
  const playBox = $("play");
  const errorLine = $("error");
  const message = $("message");
  const details = $("details");
  const walkBar = $("walk");
  const pad = $("pad");

  const emptyPlay = (n) => ({
    entries: new Array(n).fill(0), // the player's values, 0 where none
    centre: Array.from({ length: n }, () => []), // pencil marks, sorted
    corner: Array.from({ length: n }, () => []),
  });

  const state = {
    drawing: null, // the answer of /api/draw for the text as it is (null: no picture)
    drawnKey: "", // the fields that drawing answered
    givens: [], // a value per cell, 0 for a blank
    found: [], // values found by a solve or a uniqueness check, 0 where none
    marks: new Map(), // cell -> class of its mark ("difference", "wrong")
    cursor: 0,
    walk: null, // {record, position, states}: an explanation being stepped through
    peers: null,
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
  };

  const playing = () => playBox.checked && state.drawing !== null;

  // ---- talking to the server ----

  async function post(endpoint, fields) {
    let response;
    try {
      response = await fetch(`/api/${endpoint}`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(fields),
      });
    } catch (err) {
      return { ok: false, status: 0, error: `the server does not answer (${err.message})` };
    }
    let record = null;
    try {
      record = await response.json();
    } catch (err) {
      record = { error: `the server's answer is not JSON (HTTP ${response.status})` };
    }
    if (response.ok) return { ok: true, status: response.status, record };
    let error = record && record.error ? record.error : `HTTP ${response.status}`;
    if (response.status === 503) {
      const wait = response.headers.get("Retry-After");
      error = `the server is busy: ${error}${wait ? `; try again in ${wait} s` : ""}`;
    }
    return { ok: false, status: response.status, error };
  }

  function puzzleFields() {
    const fields = { puzzle: text.value, kind: kindSelect.value };
    if (boxSelect.value) fields.box = boxSelect.value;
    return fields;
  }

  // ---- messages ----

  function say(words, problem = false) {
    message.textContent = words;
    message.classList.toggle("problem", problem);
  }

  function showError(words) {
    errorLine.textContent = words;
    text.setAttribute("aria-invalid", words ? "true" : "false");
  }

  function showDetails(lines) {
    details.replaceChildren();
    if (!lines) return;
    const pre = document.createElement("pre");
    pre.textContent = lines;
    details.append(pre);
  }

  function busy(on) {
    document.body.setAttribute("aria-busy", on ? "true" : "false");
  }

  // ---- reading and drawing the puzzle ----

  function scheduleDraw(delay = 250) {
    clearTimeout(state.pendingDraw);
    state.pendingDraw = setTimeout(draw, delay);
  }

  const keyOf = (fields) => JSON.stringify([fields.puzzle, fields.kind, fields.box || ""]);

  async function draw() {
    clearTimeout(state.pendingDraw);
    state.pendingDraw = null;
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
    const same = state.drawing && state.drawing.line === answer.record.line &&
      state.drawing.kind === answer.record.kind && state.drawing.box === answer.record.box;
    state.drawing = answer.record;
    state.drawnKey = keyOf(fields);
    state.givens = answer.record.givens.slice();
    state.peers = null;
    if (!same) resetResults();
    if (state.playKey !== state.drawnKey) startPlay(state.drawnKey);
    state.cursor = Math.min(state.cursor, state.givens.length - 1);
    state.clashes = findClashes();
    chooseSize(answer.record.size, answer.record.box);
    picture();
    fillPad();
    showPlayTools();
    saveFragment();
  }

  function resetResults() {
    state.found = new Array(state.givens.length).fill(0);
    state.marks = new Map();
    state.walk = null;
    walkBar.hidden = true;
    showDetails("");
    say("");
  }

  function puzzleChanged() {
    // The text, kind or box changed: answers about the puzzle before are stale.
    state.asked++;
    busy(false);
    resetResults();
    render();
  }

  function picture() {
    const d = state.drawing;
    if (!d) return;
    const svg = new DOMParser().parseFromString(d.svg, "image/svg+xml").documentElement;
    for (const old of svg.querySelectorAll("g.givens, g.founds")) old.remove();
    svg.removeAttribute("width");
    svg.removeAttribute("height");
    svg.removeAttribute("role");
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
    render();
  }

  function svgNode(name, attributes = {}, words = null) {
    const node = document.createElementNS(SVG, name);
    for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
    if (words !== null) node.textContent = words;
    return node;
  }

  const x = (col) => state.drawing.margin + col * state.drawing.cell;
  const y = (row) => state.drawing.margin + row * state.drawing.cell;

  function symbolOf(value) {
    return state.drawing.symbols[value - 1] || String(value);
  }

  // What the grid shows now: values, candidates and the marks of the step in view.
  function view() {
    const w = state.walk;
    if (w) {
      const at = w.states[w.position];
      const step = w.record.steps[w.position] || null;
      return { values: at.values, candidates: at.candidates, step, showCandidates: true };
    }
    const entries = state.play.entries;
    const values = state.givens.map((v, i) => v || entries[i] || state.found[i] || 0);
    const candidates = state.drawing.candidates;
    return { values, candidates, step: null, showCandidates: $("candidates").checked };
  }

  function render() {
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
      for (const value of list) {
        const k = value - 1;
        const key = `${cell}:${value}`;
        const kind = gone.has(key) ? " gone" : hot.has(key) ? " hot" : "";
        group.append(svgNode("text", {
          class: `candidate${kind}`, "font-size": size.toFixed(2),
          x: x(c + ((k % side) + 0.5) / side),
          y: y(r + (Math.floor(k / side) + 0.5) / side) + size * 0.36,
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

  function cellIndex() {
    const index = new Map();
    state.drawing.names.forEach((name, i) => index.set(name, i));
    return index;
  }

  function peers() {
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

  // ---- size and box ----

  function boxShapes(size) {
    const shapes = [];
    for (let r = 2; r < size; r++) if (size % r === 0) shapes.push(`${r}x${size / r}`);
    return shapes;
  }

  function fillBoxes(size, chosen) {
    const shapes = boxShapes(size);
    const square = Math.round(Math.sqrt(size)) ** 2 === size;
    const options = [["", square || !shapes.length ? "auto" : "choose"], ...shapes.map((s) => [s, s])];
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

  function emptyLine(size) {
    return size <= 9 ? ".".repeat(size * size) : new Array(size * size).fill("0").join(",");
  }

  function lineOf(values, size) {
    return size <= 9 ? values.map((v) => (v ? String(v) : ".")).join("") : values.join(",");
  }

  // ---- typing givens into the grid ----

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

  function fillPad() {
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

  function moveTo(cell) {
    state.cursor = cell;
    render();
    const value = view().values[cell];
    $("cell").textContent = `${state.drawing.names[cell]}: ${value ? symbolOf(value) : "blank"}`;
  }

  function step(dr, dc) {
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

  // ---- play: entries, pencil marks, undo ----

  function startPlay(key) {
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

  function undo(back = true) {
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

  function write(cell, value, pen) {
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

  function clearCell(cell) {
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

  function findClashes() {
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

  async function checkEntries() {
    const d = state.drawing;
    if (!d) return;
    if (state.pendingDraw !== null) await draw();
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

  function runTimer() {
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

  function showTime() {
    $("timer").textContent = clock(elapsed());
    if (state.timer.since !== null) sessionStorage.setItem(timeKey(), String(elapsed()));
  }

  // ---- the address: the puzzle and its entries, for reloading and sharing ----

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

  function saveFragment() {
    if (!state.drawing) return;
    state.fragment = addressOf(true, playBox.checked);
    history.replaceState(null, "", `#${state.fragment}`);
  }

  function restoreFragment() {
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

  async function share() {
    if (state.pendingDraw !== null) await draw();
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

  // ---- keys ----

  grid.addEventListener("keydown", (event) => {
    const d = state.drawing;
    if (!d || event.ctrlKey || event.metaKey || event.altKey) return;
    const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    const last = d.givens.length - 1;
    let handled = true;
    if (moves[event.key]) step(...moves[event.key]);
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
  });

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

  document.addEventListener("keydown", (event) => {
    // Ctrl+Z undoes and Ctrl+Y (or Ctrl+Shift+Z) redoes a move, but in a text field.
    if (!(event.ctrlKey || event.metaKey) || event.altKey) return;
    if (event.target.matches("textarea, input[type=text], input[type=number]")) return;
    const key = event.key.toLowerCase();
    if (key === "z" && !event.shiftKey) undo(true);
    else if (key === "y" || key === "z") undo(false);
    else return;
    event.preventDefault();
  });

  grid.addEventListener("click", (event) => pick(event));

  function pick(event) {
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

  // ---- actions ----

  function valuesOf(line) {
    const d = state.drawing;
    return d.size <= 9 ? [...line].map((ch) => (ch === "." ? 0 : Number(ch)))
      : line.split(",").map(Number);
  }

  function foundFrom(line) {
    if (!line) return new Array(state.drawing.givens.length).fill(0);
    return valuesOf(line).map((v, i) => (state.givens[i] ? 0 : v));
  }

  async function withLogic(what) {
    // Whether the step-by-step logic reads this kind; if not, says so.
    if (state.pendingDraw !== null) await draw();
    const d = state.drawing;
    if (!d || d.candidates) return true;
    const kind = kindSelect.selectedOptions[0].textContent;
    say(`No ${what} for ${kind} puzzles: the step-by-step logic reads puzzles of all-different`
      + " units only, not sums.", true);
    return false;
  }

  const ACTIONS = {
    async solve() {
      const answer = await ask("solve", puzzleFields());
      if (!answer) return;
      const r = answer.record;
      state.found = foundFrom(r.solution);
      if (r.status === "solved") say("Solved.");
      else if (r.status === "no_solution") say(`No solution: ${r.reason}.`, true);
      else say(`No answer: ${r.reason}.`, true);
    },

    async unique() {
      const answer = await ask("unique", puzzleFields());
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
      const fields = puzzleFields();
      if (Number.isInteger(limit) && limit > 0) fields.limit = limit;
      const answer = await ask("count", fields);
      if (!answer) return;
      const r = answer.record;
      const more = r.complete ? "" : ` or more (stopped by the ${r.stopped})`;
      const plural = r.count === 1 ? "solution" : "solutions";
      say(`${r.status}: ${r.count}${more} ${plural}.`, r.status !== "unique");
    },

    async hint() {
      if (state.walk) return move(1);
      if (!(await withLogic("hints"))) return;
      const answer = await ask("explain", puzzleFields());
      if (!answer) return;
      if (answer.record.steps) startWalk(answer.record);
      else say(endOfWalk(answer.record), true); // out of time: no steps to walk
    },

    async rate() {
      if (!(await withLogic("rating"))) return;
      const answer = await ask("rate", puzzleFields());
      if (!answer) return;
      const r = answer.record;
      if (r.status === "solved") {
        say(`Rating ${r.score} (${r.label}): the hardest technique is ${r.hardest};`
          + ` ${r.steps} steps.`);
      } else if (r.status === "needs_search") {
        say(`The techniques get stuck after ${r.steps} steps: this puzzle needs search.`, true);
      } else say(`${r.status}: ${r.reason || ""}`, true);
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

  async function ask(endpoint, fields) {
    // The answer of an action to draw on the picture, or null when there is none to draw:
    // a problem (shown), or a puzzle without a picture (its answer shown as text).
    if (state.pendingDraw !== null) {
      await draw();
      fields = puzzleFields();
    }
    const number = ++state.asked;
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

  // ---- stepping through an explanation ----

  function startWalk(record) {
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

  function move(by) {
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

  function endOfWalk(r) {
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

  // ---- wiring ----

  function showPlayTools() {
    $("play-tools").hidden = !playing();
  }

  function offerKind() {
    // New puzzle is offered for the kinds the generator makes.
    $("generate").hidden = !GENERATED.has(kindSelect.value);
  }

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
  $("candidates").addEventListener("change", render);
  playBox.addEventListener("change", () => {
    showPlayTools();
    fillPad();
    runTimer();
    saveFragment();
    say(playBox.checked ? "Play: digits typed are your entries; the givens stay." : "");
  });
  for (const radio of document.querySelectorAll("input[name=pen]")) {
    radio.addEventListener("change", () => {
      state.pen = radio.value;
      fillPad();
    });
  }
  text.addEventListener("input", () => {
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
})();
