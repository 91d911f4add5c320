// satdoku serve: the page. It asks the server to read and draw the puzzle (POST /api/draw),
// then marks the picture it gets (the SVG of `satdoku solve --format svg`): digits found,
// candidates, the cells and units of a step, the cells where two solutions differ.
"use strict";

(() => {
  const SVG = "http://www.w3.org/2000/svg";
  const GIVEN_INK = "#000";
  const FOUND_INK = "#1a5fb4";
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

  const $ = (id) => document.getElementById(id);
  const grid = $("grid");
  const text = $("text");
  const kindSelect = $("kind");
  const sizeSelect = $("size");
  const boxSelect = $("box");
  const errorLine = $("error");
  const message = $("message");
  const details = $("details");
  const walkBar = $("walk");
  const pad = $("pad");

  const state = {
    drawing: null, // the answer of /api/draw for the text as it is (null: no picture)
    drawnKey: "", // the fields that drawing answered
    givens: [], // a value per cell, 0 for a blank
    found: [], // values found by a solve or a uniqueness check, 0 where none
    marks: new Map(), // cell -> class of its mark ("difference")
    cursor: 0,
    walk: null, // {record, position, states}: an explanation being stepped through
    peers: null,
    drawn: 0, // number of the last /api/draw asked
    asked: 0, // number of the last action asked
    pendingDraw: null,
  };

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
      const note = document.createElement("p");
      note.className = "too-big";
      note.textContent = "No picture of this text: see the message beside it.";
      grid.replaceChildren(note);
      pad.replaceChildren();
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
    state.cursor = Math.min(state.cursor, state.givens.length - 1);
    chooseSize(answer.record.size, answer.record.box);
    picture();
    fillPad();
  }

  function resetResults() {
    state.found = new Array(state.givens.length).fill(0);
    state.marks = new Map();
    state.walk = null;
    walkBar.hidden = true;
    showDetails("");
    say("");
  }

  function picture() {
    const d = state.drawing;
    if (!d) return;
    const svg = new DOMParser().parseFromString(d.svg, "image/svg+xml").documentElement;
    for (const old of svg.querySelectorAll("g.givens, g.founds")) old.remove();
    svg.removeAttribute("width");
    svg.removeAttribute("height");
    svg.setAttribute("aria-hidden", "true");
    const paper = svg.querySelector("rect.paper");
    const marks = svgNode("g", { id: "marks" });
    paper.after(marks);
    svg.append(
      svgNode("g", { id: "candidates", "text-anchor": "middle" }),
      svgNode("g", {
        class: "givens", "font-size": d.digit_size, "font-weight": "bold", fill: GIVEN_INK,
        "text-anchor": "middle",
      }),
      svgNode("g", {
        class: "founds", "font-size": d.digit_size, "font-weight": "normal", fill: FOUND_INK,
        "text-anchor": "middle",
      }),
      svgNode("rect", { class: "cursor", width: d.cell, height: d.cell }),
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
    const values = state.givens.map((v, i) => v || state.found[i] || 0);
    const candidates = state.drawing.candidates;
    return { values, candidates, step: null, showCandidates: $("candidates").checked };
  }

  function render() {
    const d = state.drawing;
    const svg = grid.querySelector("svg");
    if (!d || !svg) return;
    const { values, candidates, step, showCandidates } = view();
    const marks = svg.querySelector("#marks");
    const givens = svg.querySelector("g.givens");
    const founds = svg.querySelector("g.founds");
    const small = svg.querySelector("#candidates");
    for (const group of [marks, givens, founds, small]) group.replaceChildren();

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
    }
    for (const [cell, kind] of state.marks) markCell(cell, kind);

    values.forEach((value, cell) => {
      if (!value) return;
      const [r, c] = d.cells[cell];
      const given = state.givens[cell] !== 0;
      (given ? givens : founds).append(svgNode("text", {
        class: given ? "given" : "found", x: x(c + 0.5), y: y(r + 0.5) + d.digit_size * 0.36,
        "data-cell": d.names[cell],
      }, symbolOf(value)));
    });

    if (showCandidates && candidates) drawCandidates(small, values, candidates, step, index);
    const cursor = svg.querySelector("rect.cursor");
    const [r, c] = d.cells[state.cursor] || [0, 0];
    cursor.setAttribute("x", x(c));
    cursor.setAttribute("y", y(r));
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
    candidates.forEach((list, cell) => {
      if (values[cell] || !list) return;
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

  // ---- typing into the grid ----

  function setGiven(cell, value) {
    const d = state.drawing;
    if (!d.editable) {
      say("This kind is written as text: edit the puzzle text.", true);
      return false;
    }
    state.givens[cell] = value;
    text.value = lineOf(state.givens, d.size);
    resetResults();
    render();
    scheduleDraw(400);
    return true;
  }

  function fillPad() {
    // Buttons for the values (and a blank), for screens without a keyboard.
    const d = state.drawing;
    if (!d.editable) {
      pad.replaceChildren();
      return;
    }
    const press = (value) => () => {
      setGiven(state.cursor, value);
      moveTo(state.cursor);
    };
    const buttons = d.symbols.map((symbol, i) => {
      const button = document.createElement("button");
      button.type = "button";
      button.textContent = symbol;
      button.setAttribute("aria-label", `put ${symbol} in the cell`);
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

  grid.addEventListener("keydown", (event) => {
    const d = state.drawing;
    if (!d || event.ctrlKey || event.metaKey || event.altKey) return;
    const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    const last = d.givens.length - 1;
    let handled = true;
    if (moves[event.key]) step(...moves[event.key]);
    else if (event.key === "Home") moveTo(0);
    else if (event.key === "End") moveTo(last);
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

  function foundFrom(line) {
    const d = state.drawing;
    if (!line) return new Array(d.givens.length).fill(0);
    const values = d.size <= 9 ? [...line].map((ch) => (ch === "." ? 0 : Number(ch)))
      : line.split(",").map(Number);
    return values.map((v, i) => (state.givens[i] ? 0 : v));
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
      const answer = await ask("explain", puzzleFields());
      if (!answer) return;
      if (answer.record.steps) startWalk(answer.record);
      else say(endOfWalk(answer.record), true); // out of time: no steps to walk
    },

    async rate() {
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
      await draw();
      say("An example: try Hint, then Next and Back.");
    },

    async generate() {
      // A new puzzle of the chosen kind and size (POST /api/generate), put in the text box.
      const size = Number(sizeSelect.value) || 9;
      const root = Math.round(Math.sqrt(size));
      const fields = { kind: kindSelect.value, box: boxSelect.value || `${root}x${root}` };
      const number = ++state.asked;
      document.body.setAttribute("aria-busy", "true");
      say("Making a new puzzle...");
      const answer = await post("generate", fields);
      if (number !== state.asked) return;
      document.body.setAttribute("aria-busy", "false");
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
      await draw();
      const rated = r.label ? `, ${r.label}${r.rating ? ` (rating ${r.rating})` : ""}` : "";
      say(`A new puzzle with one solution: ${r.givens} givens${rated}; seed`
        + ` ${r.seed.split(":")[0]}.`);
    },

    async clear() {
      const size = Number(sizeSelect.value) || 9;
      text.value = emptyLine(size);
      await draw();
    },
  };

  async function ask(endpoint, fields) {
    // The answer of an action to draw on the picture, or null when there is none to draw:
    // a problem (shown), or a puzzle without a picture (its answer shown as text).
    if (state.pendingDraw !== null) await draw();
    const number = ++state.asked;
    document.body.setAttribute("aria-busy", "true");
    say("Working...");
    const answer = await post(endpoint, fields);
    if (number !== state.asked) return null;
    document.body.setAttribute("aria-busy", "false");
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

  for (const button of document.querySelectorAll("[data-action]")) {
    button.addEventListener("click", async () => {
      await ACTIONS[button.dataset.action]();
      render();
    });
  }
  $("back").addEventListener("click", () => move(-1));
  $("next").addEventListener("click", () => move(1));
  $("candidates").addEventListener("change", render);
  text.addEventListener("input", () => scheduleDraw());
  kindSelect.addEventListener("change", () => draw());
  boxSelect.addEventListener("change", () => draw());
  sizeSelect.addEventListener("change", () => {
    const size = Number(sizeSelect.value);
    fillBoxes(size, null);
    text.value = emptyLine(size);
    draw();
  });

  sizeSelect.replaceChildren(...SIZES.map((s) => new Option(`${s}x${s}`, String(s))));
  sizeSelect.value = "9";
  fillBoxes(9, null);
  if (!text.value) text.value = emptyLine(9);
  draw();
})();
