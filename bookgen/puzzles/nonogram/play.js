/* Nonograms in the playable edition: paint squares black, or mark them empty with a dot.
 * A click or tap paints (or, in "Mark empty" mode, dots) a square and a second one clears it;
 * a right click dots it. Dragging paints a run: with a mouse at once, with a finger after
 * resting on the square a moment (a finger that moves at once scrolls the page, so large grids
 * scroll on a phone). Keys: arrows move, Space or Enter paints, X or . dots, Backspace or
 * Delete clears. A clue turns grey once its line shows its runs. Hints (from Python) paint or
 * dot the squares of one step of the grader's path. Registers itself with the player's frame
 * (bookgen/html/frame.js). */
(function (frame) {
  "use strict";

  var el = frame.el, button = frame.button, spoken = frame.spoken, t = frame.t;
  var EMPTY = 0, BLACK = 1, DOT = 2;
  var HOLD = 350;  // ms a finger rests on a square before its moves paint instead of scrolling

  function runsOf(values) {
    var found = [], run = 0;
    values.forEach(function (v) {
      if (v === BLACK) run += 1;
      else if (run) { found.push(run); run = 0; }
    });
    if (run) found.push(run);
    return found;
  }

  function nonogramGame(board, record, page) {
    var puzzle = record.puzzle, rows = puzzle.rows, cols = puzzle.cols;
    var answer = record.solution && record.solution.grid;
    var cells = [], states = [], marks = {}, dotting = false;
    var grid = el("div", "nonogram");
    grid.style.setProperty("--cols", cols);
    grid.style.setProperty("--rows", rows);
    grid.style.setProperty("--depth", Math.max.apply(null, puzzle.col_clues.map(function (c) { return Math.max(1, c.length); })));
    grid.style.setProperty("--width", Math.max.apply(null, puzzle.row_clues.map(function (c) {
      return (c.length ? c : [0]).reduce(function (sum, n) { return sum + String(n).length + 0.6; }, 0);
    })));
    grid.setAttribute("role", "group");
    grid.setAttribute("aria-label", t("Picture grid"));
    var corner = grid.appendChild(el("div", "corner"));
    var colClues = puzzle.col_clues.map(function (clue, c) {
      var node = el("div", "clue column" + ((c + 1) % 5 === 0 && c < cols - 1 ? " guide" : ""));
      node.setAttribute("aria-hidden", "true");
      (clue.length ? clue : [0]).forEach(function (n) { node.appendChild(el("span", "", String(n))); });
      grid.appendChild(node);
      return node;
    });
    var rowClues = [];
    for (var r = 0; r < rows; r++) {
      var clueNode = el("div", "clue row" + ((r + 1) % 5 === 0 && r < rows - 1 ? " guide" : ""));
      clueNode.setAttribute("aria-hidden", "true");
      (puzzle.row_clues[r].length ? puzzle.row_clues[r] : [0]).forEach(function (n) { clueNode.appendChild(el("span", "", String(n))); });
      grid.appendChild(clueNode);
      rowClues.push(clueNode);
      cells.push([]);
      states.push([]);
      for (var c = 0; c < cols; c++) {
        var cell = button("cell", "");
        cell.dataset.nav = "";
        cell.dataset.row = r;
        cell.dataset.col = c;
        if ((c + 1) % 5 === 0 || c === cols - 1) cell.classList.add("guide-right");  // the last: the grid's edge
        if ((r + 1) % 5 === 0 || r === rows - 1) cell.classList.add("guide-below");
        cell.appendChild(spoken(""));
        grid.appendChild(cell);
        cells[r].push(cell);
        states[r].push(EMPTY);
      }
    }
    board.appendChild(grid);
    /* a grid wider than a phone scrolls in a box of its own (down too, a 30x30 on a laptop), its
     * row clues staying at the left, where the cue starts beside them */
    frame.scrollView(grid, corner).classList.add("nonogram-scroll");

    var modeButton = button("mode", t("Mark empty"));
    modeButton.setAttribute("aria-pressed", "false");
    modeButton.addEventListener("click", function () { setDotting(!dotting); });
    board.appendChild(modeButton);
    function setDotting(on) {
      dotting = on;
      modeButton.setAttribute("aria-pressed", on ? "true" : "false");
      grid.classList.toggle("dotting", on);
      page.say(on ? t("Taps now mark squares empty.") : t("Taps now paint squares black."));
    }
    var rove = frame.roving(grid);

    function lineOf(r, c, across) {
      var out = [];
      for (var i = 0; i < (across ? cols : rows); i++) out.push(across ? states[r][i] : states[i][c]);
      return out;
    }
    function clueDone(clue, values) { return runsOf(values).join(" ") === clue.join(" "); }
    function name(r, c) {
      var state = states[r][c];
      var what = state === BLACK ? t("black") : state === DOT ? t("marked empty") : t("blank");
      return t("Row {row}, column {column}", { row: r + 1, column: c + 1 }) + ", " + what;
    }
    function paint() {
      for (var r = 0; r < rows; r++) {
        for (var c = 0; c < cols; c++) {
          var cell = cells[r][c], state = states[r][c], wrong = marks[r + "," + c] === state && state !== EMPTY;
          cell.classList.toggle("black", state === BLACK);
          cell.classList.toggle("dot", state === DOT);
          cell.classList.toggle("wrong", wrong);
          if (wrong) cell.setAttribute("aria-invalid", "true"); else cell.removeAttribute("aria-invalid");
          cell.firstChild.textContent = name(r, c);
        }
        rowClues[r].classList.toggle("done", clueDone(puzzle.row_clues[r], lineOf(r, 0, true)));
      }
      for (var j = 0; j < cols; j++) colClues[j].classList.toggle("done", clueDone(puzzle.col_clues[j], lineOf(0, j, false)));
    }
    function set(r, c, state) {
      if (states[r][c] === state) return false;
      states[r][c] = state;
      return true;
    }

    /* A stroke: the state its first square takes is given to every square it crosses in that
     * square's row or column (the line fixed by its first move). */
    var stroke = null, swallowClick = false;
    function cellAt(point) {
      var under = document.elementFromPoint(point.clientX, point.clientY);
      var cell = under && under.closest("button.cell");
      return cell && grid.contains(cell) ? cell : null;
    }
    function target(r, c, dot) {
      var want = dot ? DOT : BLACK;
      return states[r][c] === want ? EMPTY : want;
    }
    function reach(point) {
      var cell = cellAt(point);
      if (!cell) return;
      var r = +cell.dataset.row, c = +cell.dataset.col, from = stroke.from;
      if (!stroke.axis && (r !== from[0] || c !== from[1])) stroke.axis = r === from[0] ? "row" : "col";
      if (stroke.axis === "row") r = from[0];
      if (stroke.axis === "col") c = from[1];
      var changed = false;
      for (var i = Math.min(from[0], r); i <= Math.max(from[0], r); i++) {
        for (var j = Math.min(from[1], c); j <= Math.max(from[1], c); j++) {
          if (set(i, j, stroke.state)) changed = true;
        }
      }
      stroke.at = [r, c];
      if (changed) { stroke.moved = true; paint(); }
    }
    var scroller = frame.edgeScroller(grid, function (point) { if (stroke && stroke.armed) reach(point); });
    grid.addEventListener("pointerdown", function (event) {
      var cell = event.target.closest("button.cell");
      if (!cell || (event.button !== undefined && event.button !== 0 && event.button !== 2)) return;
      var r = +cell.dataset.row, c = +cell.dataset.col;
      stroke = { id: event.pointerId, from: [r, c], at: [r, c], axis: null, x: event.clientX, y: event.clientY,
                 state: target(r, c, dotting || event.button === 2), armed: event.pointerType === "mouse",
                 moved: false, timer: null, right: event.button === 2 };
      try { cell.releasePointerCapture(event.pointerId); } catch { /* not captured */ }
      if (!stroke.armed) {
        stroke.timer = setTimeout(function () { if (stroke) { stroke.armed = true; cell.classList.add("held"); } }, HOLD);
      }
      if (stroke.right) {  // a right click dots at once; the context menu stays shut
        set(r, c, stroke.state);
        stroke.moved = true;
        paint();
      }
    });
    document.addEventListener("pointermove", function (event) {
      if (!stroke || event.pointerId !== stroke.id) return;
      if (event.pointerType === "mouse" && !event.buttons) { endStroke(event); return; }
      if (!stroke.armed) {  // a finger that moves before it has rested scrolls the page
        if (Math.abs(event.clientX - stroke.x) + Math.abs(event.clientY - stroke.y) >= 8) dropStroke();
        return;
      }
      reach(event);
      scroller.move(event);
    });
    grid.addEventListener("touchmove", function (event) {
      if (stroke && stroke.armed) event.preventDefault();
    }, { passive: false });
    grid.addEventListener("contextmenu", function (event) {
      if (event.target.closest("button.cell")) event.preventDefault();
    });
    function dropStroke() {
      if (!stroke) return;
      clearTimeout(stroke.timer);
      grid.querySelectorAll(".held").forEach(function (node) { node.classList.remove("held"); });
      stroke = null;
      scroller.stop();
    }
    function endStroke(event) {
      if (!stroke || event.pointerId !== stroke.id) return;
      var done = stroke;
      dropStroke();
      if (done.moved) {
        swallowClick = true;  // the click that ends a stroke is not a tap
        setTimeout(function () { swallowClick = false; }, 0);
        page.changed(done.at);
      }
    }
    document.addEventListener("pointerup", endStroke);
    document.addEventListener("pointercancel", function (event) { if (stroke && event.pointerId === stroke.id) dropStroke(); });
    grid.addEventListener("click", function (event) {
      if (swallowClick) { swallowClick = false; return; }
      var cell = event.target.closest("button.cell");
      if (!cell) return;
      var r = +cell.dataset.row, c = +cell.dataset.col;
      set(r, c, target(r, c, dotting));
      paint();
      page.changed([r, c]);
    });
    grid.addEventListener("keydown", function (event) {
      var cell = event.target.closest("button.cell");
      if (!cell || event.altKey || event.ctrlKey || event.metaKey) return;
      if (frame.moveFocus(grid, cell, event.key)) { event.preventDefault(); return; }
      var r = +cell.dataset.row, c = +cell.dataset.col, key = event.key, state;
      if (key === " " || key === "Enter") state = target(r, c, false);
      else if (key === "x" || key === "X" || key === ".") state = target(r, c, true);
      else if (key === "Backspace" || key === "Delete" || key === "0") state = EMPTY;
      else return;
      event.preventDefault();
      if (set(r, c, state)) { paint(); page.changed([r, c]); }
    });
    frame.keyHelp(el("li", "", t("Nonogram: Space paints a square black, X marks it empty, Backspace clears it.")));

    function each(fn) {
      for (var r = 0; r < rows; r++) for (var c = 0; c < cols; c++) fn(r, c);
    }
    function wrongAt(r, c) {
      if (!answer) return false;
      return (states[r][c] === BLACK && !answer[r][c]) || (states[r][c] === DOT && answer[r][c] === 1);
    }
    function solved() {
      for (var r = 0; r < rows; r++) if (!clueDone(puzzle.row_clues[r], lineOf(r, 0, true))) return false;
      for (var c = 0; c < cols; c++) if (!clueDone(puzzle.col_clues[c], lineOf(0, c, false))) return false;
      return true;
    }
    paint();

    return {
      state: function () { return states.map(function (row) { return row.join(""); }); },
      restore: function (state) {
        each(function (r, c) {
          var v = Array.isArray(state) && typeof state[r] === "string" ? +state[r].charAt(c) : EMPTY;
          states[r][c] = v === BLACK || v === DOT ? v : EMPTY;
        });
        paint();
      },
      check: function () {
        var wrong = 0, empty = 0;
        marks = {};
        each(function (r, c) {
          if (wrongAt(r, c)) { marks[r + "," + c] = states[r][c]; wrong += 1; }
          else if (answer && answer[r][c] && states[r][c] !== BLACK) empty += 1;
        });
        paint();
        return { wrong: wrong, empty: empty };
      },
      solved: solved,
      reveal: function () {
        if (!answer) return false;
        each(function (r, c) { states[r][c] = answer[r][c] ? BLACK : EMPTY; });
        paint();
        return true;
      },
      reset: function () { each(function (r, c) { states[r][c] = EMPTY; }); setDotting(false); paint(); rove(); },
      clearMarks: function () { marks = {}; paint(); },
      cancel: function () { if (!dotting) return false; setDotting(false); return true; },
      /* a hint is done when its squares show its colour (a white one dotted), or the picture is;
       none is given while a square differs from the answer */
      hintState: function (hint) {
        if (solved()) return "done";
        var wrong = 0;
        each(function (r, c) { if (wrongAt(r, c)) wrong += 1; });
        // Translators: a hint refused while a painted or dotted square differs from the answer
        if (wrong) return t("Check first: a square on the board is wrong.");
        var state = "done";
        hint.cells.forEach(function (at) {
          var now = states[at[0]] && states[at[0]][at[1]];
          var right = hint.value ? now === BLACK : now === DOT;
          if (!right && state === "done") state = "open";
        });
        return state;
      },
      giveHint: function (hint) {
        var nodes = hint.cells.map(function (at) {
          states[at[0]][at[1]] = hint.value ? BLACK : DOT;
          return cells[at[0]][at[1]];
        });
        paint();
        return nodes;
      }
    };
  }

  frame.register("nonogram", nonogramGame);
})(window.bookgenFrame);
