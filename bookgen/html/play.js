/* bookgen playable edition: draws each embedded puzzle record and lets it be played.
 *
 * Every puzzle type is one function `(board, record, page) -> game`; a game draws itself into
 * `board` and offers state(), restore(state), check() -> {wrong, empty}, solved(), reveal(),
 * reset() and clearMarks(). The frame around it (buttons, status line, saving progress in
 * localStorage under the puzzle's id) is the same for every type.
 * Values that may be non-integers are exact rationals over BigInt; nothing here calls eval.
 */
(function () {
  "use strict";

  var STORE_PREFIX = "bookgen:";
  var MINUS = "\u2212";

  // --- small helpers ------------------------------------------------------------------------------

  function el(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined && text !== null) node.textContent = text;
    return node;
  }

  var storage = {
    load: function (key) {
      try {
        var text = window.localStorage.getItem(STORE_PREFIX + key);
        return text ? JSON.parse(text) : null;
      } catch (error) {
        return null;
      }
    },
    save: function (key, value) {
      try { window.localStorage.setItem(STORE_PREFIX + key, JSON.stringify(value)); } catch (error) { /* private mode */ }
    },
    remove: function (key) {
      try { window.localStorage.removeItem(STORE_PREFIX + key); } catch (error) { /* private mode */ }
    }
  };

  /* Arrow keys move focus to the nearest focusable cell in that direction, by on-screen position,
   * so one rule serves square grids, shapes with holes and brick-laid pyramids. */
  function moveFocus(board, from, key) {
    var dx = { ArrowLeft: -1, ArrowRight: 1 }[key] || 0;
    var dy = { ArrowUp: -1, ArrowDown: 1 }[key] || 0;
    if (!dx && !dy) return false;
    var a = from.getBoundingClientRect();
    var ax = a.left + a.width / 2, ay = a.top + a.height / 2;
    var best = null, bestScore = Infinity;
    board.querySelectorAll("[data-nav]").forEach(function (node) {
      if (node === from) return;
      var b = node.getBoundingClientRect();
      var along = dx ? (b.left + b.width / 2 - ax) * dx : (b.top + b.height / 2 - ay) * dy;
      var across = dx ? Math.abs(b.top + b.height / 2 - ay) : Math.abs(b.left + b.width / 2 - ax);
      if (along < (dx ? a.width : a.height) / 4) return;          // not in that direction
      var score = along + across * 3;
      if (score < bestScore) { bestScore = score; best = node; }
    });
    if (best) best.focus();
    return true;
  }

  // --- exact numbers ------------------------------------------------------------------------------

  function gcd(a, b) {
    if (a < 0n) a = -a;
    if (b < 0n) b = -b;
    while (b) { var t = a % b; a = b; b = t; }
    return a;
  }

  function rat(n, d) {
    if (d === undefined) d = 1n;
    if (d === 0n) throw new Error("division by zero");
    if (d < 0n) { n = -n; d = -d; }
    var g = gcd(n, d) || 1n;
    return { n: n / g, d: d / g };
  }

  /* The exact value of a number written as Python's Fraction reads it ('12', '-3', '0.75', '-3/4',
   * '.5', '1e3', also with a typographic minus), or null. */
  function parseRational(text) {
    var s = String(text).trim().replace(/\u2212/g, "-").replace(/(\d)_(?=\d)/g, "$1");
    var m = /^([-+]?)(?=\d|\.\d)(\d*)(?:\/(\d+)|(?:\.(\d*))?(?:[eE]([-+]?\d+))?)$/.exec(s);
    if (!m) return null;
    var whole = m[2] || "0", value;
    if (m[3] !== undefined) {
      if (BigInt(m[3]) === 0n) return null;
      value = rat(BigInt(whole), BigInt(m[3]));
    } else {
      var decimals = m[4] || "", shift = BigInt(m[5] || 0) - BigInt(decimals.length);
      value = shift >= 0n ? rat(BigInt(whole + decimals) * 10n ** shift)
        : rat(BigInt(whole + decimals), 10n ** -shift);
    }
    return m[1] === "-" ? rat(-value.n, value.d) : value;
  }

  var R = {
    add: function (a, b) { return rat(a.n * b.d + b.n * a.d, a.d * b.d); },
    sub: function (a, b) { return rat(a.n * b.d - b.n * a.d, a.d * b.d); },
    mul: function (a, b) { return rat(a.n * b.n, a.d * b.d); },
    div: function (a, b) { return rat(a.n * b.d, a.d * b.n); },
    cmp: function (a, b) { var l = a.n * b.d, r = b.n * a.d; return l < r ? -1 : l > r ? 1 : 0; },
    text: function (a) { return (a.n < 0n ? MINUS : "") + (a.n < 0n ? -a.n : a.n) + (a.d === 1n ? "" : "/" + a.d); }
  };

  /* A number as the book prints it: a typographic minus, fractions stacked. */
  function numberNode(text) {
    var span = el("span", "number");
    var s = String(text);
    var negative = s.charAt(0) === "-";
    if (negative) { span.appendChild(el("span", "minus", MINUS)); s = s.slice(1); }
    var slash = s.indexOf("/");
    if (slash < 0) {
      span.appendChild(document.createTextNode(s));
    } else {
      var frac = el("span", "frac");
      frac.appendChild(el("span", "num", s.slice(0, slash)));
      frac.appendChild(el("span", "den", s.slice(slash + 1)));
      span.appendChild(frac);
    }
    span.setAttribute("aria-label", (negative ? "minus " : "") + s.replace("/", " over "));
    return span;
  }

  // --- expressions: a small safe parser, evaluated exactly ----------------------------------------

  var OPERATOR_ALIASES = { "\u00d7": "*", "x": "*", "X": "*", "\u00b7": "*", "\u00f7": "/", ":": "/", "\u2212": "-", "\u2013": "-" };
  var MAX_EXPONENT = 6, MAX_POWER = 1000000n;  // as bookgen.core.exprs

  function tokenize(text) {
    var tokens = [], i = 0;
    while (i < text.length) {
      var c = text.charAt(i);
      if (/\s/.test(c)) { i += 1; continue; }
      var m = /^\d+/.exec(text.slice(i));
      if (m && m[0].length > 1 && m[0].charAt(0) === "0") throw new Error("write " + m[0] + " without its leading zero");
      if (m) { tokens.push({ kind: "number", text: m[0] }); i += m[0].length; continue; }
      if (text.slice(i, i + 2) === "**") { tokens.push({ kind: "^" }); i += 2; continue; }
      c = OPERATOR_ALIASES[c] || c;
      if ("+-*/^()".indexOf(c) >= 0) { tokens.push({ kind: c }); i += 1; continue; }
      throw new Error("\u201c" + text.charAt(i) + "\u201d is not a whole number, an operator or a bracket");
    }
    return tokens;
  }

  function power(base, exponent) {
    if (exponent.d !== 1n || exponent.n < 0n || exponent.n > BigInt(MAX_EXPONENT)) {
      throw new Error("exponents must be whole numbers from 0 to " + MAX_EXPONENT);
    }
    if (base.n === 0n && exponent.n === 0n) throw new Error("0^0 has no value here");
    var result = rat(base.n ** exponent.n, base.d ** exponent.n);
    if ((result.n < 0n ? -result.n : result.n) > MAX_POWER || result.d > MAX_POWER) {
      throw new Error("a power may not exceed " + MAX_POWER);
    }
    return result;
  }

  /* Value of an expression of whole numbers, + - * / ^ (or **) and brackets, with the numbers and
   * operators it used. Grammar: sum := product (('+'|'-') product)*;
   * product := power (('*'|'/') power)*; power := atom ('^' power)?; atom := number | '(' sum ')'.
   * A minus sign must stand between two terms, as in the book. */
  function evaluate(text) {
    var tokens = tokenize(text), position = 0, used = [], operators = {};
    function peek() { return tokens[position] ? tokens[position].kind : null; }
    function take() { operators[tokens[position].kind] = true; return tokens[position++].kind; }
    function atom() {
      var token = tokens[position];
      if (!token) throw new Error("the expression stops too early");
      position += 1;
      if (token.kind === "number") { used.push(token.text); return rat(BigInt(token.text)); }
      if (token.kind === "(") {
        var inner = sum();
        if (peek() !== ")") throw new Error("a bracket is not closed");
        position += 1;
        return inner;
      }
      if (token.kind === "-") throw new Error("a minus sign needs a number before it");
      throw new Error("\u201c" + token.kind + "\u201d cannot stand there");
    }
    function raised() {
      var base = atom();
      if (peek() !== "^") return base;
      take();
      return power(base, raised());
    }
    function product() {
      var value = raised();
      while (peek() === "*" || peek() === "/") {
        var op = take(), right = raised();
        if (op === "/" && right.n === 0n) throw new Error("division by zero");
        value = op === "*" ? R.mul(value, right) : R.div(value, right);
      }
      return value;
    }
    function sum() {
      var value = product();
      while (peek() === "+" || peek() === "-") {
        var op = take(), right = product();
        value = op === "+" ? R.add(value, right) : R.sub(value, right);
      }
      return value;
    }
    if (!tokens.length) throw new Error("type an expression");
    var value = sum();
    if (position < tokens.length) {
      throw new Error(tokens[position].kind === ")" ? "a closing bracket has no opening one"
        : "something is missing between two parts");
    }
    return { value: value, used: used, operators: Object.keys(operators) };
  }

  /* Which given numbers the written ones leave out, and which written ones are not given. */
  function compareNumbers(given, written) {
    var left = given.slice(), extra = [];
    written.forEach(function (text) {
      var at = left.indexOf(text);
      if (at >= 0) left.splice(at, 1); else extra.push(text);
    });
    return { missing: left, extra: extra };
  }

  /* With concatenation allowed: can the written numbers be split among the given ones, each
   * written number being some of them side by side in any order (no leading zero)? */
  function usesJoined(written, given) {
    if (!written.length) return !given.length;
    var first = written[0], rest = written.slice(1);
    var found = false;
    (function choose(start, chosen, remaining) {
      if (found) return;
      if (chosen.length && joinsTo(chosen, first) && usesJoined(rest, remaining)) { found = true; return; }
      for (var i = start; i < remaining.length && !found; i++) {
        var next = remaining.slice(0, i).concat(remaining.slice(i + 1));
        choose(i, chosen.concat([remaining[i]]), next);
      }
    })(0, [], given.slice());
    return found;
  }

  function joinsTo(parts, text) {
    return !(text.length > 1 && text.charAt(0) === "0") && spells(parts, text);
  }

  function spells(parts, text) {
    if (!parts.length) return text === "";
    for (var i = 0; i < parts.length; i++) {
      if (text.indexOf(parts[i]) === 0 &&
          spells(parts.slice(0, i).concat(parts.slice(i + 1)), text.slice(parts[i].length))) return true;
    }
    return false;
  }

  // --- numbrix and hidato: build a path by tapping ------------------------------------------------

  function chainGame(board, record, page, diagonal) {
    var givenGrid = record.puzzle.grid;
    var answer = record.solution && record.solution.grid;
    var rows = givenGrid.length, cols = givenGrid[0].length;
    var cells = [], entries = [], max = 0;
    var anchor = null, current = null, direction = 1, typing = null;  // anchor: the number tapped

    var bar = el("div", "bar");
    var next = el("span", "next");
    var turn = el("button", "direction");
    turn.type = "button";
    bar.appendChild(next);
    bar.appendChild(turn);
    var grid = el("div", "grid");
    grid.style.setProperty("--cols", cols);
    board.appendChild(bar);
    board.appendChild(grid);

    for (var r = 0; r < rows; r++) {
      cells.push([]);
      entries.push([]);
      for (var c = 0; c < cols; c++) {
        var given = givenGrid[r][c];
        entries[r].push(0);
        if (given === null) {
          cells[r].push(null);
          grid.appendChild(el("span", "cell void"));
          continue;
        }
        max += 1;
        var cell = el("button", "cell" + (given ? " given" : ""), given ? String(given) : "");
        cell.type = "button";
        cell.dataset.nav = "";
        cell.dataset.row = r;
        cell.dataset.col = c;
        cell.tabIndex = r === 0 && c === 0 ? 0 : -1;
        cells[r].push(cell);
        grid.appendChild(cell);
      }
    }

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

    function show() {
      var at = current === null ? null : where(current);
      var goal = current === null ? null : current + direction, empty = 0;
      each(function (r, c, cell) {
        var value = valueAt(r, c);
        if (!value) empty += 1;
        if (!givenGrid[r][c]) cell.textContent = value ? String(value) : "";
        cell.setAttribute("aria-label", "row " + (r + 1) + ", column " + (c + 1) + ": " +
          (value ? value + (givenGrid[r][c] ? ", given" : "") : "empty"));
        cell.classList.toggle("current", !!at && at[0] === r && at[1] === c);
        cell.classList.toggle("target", !!at && !value && goal >= 1 && goal <= max && touching(at, [r, c]));
      });
      next.textContent = "";
      if (!empty) {
        next.textContent = "Every square is filled.";
      } else if (current === null) {
        next.textContent = "Tap a number to count on from it.";
      } else if (goal < 1 || goal > max) {
        next.appendChild(document.createTextNode("From " + current + ": nothing " + (direction > 0 ? "above" : "below") + "."));
      } else {
        next.appendChild(document.createTextNode("Next: "));
        next.appendChild(el("strong", "", String(goal)));
      }
      turn.textContent = direction > 0 ? "Counting up \u2191" : "Counting down \u2193";
      turn.setAttribute("aria-label", direction > 0 ? "Counting up; switch to counting down" : "Counting down; switch to counting up");
    }

    function select(number) {
      anchor = number;
      current = number === null ? null : runEnd(number);
      show();
    }

    /* Tapping a number counts on from it; tapping it again turns a given round (count the other
     * way) and takes a placed number back out, leaving the one before it current. */
    function tap(r, c) {
      typing = null;
      var value = valueAt(r, c);
      if (value) {
        if (value !== current && value !== anchor) { select(value); return; }
        if (givenGrid[r][c]) { direction = -direction; select(value); return; }
        entries[r][c] = 0;
        page.changed();
        select(where(value - direction) ? value - direction : null);
        return;
      }
      if (current === null) { page.say("Tap a given number first, then the square for the number after it."); return; }
      var goal = current + direction;
      if (goal < 1 || goal > max) { page.say("There is no " + goal + "; tap " + current + " again or switch direction."); return; }
      if (!touching(where(current), [r, c])) {
        page.say(goal + " must go in a square " + (diagonal ? "touching " : "beside ") + current + ".");
        return;
      }
      entries[r][c] = goal;
      page.changed();
      select(goal);
    }

    function typeDigit(r, c, digit) {
      if (givenGrid[r][c]) return;
      var value = typing && typing[0] === r && typing[1] === c ? entries[r][c] * 10 + digit : digit;
      if (value > max) value = digit;
      if (value === 0) return;
      typing = [r, c];
      entries[r][c] = value;
      page.changed();
      select(value);
    }

    grid.addEventListener("click", function (event) {
      var cell = event.target.closest("button.cell");
      if (cell) tap(+cell.dataset.row, +cell.dataset.col);
    });
    grid.addEventListener("focusin", function (event) {
      var cell = event.target.closest("button.cell");
      if (!cell) return;
      if (!typing || typing[0] !== +cell.dataset.row || typing[1] !== +cell.dataset.col) typing = null;
      grid.querySelectorAll("button.cell").forEach(function (other) { other.tabIndex = other === cell ? 0 : -1; });
    });
    grid.addEventListener("keydown", function (event) {
      var cell = event.target.closest("button.cell");
      if (!cell || event.altKey || event.ctrlKey || event.metaKey) return;
      var r = +cell.dataset.row, c = +cell.dataset.col;
      if (moveFocus(grid, cell, event.key)) { typing = null; event.preventDefault(); return; }
      if (/^[0-9]$/.test(event.key)) { typeDigit(r, c, +event.key); event.preventDefault(); return; }
      if ((event.key === "Backspace" || event.key === "Delete") && !givenGrid[r][c]) {
        entries[r][c] = 0;
        typing = null;
        page.changed();
        select(anchor !== null && where(anchor) ? anchor : null);
        event.preventDefault();
      }
    });
    turn.addEventListener("click", function () {
      direction = -direction;
      select(anchor);
    });
    show();

    return {
      state: function () { return { entries: entries }; },
      restore: function (state) {
        var saved = state.entries;
        if (!Array.isArray(saved) || saved.length !== rows) return;
        each(function (r, c) {
          var v = saved[r] && saved[r][c];
          entries[r][c] = !givenGrid[r][c] && Number.isInteger(v) && v >= 1 && v <= max ? v : 0;
        });
        show();
      },
      check: function () {
        var wrong = 0, empty = 0;
        each(function (r, c, cell) {
          var bad = !!entries[r][c] && !givenGrid[r][c] && !!answer && entries[r][c] !== answer[r][c];
          cell.classList.toggle("wrong", bad);
          if (bad) wrong += 1;
          if (!valueAt(r, c)) empty += 1;
        });
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
        direction = 1;
        select(null);
      },
      clearMarks: function () { each(function (r, c, cell) { cell.classList.remove("wrong"); }); }
    };
  }

  // --- arrows, pyramid and numberwall: type numbers into cells ---------------------------------------

  /* Shared by types whose answer is a number per cell: `layout` has given(i, j), answer(i, j) and
   * a `holder(i)` for each row of cells; returns the game. */
  function numberCells(layout, page) {
    var inputs = [];  // [i][j] -> input or null for a given
    layout.rows.forEach(function (width, i) {
      inputs.push([]);
      for (var j = 0; j < width; j++) {
        var cell = el("div", "cell");
        var given = layout.given(i, j);
        if (layout.decorate) layout.decorate(cell, i, j);
        if (given) {
          cell.classList.add("given");
          cell.appendChild(el("span", "value", String(given)));
          inputs[i].push(null);
        } else {
          var input = el("input");
          input.type = "text";
          input.inputMode = "numeric";
          input.autocomplete = "off";
          input.maxLength = 4;
          input.dataset.nav = "";
          input.setAttribute("aria-label", "row " + (i + 1) + ", cell " + (j + 1));
          cell.appendChild(input);
          inputs[i].push(input);
        }
        layout.holder(i).appendChild(cell);
      }
    });
    function each(fn) {
      inputs.forEach(function (row, i) { row.forEach(function (input, j) { if (input) fn(input, i, j); }); });
    }
    each(function (input) {
      input.addEventListener("input", function () {
        var digits = input.value.replace(/\D+/g, "");
        if (digits !== input.value) input.value = digits;
        input.parentNode.classList.remove("wrong");
        page.changed();
      });
      input.addEventListener("keydown", function (event) {
        if (event.altKey || event.ctrlKey || event.metaKey) return;
        if (moveFocus(layout.board, input, event.key)) event.preventDefault();
      });
      input.addEventListener("focus", function () { input.select(); });
    });
    return {
      state: function () {
        return { entries: inputs.map(function (row) { return row.map(function (input) { return input ? input.value : ""; }); }) };
      },
      restore: function (state) {
        if (!Array.isArray(state.entries)) return;
        each(function (input, i, j) {
          var v = state.entries[i] && state.entries[i][j];
          input.value = typeof v === "string" && /^\d{0,4}$/.test(v) ? v : "";
        });
      },
      check: function () {
        var wrong = 0, empty = 0;
        each(function (input, i, j) {
          var bad = input.value !== "" && layout.hasAnswer && +input.value !== layout.answer(i, j);
          input.parentNode.classList.toggle("wrong", bad);
          if (bad) wrong += 1;
          if (input.value === "") empty += 1;
        });
        return { wrong: wrong, empty: empty };
      },
      solved: function () {
        if (!layout.hasAnswer) return false;
        var ok = true;
        each(function (input, i, j) { if (input.value === "" || +input.value !== layout.answer(i, j)) ok = false; });
        return ok;
      },
      reveal: function () {
        if (!layout.hasAnswer) return false;
        each(function (input, i, j) { input.value = String(layout.answer(i, j)); });
        return true;
      },
      reset: function () { each(function (input) { input.value = ""; }); },
      clearMarks: function () { each(function (input) { input.parentNode.classList.remove("wrong"); }); }
    };
  }

  var ARROW_GLYPHS = {
    N: "\u2191", NE: "\u2197", E: "\u2192", SE: "\u2198", S: "\u2193", SW: "\u2199", W: "\u2190", NW: "\u2196",
    "N+S": "\u2195", "S+N": "\u2195", "E+W": "\u2194", "W+E": "\u2194",
    "NE+SW": "\u2922", "SW+NE": "\u2922", "NW+SE": "\u2921", "SE+NW": "\u2921"
  };

  function arrowsGame(board, record, page) {
    var arrows = record.puzzle.arrows, givens = record.puzzle.givens || [];
    var answer = record.solution && record.solution.grid;
    var grid = el("div", "grid arrows");
    grid.style.setProperty("--cols", arrows[0].length);
    board.appendChild(grid);
    return numberCells({
      board: grid,
      rows: arrows.map(function (row) { return row.length; }),
      holder: function () { return grid; },
      given: function (i, j) { return givens[i] && givens[i][j]; },
      hasAnswer: !!answer,
      answer: function (i, j) { return answer ? answer[i][j] : null; },
      decorate: function (cell, i, j) {
        var name = arrows[i][j];
        var arrow = el("span", "arrow", name ? ARROW_GLYPHS[name] || name : "");
        arrow.setAttribute("aria-label", name ? "arrow " + name : "no arrow");
        cell.appendChild(arrow);
      }
    }, page);
  }

  function pyramidGame(board, record, page) {
    var rows = record.puzzle.rows;                        // widest row first
    var answer = record.solution && record.solution.rows;
    var wideAtBottom = record.type === "numberwall" || record.puzzle.variant === "sum";  // bricks; differences are circles
    var pyramid = el("div", wideAtBottom ? "pyramid" : "pyramid circles");
    var widest = Math.max.apply(null, rows.map(function (row) { return row.length; }));
    pyramid.style.setProperty("--cols", wideAtBottom ? widest * 1.25 : widest + 0.1);  // widths in cells
    var holders = rows.map(function () { return el("div", "row"); });
    var order = holders.slice();
    if (wideAtBottom) order.reverse();
    order.forEach(function (holder) { pyramid.appendChild(holder); });
    board.appendChild(pyramid);
    return numberCells({
      board: pyramid,
      rows: rows.map(function (row) { return row.length; }),
      holder: function (i) { return holders[i]; },
      given: function (i, j) { return rows[i][j]; },
      hasAnswer: !!answer,
      answer: function (i, j) { return answer ? answer[i][j] : null; }
    }, page);
  }

  // --- number placement: numbers from a pool into boxes -------------------------------------------

  function placementGame(board, record, page) {
    var puzzle = record.puzzle;
    var numbers = puzzle.numbers.map(String), signs = puzzle.signs, givens = puzzle.givens || {};
    var order = record.solution && record.solution.order;
    var size = numbers.length;
    var values = {};
    numbers.forEach(function (text) { values[text] = parseRational(text); });
    var givenAt = {};
    Object.keys(givens).forEach(function (index) { givenAt[+index] = String(givens[index]); });
    var givenTexts = Object.keys(givenAt).map(function (i) { return givenAt[i]; });
    var boxes = [], signNodes = [], tokens = {}, placed = [], selected = null;

    var wrap = el("div", "placement");
    var row = el("div", "row");
    var pool = el("div", "pool");
    pool.setAttribute("aria-label", "numbers to place");
    wrap.appendChild(row);
    wrap.appendChild(pool);
    board.appendChild(wrap);

    for (var i = 0; i < size; i++) {
      placed.push(givenAt[i] !== undefined ? givenAt[i] : null);
      var box = el("button", "box" + (givenAt[i] !== undefined ? " given" : " empty"));
      box.type = "button";
      box.dataset.box = i;
      box.dataset.nav = "";
      boxes.push(box);
      row.appendChild(box);
      if (i < signs.length) {
        var sign = el("span", "sign", signs[i] === "<" ? "<" : ">");
        signNodes.push(sign);
        row.appendChild(sign);
      }
    }
    numbers.forEach(function (text) {
      if (givenTexts.indexOf(text) >= 0) return;
      var token = el("button", "token");
      token.type = "button";
      token.dataset.token = text;
      token.dataset.nav = "";
      token.appendChild(numberNode(text));
      tokens[text] = token;
      pool.appendChild(token);
    });

    function show() {
      boxes.forEach(function (box, i) {
        box.textContent = "";
        if (placed[i] !== null) box.appendChild(numberNode(placed[i]));
        box.classList.toggle("empty", placed[i] === null);
        box.classList.toggle("armed", placed[i] === null && selected !== null);
        box.setAttribute("aria-label", "box " + (i + 1) + (placed[i] === null ? ", empty" : ""));
      });
      Object.keys(tokens).forEach(function (text) {
        tokens[text].classList.toggle("used", placed.indexOf(text) >= 0);
        tokens[text].classList.toggle("selected", text === selected);
        tokens[text].disabled = placed.indexOf(text) >= 0;
      });
    }

    function put(text, index) {
      var from = placed.indexOf(text);
      if (from >= 0 && givenAt[from] === undefined) placed[from] = null;
      placed[index] = text;
      selected = null;
      page.changed();
      show();
    }
    function takeBack(index) {
      placed[index] = null;
      page.changed();
      show();
    }

    function tapBox(index) {
      if (givenAt[index] !== undefined) { page.say("That box is given and stays as it is."); return; }
      if (placed[index] !== null) {
        var chosen = selected;
        takeBack(index);
        if (chosen !== null) put(chosen, index);
        return;
      }
      if (selected === null) { page.say("Tap a number in the pool first, then a box."); return; }
      put(selected, index);
    }

    /* Dragging with pointer events works for mouse, pen and touch alike; a short press is a tap. */
    var drag = null, swallowClick = false;
    function startDrag(event, text, fromBox) {
      if (event.button !== undefined && event.button !== 0) return;
      drag = { text: text, fromBox: fromBox, x: event.clientX, y: event.clientY, ghost: null, source: event.currentTarget, id: event.pointerId };
    }
    function dropTarget(event) {
      var under = document.elementFromPoint(event.clientX, event.clientY);
      if (!under || !wrap.contains(under)) return null;
      var box = under.closest(".box");
      if (box) return { box: +box.dataset.box };
      if (under.closest(".pool")) return { pool: true };
      return null;
    }
    function endDrag() {
      if (drag && drag.ghost) drag.ghost.remove();
      if (drag) drag.source.classList.remove("dragging");
      boxes.forEach(function (box) { box.classList.remove("drop"); });
      drag = null;
    }
    wrap.addEventListener("pointermove", function (event) {
      if (!drag || event.pointerId !== drag.id) return;
      if (!drag.ghost) {
        if (Math.abs(event.clientX - drag.x) + Math.abs(event.clientY - drag.y) < 8) return;
        drag.ghost = el("span", "token ghost");
        drag.ghost.appendChild(numberNode(drag.text));
        document.body.appendChild(drag.ghost);
        drag.source.classList.add("dragging");
        try { drag.source.releasePointerCapture(drag.id); } catch (error) { /* not captured */ }
      }
      drag.ghost.style.left = event.clientX + "px";
      drag.ghost.style.top = event.clientY + "px";
      var target = dropTarget(event);
      boxes.forEach(function (box, i) { box.classList.toggle("drop", !!target && target.box === i); });
    });
    wrap.addEventListener("pointerup", function (event) {
      if (!drag || event.pointerId !== drag.id) return;
      if (drag.ghost) {
        var target = dropTarget(event), text = drag.text, fromBox = drag.fromBox;
        swallowClick = true;            // the click that ends a drag is not a tap
        setTimeout(function () { swallowClick = false; }, 0);
        endDrag();
        if (target && target.box !== undefined && givenAt[target.box] === undefined && target.box !== fromBox) {
          if (fromBox !== null && placed[target.box] !== null) placed[fromBox] = placed[target.box];  // swap
          else if (fromBox !== null) placed[fromBox] = null;
          placed[target.box] = text;
          selected = null;
          page.changed();
          show();
        } else if (target && target.pool && fromBox !== null) {
          takeBack(fromBox);
        }
        return;
      }
      endDrag();
    });
    wrap.addEventListener("pointercancel", endDrag);
    pool.addEventListener("pointerdown", function (event) {
      var token = event.target.closest(".token");
      if (token && !token.disabled) startDrag({ button: event.button, clientX: event.clientX, clientY: event.clientY, pointerId: event.pointerId, currentTarget: token }, token.dataset.token, null);
    });
    row.addEventListener("pointerdown", function (event) {
      var box = event.target.closest(".box");
      if (box && placed[+box.dataset.box] !== null && givenAt[+box.dataset.box] === undefined) {
        startDrag({ button: event.button, clientX: event.clientX, clientY: event.clientY, pointerId: event.pointerId, currentTarget: box }, placed[+box.dataset.box], +box.dataset.box);
      }
    });
    wrap.addEventListener("click", function (event) {
      if (swallowClick) { swallowClick = false; return; }
      var token = event.target.closest(".token");
      if (token) {
        selected = selected === token.dataset.token ? null : token.dataset.token;
        show();
        return;
      }
      var box = event.target.closest(".box");
      if (box) tapBox(+box.dataset.box);
    });
    wrap.addEventListener("keydown", function (event) {
      var node = event.target.closest("[data-nav]");
      if (node && moveFocus(wrap, node, event.key)) event.preventDefault();
    });

    function signHolds(i) {
      var c = R.cmp(values[placed[i]], values[placed[i + 1]]);
      return signs[i] === "<" ? c < 0 : c > 0;
    }
    show();

    return {
      state: function () { return { placed: placed }; },
      restore: function (state) {
        if (!Array.isArray(state.placed) || state.placed.length !== size) return;
        var seen = {};
        state.placed.forEach(function (text, i) {
          if (givenAt[i] !== undefined) return;
          var ok = typeof text === "string" && tokens[text] && !seen[text];
          placed[i] = ok ? text : null;
          if (ok) seen[text] = true;
        });
        show();
      },
      /* Wrong: a box that differs from the only arrangement (when there is one), or two neighbours
       * whose sign is false (any arrangement that keeps every sign is accepted). */
      check: function () {
        var wrong = {}, empty = 0;
        placed.forEach(function (text, i) {
          if (text === null) { empty += 1; return; }
          if (puzzle.unique && order && givenAt[i] === undefined && text !== String(order[i])) wrong[i] = true;
        });
        signNodes.forEach(function (node, i) {
          var bad = placed[i] !== null && placed[i + 1] !== null && !signHolds(i);
          node.classList.toggle("wrong", bad);
          if (bad) {
            if (givenAt[i] === undefined) wrong[i] = true;
            if (givenAt[i + 1] === undefined) wrong[i + 1] = true;
          }
        });
        boxes.forEach(function (box, i) { box.classList.toggle("wrong", !!wrong[i]); });
        return { wrong: Object.keys(wrong).length, empty: empty };
      },
      solved: function () {
        if (placed.indexOf(null) >= 0) return false;
        for (var i = 0; i < signs.length; i++) if (!signHolds(i)) return false;
        return true;
      },
      reveal: function () {
        if (!order) return false;
        placed = order.map(String);
        selected = null;
        show();
        return true;
      },
      reset: function () {
        placed = placed.map(function (text, i) { return givenAt[i] !== undefined ? givenAt[i] : null; });
        selected = null;
        show();
      },
      clearMarks: function () {
        boxes.forEach(function (box) { box.classList.remove("wrong"); });
        signNodes.forEach(function (node) { node.classList.remove("wrong"); });
      }
    };
  }

  // --- arithmetic: type an expression -------------------------------------------------------------

  var OPERATOR_SIGNS = { "+": "+", "-": MINUS, "*": "\u00d7", "/": "\u00f7", "^": "^" };

  /* A Python-syntax answer ("8/(1-1/5)", "2**3") as the book writes it. */
  function bookExpression(text) {
    return String(text).replace(/\*\*/g, "^").replace(/[-*/]/g, function (op) { return OPERATOR_SIGNS[op]; })
      .replace(/([+\u2212\u00d7\u00f7])/g, " $1 ").replace(/\s+/g, " ").trim();
  }

  function arithmeticGame(board, record, page) {
    var puzzle = record.puzzle;
    var given = puzzle.numbers.map(String);
    var target = rat(BigInt(puzzle.target));
    var allowed = String(puzzle.operators || "+-*/");
    var joining = !!puzzle.concat;
    var answers = (record.solution && record.solution.expressions) || [];

    var wrap = el("div", "arithmetic");
    var top = el("div", "given-numbers");
    var chips = given.map(function (text) {
      var chip = el("button", "chip", text);
      chip.type = "button";
      chip.dataset.insert = text;
      top.appendChild(chip);
      return chip;
    });
    var targetNode = el("span", "target", "Target ");
    targetNode.appendChild(el("strong", "", String(puzzle.target)));
    top.appendChild(targetNode);
    var input = el("input", "expression");
    input.type = "text";
    input.autocomplete = "off";
    input.spellcheck = false;
    input.setAttribute("autocapitalize", "off");
    input.setAttribute("aria-label", "expression");
    input.placeholder = given.join(" ? ") + " = " + puzzle.target;
    var keypad = el("div", "keypad");
    allowed.split("").concat(["(", ")"]).forEach(function (symbol) {
      var key = el("button", "", OPERATOR_SIGNS[symbol] || symbol);
      key.type = "button";
      key.dataset.insert = symbol;
      keypad.appendChild(key);
    });
    var back = el("button", "", "\u232b");
    back.type = "button";
    back.dataset.erase = "";
    back.setAttribute("aria-label", "delete");
    keypad.appendChild(back);
    var feedback = el("ul", "feedback");
    feedback.setAttribute("aria-live", "polite");
    var more = el("details", "answers");
    more.hidden = true;
    wrap.appendChild(top);
    wrap.appendChild(input);
    wrap.appendChild(keypad);
    wrap.appendChild(feedback);
    wrap.appendChild(more);
    board.appendChild(wrap);

    /* The verdict on what is typed: each line is [holds, text]. */
    function judge() {
      var text = input.value;
      if (!text.trim()) return { empty: true, ok: false, lines: [], used: [] };
      var result;
      try { result = evaluate(text); } catch (error) { return { ok: false, lines: [[false, error.message]], used: [] }; }
      var lines = [], once;
      if (joining) {
        once = usesJoined(result.used, given);
        lines.push([once, once ? "Uses each number once." : "Use each number once (side by side counts)."]);
      } else {
        var counts = compareNumbers(given, result.used);
        once = !counts.missing.length && !counts.extra.length;
        lines.push([once, once ? "Uses each number once." : [
          counts.missing.length ? "Still to use: " + counts.missing.join(", ") + "." : "",
          counts.extra.length ? "Not on the card: " + counts.extra.join(", ") + "." : ""].join(" ").trim()]);
      }
      var banned = result.operators.filter(function (op) { return allowed.indexOf(op) < 0; });
      if (banned.length) {
        lines.push([false, "Not allowed here: " + banned.map(function (op) { return OPERATOR_SIGNS[op]; }).join(" ") + "."]);
      }
      var hits = R.cmp(result.value, target) === 0;
      lines.push([hits, "= " + R.text(result.value) + (hits ? ", the target." : ", not " + puzzle.target + ".")]);
      return { ok: once && hits && !banned.length, lines: lines, used: result.used };
    }
    function show() {
      var verdict = judge();
      feedback.textContent = "";
      verdict.lines.forEach(function (line) {
        feedback.appendChild(el("li", line[0] ? "yes" : "no", (line[0] ? "\u2713 " : "\u2717 ") + line[1]));
      });
      var left = verdict.used.slice();
      chips.forEach(function (chip) {
        var at = left.indexOf(chip.dataset.insert);
        if (at >= 0) left.splice(at, 1);
        chip.classList.toggle("used", at >= 0);
      });
      input.classList.remove("wrong", "right");
      return verdict;
    }
    function insert(symbol) {
      var start = input.selectionStart === null ? input.value.length : input.selectionStart;
      var end = input.selectionEnd === null ? start : input.selectionEnd;
      var before = input.value.slice(0, start), after = input.value.slice(end);
      var piece = !joining && /\d$/.test(before) && /^\d/.test(symbol) ? " " + symbol : symbol;
      input.value = before + piece + after;
      input.setSelectionRange(start + piece.length, start + piece.length);
    }
    function erase() {
      var at = input.selectionStart === null ? input.value.length : input.selectionStart;
      if (input.selectionEnd > at) input.value = input.value.slice(0, at) + input.value.slice(input.selectionEnd);
      else if (at > 0) { input.value = input.value.slice(0, at - 1) + input.value.slice(at); at -= 1; }
      input.setSelectionRange(at, at);
    }
    wrap.addEventListener("click", function (event) {
      var key = event.target.closest("[data-insert], [data-erase]");
      if (!key) return;
      if (key.dataset.erase !== undefined) erase(); else insert(key.dataset.insert);
      show();
      page.changed();
    });
    input.addEventListener("input", function () { show(); page.changed(); });
    input.addEventListener("keydown", function (event) {
      if (event.key === "Enter") { event.preventDefault(); page.check(); }
    });
    show();

    return {
      state: function () { return { expression: input.value }; },
      restore: function (state) {
        if (typeof state.expression === "string") input.value = state.expression.slice(0, 200);
        show();
      },
      check: function () {
        var verdict = show();
        input.classList.toggle("wrong", !verdict.ok && !verdict.empty);
        input.classList.toggle("right", verdict.ok);
        return { wrong: verdict.ok || verdict.empty ? 0 : 1, empty: verdict.empty ? 1 : 0 };
      },
      solved: function () { return judge().ok; },
      reveal: function () {
        if (!answers.length) return false;
        input.value = bookExpression(answers[0]);
        more.textContent = "";
        if (answers.length > 1) {
          more.appendChild(el("summary", "", "All " + answers.length + " different answers"));
          var list = el("ol");
          answers.forEach(function (text) { list.appendChild(el("li", "", bookExpression(text))); });
          more.appendChild(list);
        }
        more.hidden = answers.length < 2;
        show();
        return true;
      },
      reset: function () { input.value = ""; more.hidden = true; more.textContent = ""; show(); },
      clearMarks: function () { input.classList.remove("wrong", "right"); }
    };
  }

  // --- the frame around every puzzle --------------------------------------------------------------

  var GAMES = {
    numbrix: function (board, record, page) { return chainGame(board, record, page, false); },
    hidato: function (board, record, page) { return chainGame(board, record, page, true); },
    placement: placementGame,
    arithmetic: arithmeticGame,
    arrows: arrowsGame,
    pyramid: pyramidGame,
    numberwall: pyramidGame
  };

  function mount(article, record) {
    var board = article.querySelector(".board");
    var status = article.querySelector(".status");
    var controls = article.querySelector(".controls");
    var link = document.querySelector('nav.contents a[data-key="' + CSS.escape(record.key) + '"]');
    var make = GAMES[record.type];
    if (!make) {
      board.appendChild(el("p", "unplayable", "This puzzle type is for paper only in this edition."));
      controls.hidden = true;
      return;
    }
    var revealed = false, game;

    function say(text, tone) {
      status.textContent = text || "";
      status.className = "status" + (tone ? " " + tone : "");
    }
    function markSolved(solved) {
      article.classList.toggle("solved", solved);
      if (link) link.classList.toggle("solved", solved);
    }
    function save() {
      storage.save(record.key, { version: 1, revealed: revealed, state: game.state() });
    }
    var page = {
      say: function (text) { say(text); },
      changed: function () {
        game.clearMarks();
        save();
        var solved = !revealed && game.solved();
        markSolved(solved);
        say(solved ? "Solved!" : "", solved ? "good" : "");
      },
      check: function () { check(); }
    };
    function check() {
      var result = game.check();
      if (game.solved()) {
        markSolved(!revealed);
        say(revealed ? "Complete (revealed)." : "Solved!", "good");
      } else if (result.wrong) {
        say((result.wrong === 1 ? "1 wrong entry" : result.wrong + " wrong entries") + ", marked.", "bad");
      } else if (result.empty) {
        say("No mistakes so far" + (result.empty > 1 ? "; " + result.empty + " to fill." : "; 1 to fill."), "good");
      } else {
        say("Not solved yet: something breaks a rule.", "bad");
      }
    }

    game = make(board, record, page);
    var saved = storage.load(record.key);
    if (saved && saved.state) {
      try { game.restore(saved.state); } catch (error) { /* an old or foreign save: start fresh */ }
      revealed = !!saved.revealed;
      markSolved(!revealed && game.solved());
      if (article.classList.contains("solved")) say("Solved!", "good");
    }
    controls.addEventListener("click", function (event) {
      var button = event.target.closest("button[data-action]");
      if (!button) return;
      var action = button.dataset.action;
      if (action === "check") {
        check();
      } else if (action === "reveal") {
        game.clearMarks();
        if (game.reveal()) {
          revealed = true;
          save();
          markSolved(false);
          say("Answer revealed.");
        } else {
          say("This puzzle has no stored answer.");
        }
      } else if (action === "reset") {
        game.reset();
        game.clearMarks();
        revealed = false;
        storage.remove(record.key);
        markSolved(false);
        say("");
      }
    });
  }

  /* The exact arithmetic, open to tests that compare it with Python's fractions. */
  window.bookgenPlay = Object.freeze({
    evaluate: function (text) { return R.text(evaluate(text).value).replace(MINUS, "-"); },
    compare: function (a, b) { return R.cmp(parseRational(a), parseRational(b)); }
  });

  var records = JSON.parse(document.getElementById("bookgen-data").textContent);
  document.querySelectorAll("article.puzzle[data-index]").forEach(function (article) {
    var record = records[+article.dataset.index];
    try {
      mount(article, record);
    } catch (error) {
      var board = article.querySelector(".board");
      board.textContent = "";
      board.appendChild(el("p", "unplayable", "This puzzle could not be drawn: " + error.message));
      article.querySelector(".controls").hidden = true;
    }
  });
  document.documentElement.classList.add("ready");
})();
