/* Numbrix and Hidato in the playable edition: build the path by tapping squares, counting on from
 * the square tapped (Hidato's path may also step diagonally). Registers both with the player's
 * frame (bookgen/html/frame.js), whose helpers it takes by name. */
(function (frame) {
  "use strict";

  var el = frame.el, button = frame.button, spoken = frame.spoken, noteBook = frame.noteBook,
    notesNode = frame.notesNode, numberPad = frame.numberPad, moveFocus = frame.moveFocus, roving = frame.roving;
  var WRONG_NUMBER = frame.WRONG_NUMBER;
  var t = frame.t, tn = frame.tn;  /* the page's words (frame.js) */
  var MISSING_RUNS = 12;  // runs of missing numbers listed in full; beyond, the count and the first ones

  /* "3, 5 and 8" */
  function listed(numbers) {
    if (numbers.length === 1) return String(numbers[0]);
    return t("{numbers} and {last}", { numbers: numbers.slice(0, -1).join(", "), last: numbers[numbers.length - 1] });
  }

  function chainGame(board, record, page, diagonal) {
    var givenGrid = record.puzzle.grid;
    var answer = record.solution && record.solution.grid;
    var rows = givenGrid.length, cols = givenGrid[0].length;
    var cells = [], entries = [], max = 0;
    var anchor = null, current = null, direction = 1, typing = null;  // anchor: the number tapped
    var picked = null;   // [r, c]: the square that digits (keyboard or pad) go into
    var marks = {};      // "r,c" -> the entry that Check found wrong there

    var bar = el("div", "bar");
    var next = el("span", "next");
    var turn = button("direction");
    bar.appendChild(next);
    bar.appendChild(turn);
    var missing = el("p", "missing");    // the numbers not yet on the board
    var breaks = el("p", "breaks");      // rule breaks, found from the rules alone
    var grid = el("div", "grid numbrix");
    grid.style.setProperty("--cols", cols);
    grid.style.setProperty("--rows", rows);
    board.appendChild(grid);
    frame.scrollView(grid);  // a grid wider than a phone scrolls in a box of its own
    board.appendChild(bar);  // below the grid, so Tab reaches the squares first
    board.appendChild(missing);
    board.appendChild(breaks);

    for (var r = 0; r < rows; r++) {
      cells.push([]);
      entries.push([]);
      for (var c = 0; c < cols; c++) {
        entries[r].push(0);
        if (givenGrid[r][c] === null) {
          cells[r].push(null);
          grid.appendChild(el("span", "cell void"));
          continue;
        }
        max += 1;
        var cell = button("cell" + (givenGrid[r][c] ? " given" : ""));
        cell.dataset.nav = "";
        cell.dataset.row = r;
        cell.dataset.col = c;
        /* parts updated in place, never replaced: a click whose press began on a part that
         * vanished would be lost */
        cell.appendChild(spoken(t("Row {row}, column {column}: ", { row: r + 1, column: c + 1 })));
        cell.appendChild(el("span", "v"));
        cell.appendChild(spoken(""));
        cell.appendChild(notesNode([]));
        cells[r].push(cell);
        grid.appendChild(cell);
      }
    }
    /* the links between consecutive numbers that touch, drawn across the shared border (an SVG
     * in square units; the HTML parser gives it its namespace) */
    grid.insertAdjacentHTML("beforeend", '<svg class="links" aria-hidden="true" preserveAspectRatio="none" viewBox="0 0 ' +
      cols + " " + rows + '"></svg>');
    var links = grid.lastChild;
    var notes = noteBook(max);
    grid.classList.toggle("three-digits", max >= 100);  // smaller type in larger squares (play.css)

    /* The number pad, shown on touch screens: any number into the picked square. */
    numberPad(board, "pad", function (digit) {
      if (!picked) { page.say(t("Tap a square first, then a number.")); return; }
      if (digit === null) erase(picked[0], picked[1]); else typeDigit(picked[0], picked[1], digit);
    });

    function valueAt(r, c) { return givenGrid[r][c] || entries[r][c]; }
    function each(fn) {
      for (var r = 0; r < rows; r++) for (var c = 0; c < cols; c++) if (cells[r][c]) fn(r, c, cells[r][c]);
    }
    function where(number) {
      var found = null;
      each(function (r, c) { if (!found && valueAt(r, c) === number) found = [r, c]; });
      return found;
    }
    function touching(a, b) {
      var dr = Math.abs(a[0] - b[0]), dc = Math.abs(a[1] - b[1]);
      return diagonal ? Math.max(dr, dc) === 1 : dr + dc === 1;
    }
    /* Follow placed numbers in the counting direction: the next number to place is after the run. */
    function runEnd(number) {
      while (number + direction >= 1 && number + direction <= max && where(number + direction)) number += direction;
      return number;
    }

    function steps(a, b) {
      var dr = Math.abs(a[0] - b[0]), dc = Math.abs(a[1] - b[1]);
      return diagonal ? Math.max(dr, dc) : dr + dc;
    }
    /* Rule breaks, from the rules alone (never the stored answer): two numbers further apart on
     * the board than the count between them allows. Checking each pair of numbers next in order
     * on the board is enough: if any two are too far apart, so are two of the numbers between. */
    function farApart(at) {
      var placed = Object.keys(at).map(Number).sort(function (a, b) { return a - b; }), found = [];
      for (var i = 1; i < placed.length; i++) {
        var low = placed[i - 1], high = placed[i];
        if (steps(at[low], at[high]) > high - low) found.push([low, high]);
      }
      return found;
    }
    var reach = max >= 100 ? 0.07 : 0.12;  // how far a link reaches into each square: short beside three digits
    function drawLinks(at) {
      links.innerHTML = Object.keys(at).map(function (key) {
        var v = +key, a = at[v], b = at[v + 1];
        if (!b || !touching(a, b)) return "";
        var x1 = a[1] + 0.5, y1 = a[0] + 0.5, dx = b[1] - a[1], dy = b[0] - a[0];
        return '<line x1="' + (x1 + dx * (0.5 - reach)) + '" y1="' + (y1 + dy * (0.5 - reach)) + '" x2="' +
          (x1 + dx * (0.5 + reach)) + '" y2="' + (y1 + dy * (0.5 + reach)) + '"></line>';
      }).join("");
    }
    /* "3, 5–9, 12": the numbers still to place, runs joined; a long list says how many and
     * shows its start. */
    function missingText(at) {
      var parts = [], start = null, count = 0;
      for (var v = 1; v <= max + 1; v++) {
        var gone = v <= max && !at[v];
        if (gone) count += 1;
        if (gone && start === null) start = v;
        if (!gone && start !== null) {
          parts.push(start === v - 1 ? String(start) : start + (v - 1 === start + 1 ? ", " : "\u2013") + (v - 1));
          start = null;
        }
      }
      if (parts.length <= MISSING_RUNS) return parts.join(", ");
      return tn("{count} number: {list}, \u2026", "{count} numbers: {list}, \u2026", count,
        { count: count, list: parts.slice(0, MISSING_RUNS).join(", ") });
    }

    function show() {
      var at = current === null ? null : where(current);
      var goal = current === null ? null : current + direction, empty = 0, count = {}, spot = {};
      each(function (r, c) {
        var v = valueAt(r, c);
        if (v) { count[v] = (count[v] || 0) + 1; spot[v] = [r, c]; }
      });
      var apart = farApart(spot), tooFar = {};
      apart.forEach(function (pair) {
        tooFar[pair[0]] = (tooFar[pair[0]] || []).concat([pair[1]]);
        tooFar[pair[1]] = (tooFar[pair[1]] || []).concat([pair[0]]);
      });
      each(function (r, c, cell) {
        var value = valueAt(r, c), given = !!givenGrid[r][c], key = r + "," + c;
        var clash = !!value && count[value] > 1;
        var far = !!value && !given && !clash && tooFar[value];
        var wrong = !given && !!value && marks[key] === value;
        var pencil = value ? [] : notes.list(key);
        if (!value) empty += 1;
        var parts = cell.children;
        parts[1].textContent = value ? String(value) : "";
        parts[2].textContent = (value ? (given ? t(", given") : "") : t("empty")) +
          (pencil.length ? t(", notes {notes}", { notes: pencil.join(" ") }) : "") +
          (clash ? t(", {number} is on the board more than once", { number: value }) : "") +
          (far ? t(", too far from {numbers}", { numbers: listed(far) }) : "") + (wrong ? t(", marked wrong") : "");
        parts[3].textContent = pencil.join(" ");
        parts[3].hidden = !pencil.length;
        cell.classList.toggle("current", !!at && at[0] === r && at[1] === c);
        cell.classList.toggle("target", !!at && !value && goal >= 1 && goal <= max && touching(at, [r, c]));
        cell.classList.toggle("wrong", wrong);
        cell.classList.toggle("clash", clash);
        cell.classList.toggle("far", !!far);
        cell.classList.toggle("filled", !!value);
        cell.classList.toggle("picked", !!picked && picked[0] === r && picked[1] === c);
      });
      drawLinks(spot);
      var left = missingText(spot);
      missing.textContent = left ? t("Still to place: {numbers}.", { numbers: left }) : "";
      breaks.textContent = apart.map(function (pair) {
        var gap = pair[1] - pair[0];
        return tn("{first} and {second} are too far apart: {count} step cannot join them.",
          "{first} and {second} are too far apart: {count} steps cannot join them.", gap,
          { first: pair[0], second: pair[1], count: gap });
      }).join(" ");
      next.textContent = "";
      if (!empty) {
        next.textContent = t("Every square is filled.");
      } else if (page.notesMode()) {
        next.textContent = t("Notes: digits pencil in small numbers.");
      } else if (current === null) {
        next.textContent = t("Tap a number to count on from it.");
      } else if (goal < 1 || goal > max) {
        next.textContent = direction > 0 ? t("From {number}: nothing above.", { number: current })
          : t("From {number}: nothing below.", { number: current });
      } else {
        /* "Next: <strong>7</strong>", the number wherever the language puts it */
        t("Next: {number}", { number: "\u0000" }).split("\u0000").forEach(function (text, index) {
          if (index) next.appendChild(el("strong", "", String(goal)));
          if (text) next.appendChild(document.createTextNode(text));
        });
      }
      turn.textContent = direction > 0 ? t("Counting up \u2191") : t("Counting down \u2193");
      turn.setAttribute("aria-pressed", direction < 0 ? "true" : "false");
    }

    function select(number) {
      anchor = number;
      current = number === null ? null : runEnd(number);
      show();
    }

    /* Tapping a number counts on from it; tapping it again turns a given round (count the other
     * way) and takes a placed number back out, leaving the one before it current. In notes mode
     * a tap only picks the square. */
    function tap(r, c) {
      typing = null;
      notes.stop();
      picked = [r, c];
      if (page.notesMode()) { show(); return; }
      var value = valueAt(r, c);
      if (value) {
        if (value !== current && value !== anchor) { select(value); return; }
        if (givenGrid[r][c]) { direction = -direction; select(value); return; }
        entries[r][c] = 0;
        page.changed([r, c]);
        select(where(value - direction) ? value - direction : null);
        return;
      }
      show();
      if (current === null) { page.say(t("Tap a given number first, then the square for the number after it.")); return; }
      var goal = current + direction;
      if (goal < 1 || goal > max) { page.say(t("There is no {number}; tap {current} again or switch direction.", { number: goal, current: current })); return; }
      if (!touching(where(current), [r, c])) {
        page.say(diagonal ? t("{number} must go in a square touching {current}.", { number: goal, current: current })
          : t("{number} must go in a square beside {current}.", { number: goal, current: current }));
        return;
      }
      entries[r][c] = goal;
      page.changed([r, c]);
      select(goal);
    }

    function typeDigit(r, c, digit) {
      if (givenGrid[r][c]) return;
      picked = [r, c];
      if (page.notesMode()) {
        if (!entries[r][c] && notes.type(r + "," + c, digit)) page.changed([r, c]);
        show();
        return;
      }
      var value = typing && typing[0] === r && typing[1] === c ? entries[r][c] * 10 + digit : digit;
      if (value > max) value = digit;
      if (value === 0) return;
      typing = [r, c];
      entries[r][c] = value;
      page.changed([r, c]);
      select(value);
    }

    function erase(r, c) {
      if (givenGrid[r][c]) return;
      typing = null;
      picked = [r, c];
      if (entries[r][c] && !page.notesMode()) {
        entries[r][c] = 0;
        page.changed([r, c]);
        select(anchor !== null && where(anchor) ? anchor : null);
      } else if (notes.erase(r + "," + c)) {
        page.changed([r, c]);
        show();
      }
    }

    /* Drawing: press on a number and move across the squares; each empty square the path enters
     * beside the current number takes the next one, and moving back onto the square before takes
     * out what the stroke placed last. Pointer events serve mouse, pen and finger alike; a finger
     * draws from a square holding a number (those take no scrolling, see play.css) and scrolls
     * from an empty one. */
    var stroke = null, swallowClick = false;
    function cellUnder(point) {
      var under = document.elementFromPoint(point.clientX, point.clientY);
      var cell = under && under.closest("button.cell");
      return cell && grid.contains(cell) ? [+cell.dataset.row, +cell.dataset.col] : null;
    }
    function same(a, b) { return !!a && !!b && a[0] === b[0] && a[1] === b[1]; }
    function enter(r, c) {
      var trail = stroke.trail, last = trail[trail.length - 1];  // the squares the stroke went through
      if (same(trail[trail.length - 2], [r, c])) {
        trail.pop();
        if (stroke.placed.some(function (at) { return same(at, last); })) {
          entries[last[0]][last[1]] = 0;
          page.changed(last);
        }
        select(valueAt(r, c));
        return;
      }
      if (!valueAt(r, c) && current !== null) {
        tap(r, c);
        if (valueAt(r, c)) stroke.placed.push([r, c]);
      }
      if (valueAt(r, c)) trail.push([r, c]);
    }
    grid.addEventListener("pointerdown", function (event) {
      var cell = event.target.closest("button.cell");
      if (!cell || (event.button !== undefined && event.button !== 0) || page.notesMode()) return;
      var r = +cell.dataset.row, c = +cell.dataset.col;
      if (!valueAt(r, c)) return;
      stroke = { id: event.pointerId, from: [r, c], at: [r, c], moved: false, trail: [[r, c]], placed: [] };
      try { cell.releasePointerCapture(event.pointerId); } catch { /* not captured */ }
    });
    /* the squares under a pointer held near an edge change as the board scrolls under it */
    var scroller = frame.edgeScroller(grid, function (point) { if (stroke) follow(point); });
    document.addEventListener("pointermove", function (event) {  // also past the board's edge
      if (!stroke || event.pointerId !== stroke.id) return;
      if (event.pointerType === "mouse" && !event.buttons) { stroke = null; scroller.stop(); return; }  // let go elsewhere
      follow(event);
      scroller.move(event);
    });
    /* the stroke reaches the square under `point` (a pointer event, or its last place) */
    function follow(point) {
      var at = cellUnder(point);
      if (!at || (at[0] === stroke.at[0] && at[1] === stroke.at[1])) return;
      if (!stroke.moved) {
        stroke.moved = true;
        var start = valueAt(stroke.from[0], stroke.from[1]);
        if (start !== current) select(start);
      }
      stroke.at = at;
      enter(at[0], at[1]);
    }
    function endStroke(event) {
      if (!stroke || event.pointerId !== stroke.id) return;
      scroller.stop();
      if (stroke.moved) {
        swallowClick = true;   // the click that ends a stroke is not a tap
        setTimeout(function () { swallowClick = false; }, 0);
      }
      stroke = null;
    }
    document.addEventListener("pointerup", endStroke);  // wherever the stroke ends
    document.addEventListener("pointercancel", endStroke);
    grid.addEventListener("click", function (event) {
      if (swallowClick) { swallowClick = false; return; }
      var cell = event.target.closest("button.cell");
      if (cell) tap(+cell.dataset.row, +cell.dataset.col);
    });
    grid.addEventListener("focusin", function (event) {
      var cell = event.target.closest("button.cell");
      if (!cell) return;
      var r = +cell.dataset.row, c = +cell.dataset.col;
      if (!typing || typing[0] !== r || typing[1] !== c) typing = null;
      notes.stop();
      if (!picked || picked[0] !== r || picked[1] !== c) { picked = [r, c]; show(); }
    });
    grid.addEventListener("keydown", function (event) {
      var cell = event.target.closest("button.cell");
      if (!cell || event.altKey || event.ctrlKey || event.metaKey) return;
      var r = +cell.dataset.row, c = +cell.dataset.col;
      if (moveFocus(grid, cell, event.key)) { typing = null; event.preventDefault(); return; }
      if (/^[0-9]$/.test(event.key)) { typeDigit(r, c, +event.key); event.preventDefault(); return; }
      if (event.key === "Backspace" || event.key === "Delete") { erase(r, c); event.preventDefault(); }
    });
    turn.addEventListener("click", function () {
      direction = -direction;
      select(anchor);
    });
    roving(grid);
    show();

    return {
      notes: true,
      state: function () { return { entries: entries, notes: notes.state() }; },
      restore: function (state) {
        var saved = state.entries;
        if (!Array.isArray(saved) || saved.length !== rows) return;
        each(function (r, c) {
          var v = saved[r] && saved[r][c];
          entries[r][c] = !givenGrid[r][c] && Number.isInteger(v) && v >= 1 && v <= max ? v : 0;
        });
        notes.restore(state.notes, function (key) {
          var at = key.split(",");
          return at.length === 2 && !!(cells[+at[0]] && cells[+at[0]][+at[1]]) && !givenGrid[+at[0]][+at[1]];
        });
        typing = null;
        select(anchor !== null && where(anchor) ? anchor : null);
      },
      /* Wrong: an entry that differs from the one answer; with no stored answer, a number that is
       * on the board twice. */
      check: function () {
        var wrong = 0, empty = 0, count = {};
        marks = {};
        each(function (r, c) { var v = valueAt(r, c); if (v) count[v] = (count[v] || 0) + 1; });
        each(function (r, c) {
          var v = entries[r][c];
          if (!valueAt(r, c)) empty += 1;
          if (!v || givenGrid[r][c]) return;
          if (answer ? v !== answer[r][c] : count[v] > 1) { marks[r + "," + c] = v; wrong += 1; }
        });
        show();
        return { wrong: wrong, empty: empty };
      },
      solved: function () {
        if (!answer) return false;
        var ok = true;
        each(function (r, c) { if (valueAt(r, c) !== answer[r][c]) ok = false; });
        return ok;
      },
      reveal: function () {
        if (!answer) return false;
        each(function (r, c) { if (!givenGrid[r][c]) entries[r][c] = answer[r][c]; });
        select(null);
        return true;
      },
      reset: function () {
        each(function (r, c) { entries[r][c] = 0; });
        notes.clear();
        direction = 1;
        select(null);
      },
      clearMarks: function () { marks = {}; show(); },
      modeChanged: function () { typing = null; notes.stop(); show(); },
      /* Escape: stop counting on from the current number */
      cancel: function () {
        typing = null;
        notes.stop();
        if (current === null) return false;
        select(null);
        return true;
      },
      wrong: function () {
        var wrong = 0;
        if (answer) each(function (r, c) { if (entries[r][c] && !givenGrid[r][c] && entries[r][c] !== answer[r][c]) wrong += 1; });
        return wrong;
      },
      wrongFirst: WRONG_NUMBER,
      hintState: function (hint) {
        var state = "done";
        hint.cells.forEach(function (at) {
          if (!cells[at[0]] || !cells[at[0]][at[1]]) return;
          var v = valueAt(at[0], at[1]);
          if (!v) { if (state === "done") state = "open"; }
          else if (v !== hint.value) state = WRONG_NUMBER;
        });
        if (state === "open" && where(hint.value)) state = WRONG_NUMBER;  // the number stands elsewhere
        return state;
      },
      place: function (at) { return t("Row {row}, column {column}", { row: at[0] + 1, column: at[1] + 1 }); },
      giveHint: function (hint) {
        var nodes = [];
        hint.cells.forEach(function (at) {
          if (!cells[at[0]] || !cells[at[0]][at[1]] || givenGrid[at[0]][at[1]]) return;
          entries[at[0]][at[1]] = hint.value;
          nodes.push(cells[at[0]][at[1]]);
        });
        typing = null;
        select(hint.value);  // count on from the hinted number
        return nodes;
      }
    };
  }

  /* "Numbrix and Hidato: Enter or Space taps a square, counting on from it.", the keys' names
   * set as keys wherever the language puts them */
  var help = el("li");
  var keys = { "\uE000": t("Enter"), "\uE001": t("Space") };
  t("Numbrix and Hidato: {enter} or {space} taps a square, counting on from it.", { enter: "\uE000", space: "\uE001" })
    .split(/([\uE000\uE001])/).forEach(function (part) {
      if (keys[part]) help.appendChild(el("kbd", "", keys[part]));
      else if (part) help.appendChild(document.createTextNode(part));
    });
  frame.keyHelp(help);

  frame.register("numbrix", function (board, record, page) { return chainGame(board, record, page, false); });
  frame.register("hidato", function (board, record, page) { return chainGame(board, record, page, true); });
})(window.bookgenFrame);
