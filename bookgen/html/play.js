/* bookgen playable edition: draws each embedded puzzle record and lets it be played.
 *
 * Every puzzle type is one function `(board, record, page) -> game`; a game draws itself into
 * `board` and offers state(), restore(state), check() -> {wrong, empty} (marking what is wrong),
 * solved(), reveal(), reset() and clearMarks(), and says `notes: true` when it takes pencil marks.
 * The frame around it is the same for every type: the buttons, undo and redo over whole states
 * (so Reveal and Reset can be undone), notes mode, check-as-I-go, a timer, and saving progress in
 * localStorage under the puzzle's id. A mark that Check leaves remembers the entry it judged: it
 * stays while that entry stays, whatever else changes, and goes when the entry changes.
 * Hint plays the record's optional "hints" list (the grader's solving path, baked in at build
 * time, packed as shared phrases plus numbers): a game that fills cells offers hintState(hint)
 * ("done", "open", or why it cannot go in), giveHint(hint) (fills it, returns the nodes to flash
 * and focus), place(cell) (its name: "Row 3, column 5", "Box 2") and wrong() (entries that
 * differ from the answer); hints without cells are words only, shown one more at each press, and
 * a game with fillAnswer() writes the answer in at the last. The hints given are part of every
 * snapshot, so Undo and Reset rewind their log. A game may offer cancel() for Escape (let go of
 * what is picked; false when nothing was).
 * Values that may be non-integers are exact rationals over BigInt; nothing here calls eval.
 */
(function () {
  "use strict";

  var STORE_PREFIX = "bookgen:";
  var WRONG_FIRST = "Check first: a number on the board is wrong.";
  var HINT_FLASH = 1600;  // ms a hinted cell stays highlighted
  var MINUS = "\u2212";
  var HISTORY_LIMIT = 500;
  var MISSING_RUNS = 12;  // runs of missing numbers listed in full; beyond, the count and the first ones

  // --- small helpers ------------------------------------------------------------------------------

  function el(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined && text !== null) node.textContent = text;
    return node;
  }

  function button(className, text) {
    var node = el("button", className, text);
    node.type = "button";
    return node;
  }

  /* Text for screen readers only: a control's name comes from its content, so what it shows
   * is always part of what it is called. */
  function spoken(text) { return el("span", "sr-only", text); }

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
    }
  };

  function lexLess(a, b) {
    for (var i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i] < b[i];
    return false;
  }

  /* Arrow keys move focus by on-screen position, so one rule serves square grids, shapes with
   * holes and brick-laid pyramids: first the cells in line with this one (a brick half a brick
   * aside counts), the nearest row or column of them first, then the least aside; only when none
   * is in line, the nearest by distance. */
  function moveFocus(board, from, key) {
    var dx = { ArrowLeft: -1, ArrowRight: 1 }[key] || 0;
    var dy = { ArrowUp: -1, ArrowDown: 1 }[key] || 0;
    if (!dx && !dy) return false;
    var a = from.getBoundingClientRect();
    var ax = a.left + a.width / 2, ay = a.top + a.height / 2;
    var length = dx ? a.width : a.height, breadth = dx ? a.height : a.width;
    var best = null, bestKey = null;
    board.querySelectorAll("[data-nav]").forEach(function (node) {
      if (node === from || node.disabled) return;
      var b = node.getBoundingClientRect();
      if (!b.width) return;
      var along = dx ? (b.left + b.width / 2 - ax) * dx : (b.top + b.height / 2 - ay) * dy;
      var across = dx ? Math.abs(b.top + b.height / 2 - ay) : Math.abs(b.left + b.width / 2 - ax);
      if (along < length / 4) return;                                   // not in that direction
      var order = across < breadth * 0.75 ? [0, Math.round(along / 4), across] : [1, along + across * 3, 0];
      if (!best || lexLess(order, bestKey)) { best = node; bestKey = order; }
    });
    if (best) best.focus();
    return true;
  }

  /* One Tab stop per group of cells: the cell last focused, at first the first real one (never
   * a square outside a shape); arrow keys move within the group. Returns a function to call
   * when cells come and go (a used number leaves the pool). */
  function roving(container) {
    function items() {
      return Array.prototype.filter.call(container.querySelectorAll("[data-nav]"), function (node) { return !node.disabled; });
    }
    function settle(stop) {
      var list = items();
      if (!stop || list.indexOf(stop) < 0) stop = list.filter(function (node) { return node.tabIndex === 0; })[0] || list[0];
      list.forEach(function (node) { node.tabIndex = node === stop ? 0 : -1; });
    }
    container.addEventListener("focusin", function (event) {
      var node = event.target.closest("[data-nav]");
      if (node && container.contains(node)) settle(node);
    });
    settle(null);
    return function () { settle(null); };
  }

  /* Pencil marks: for each cell a sorted list of candidate numbers from 1 to max. A digit toggles
   * a mark; a second digit straight after the first in the same cell makes a two-digit mark
   * (1 then 2 is 12) when the puzzle's numbers go that high, as typing an entry does. */
  function noteBook(max) {
    var data = {}, pending = null;
    function put(key, list) {
      if (list.length) data[key] = list.sort(function (a, b) { return a - b; }); else delete data[key];
    }
    return {
      list: function (key) { return data[key] || []; },
      type: function (key, digit) {
        var list = (data[key] || []).slice();
        if (pending && pending.key === key && pending.value * 10 + digit <= max) {
          var longer = pending.value * 10 + digit, had = list.indexOf(longer) >= 0;
          list = list.filter(function (v) { return v !== pending.value && v !== longer; });
          if (!had) list.push(longer);
          pending = had ? null : { key: key, value: longer };
        } else if (digit >= 1 && digit <= max) {
          var at = list.indexOf(digit);
          if (at >= 0) list.splice(at, 1); else list.push(digit);
          pending = at >= 0 ? null : { key: key, value: digit };
        } else {
          return false;
        }
        put(key, list);
        return true;
      },
      erase: function (key) {
        pending = null;
        if (!data[key]) return false;
        delete data[key];
        return true;
      },
      stop: function () { pending = null; },
      state: function () { return data; },
      restore: function (saved, valid) {
        data = {};
        pending = null;
        if (!saved || typeof saved !== "object") return;
        Object.keys(saved).forEach(function (key) {
          if (!valid(key) || !Array.isArray(saved[key])) return;
          put(key, saved[key].filter(function (v, i, all) {
            return Number.isInteger(v) && v >= 1 && v <= max && all.indexOf(v) === i;
          }));
        });
      },
      clear: function () { data = {}; pending = null; }
    };
  }

  function notesNode(list) {
    var node = el("span", "notes", list.join(" "));
    node.setAttribute("aria-hidden", "true");
    return node;
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

  /* A number as the book prints it (a typographic minus, fractions stacked), with its words for
   * screen readers ("minus 1 over 2"). */
  function numberNode(text) {
    var span = el("span", "number");
    var s = String(text);
    var negative = s.charAt(0) === "-";
    if (negative) s = s.slice(1);
    var slash = s.indexOf("/");
    if (!negative && slash < 0) {
      span.textContent = s;
      return span;
    }
    var shown = el("span", "shown");
    shown.setAttribute("aria-hidden", "true");
    if (negative) shown.appendChild(el("span", "minus", MINUS));
    if (slash < 0) {
      shown.appendChild(document.createTextNode(s));
    } else {
      var frac = el("span", "frac");
      frac.appendChild(el("span", "num", s.slice(0, slash)));
      frac.appendChild(el("span", "den", s.slice(slash + 1)));
      shown.appendChild(frac);
    }
    span.appendChild(shown);
    span.appendChild(spoken((negative ? "minus " : "") + s.replace("/", " over ")));
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

  /* With joining allowed: are the written numbers those of the card cut into runs of neighbours,
   * each run written side by side in the card's order (1 7 9 9: 17, 799; never 71 or 19), no run
   * of several starting with 0? As bookgen.core.exprs.uses_numbers. */
  function usesJoined(written, given) {
    var wanted = written.slice().sort().join(" ");
    function cut(start, runs) {
      if (start === given.length) return runs.slice().sort().join(" ") === wanted;
      for (var end = start + 1; end <= given.length; end++) {
        if (end - start > 1 && given[start] === "0") break;
        if (cut(end, runs.concat([given.slice(start, end).join("")]))) return true;
      }
      return false;
    }
    return cut(0, []);
  }


  /* Digits 1-9, 0 and Clear under a board; press(digit) gets a number, or null for Clear. A mouse
   * press keeps the focus where it was (in the square being filled). */
  function numberPad(board, className, press) {
    var pad = el("div", className);
    pad.setAttribute("role", "group");
    pad.setAttribute("aria-label", "Number pad");
    "1234567890".split("").forEach(function (digit) {
      var key = button("", digit);
      key.dataset.digit = digit;
      pad.appendChild(key);
    });
    var clearKey = button("clear", "Clear");
    clearKey.dataset.clear = "";
    pad.appendChild(clearKey);
    pad.addEventListener("mousedown", function (event) { event.preventDefault(); });
    pad.addEventListener("click", function (event) {
      var key = event.target.closest("button");
      if (key) press(key.dataset.clear !== undefined ? null : +key.dataset.digit);
    });
    board.appendChild(pad);
    return pad;
  }

  // --- numbrix and hidato: build a path by tapping ------------------------------------------------

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
    var grid = el("div", "grid");
    grid.style.setProperty("--cols", cols);
    grid.style.setProperty("--rows", rows);
    board.appendChild(grid);
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
        cell.appendChild(spoken("Row " + (r + 1) + ", column " + (c + 1) + ": "));
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

    /* The number pad, shown on touch screens: any number into the picked square. */
    numberPad(board, "pad", function (digit) {
      if (!picked) { page.say("Tap a square first, then a number."); return; }
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
    function drawLinks(at) {
      links.innerHTML = Object.keys(at).map(function (key) {
        var v = +key, a = at[v], b = at[v + 1];
        if (!b || !touching(a, b)) return "";
        var x1 = a[1] + 0.5, y1 = a[0] + 0.5, dx = b[1] - a[1], dy = b[0] - a[0];
        return '<line x1="' + (x1 + dx * 0.38) + '" y1="' + (y1 + dy * 0.38) + '" x2="' + (x1 + dx * 0.62) +
          '" y2="' + (y1 + dy * 0.62) + '"></line>';
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
      return count + " numbers: " + parts.slice(0, MISSING_RUNS).join(", ") + ", \u2026";
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
        parts[2].textContent = (value ? (given ? ", given" : "") : "empty") +
          (pencil.length ? ", notes " + pencil.join(" ") : "") +
          (clash ? ", " + value + " is on the board more than once" : "") +
          (far ? ", too far from " + far.join(" and ") : "") + (wrong ? ", marked wrong" : "");
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
      missing.textContent = left ? "Still to place: " + left + "." : "";
      breaks.textContent = apart.map(function (pair) {
        var gap = pair[1] - pair[0];
        return pair[0] + " and " + pair[1] + " are too far apart: " + gap + (gap === 1 ? " step cannot" : " steps cannot") + " join them.";
      }).join(" ");
      next.textContent = "";
      if (!empty) {
        next.textContent = "Every square is filled.";
      } else if (page.notesMode()) {
        next.textContent = "Notes: digits pencil in small numbers.";
      } else if (current === null) {
        next.textContent = "Tap a number to count on from it.";
      } else if (goal < 1 || goal > max) {
        next.appendChild(document.createTextNode("From " + current + ": nothing " + (direction > 0 ? "above" : "below") + "."));
      } else {
        next.appendChild(document.createTextNode("Next: "));
        next.appendChild(el("strong", "", String(goal)));
      }
      turn.textContent = direction > 0 ? "Counting up \u2191" : "Counting down \u2193";
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
        page.changed();
        select(where(value - direction) ? value - direction : null);
        return;
      }
      show();
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
      picked = [r, c];
      if (page.notesMode()) {
        if (!entries[r][c] && notes.type(r + "," + c, digit)) page.changed();
        show();
        return;
      }
      var value = typing && typing[0] === r && typing[1] === c ? entries[r][c] * 10 + digit : digit;
      if (value > max) value = digit;
      if (value === 0) return;
      typing = [r, c];
      entries[r][c] = value;
      page.changed();
      select(value);
    }

    function erase(r, c) {
      if (givenGrid[r][c]) return;
      typing = null;
      picked = [r, c];
      if (entries[r][c] && !page.notesMode()) {
        entries[r][c] = 0;
        page.changed();
        select(anchor !== null && where(anchor) ? anchor : null);
      } else if (notes.erase(r + "," + c)) {
        page.changed();
        show();
      }
    }

    /* Drawing: press on a number and move across the squares; each empty square the path enters
     * beside the current number takes the next one, and moving back onto the square before takes
     * out what the stroke placed last. Pointer events serve mouse, pen and finger alike; a finger
     * draws from a square holding a number (those take no scrolling, see play.css) and scrolls
     * from an empty one. */
    var stroke = null, swallowClick = false;
    function cellUnder(event) {
      var under = document.elementFromPoint(event.clientX, event.clientY);
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
          page.changed();
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
      try { cell.releasePointerCapture(event.pointerId); } catch (error) { /* not captured */ }
    });
    grid.addEventListener("pointermove", function (event) {
      if (!stroke || event.pointerId !== stroke.id) return;
      if (event.pointerType === "mouse" && !event.buttons) { stroke = null; return; }  // let go elsewhere
      var at = cellUnder(event);
      if (!at || (at[0] === stroke.at[0] && at[1] === stroke.at[1])) return;
      if (!stroke.moved) {
        stroke.moved = true;
        var start = valueAt(stroke.from[0], stroke.from[1]);
        if (start !== current) select(start);
      }
      stroke.at = at;
      enter(at[0], at[1]);
    });
    function endStroke(event) {
      if (!stroke || event.pointerId !== stroke.id) return;
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
      hintState: function (hint) {
        var state = "done";
        hint.cells.forEach(function (at) {
          if (!cells[at[0]] || !cells[at[0]][at[1]]) return;
          var v = valueAt(at[0], at[1]);
          if (!v) { if (state === "done") state = "open"; }
          else if (v !== hint.value) state = WRONG_FIRST;
        });
        if (state === "open" && where(hint.value)) state = WRONG_FIRST;  // the number stands elsewhere
        return state;
      },
      place: function (at) { return "Row " + (at[0] + 1) + ", column " + (at[1] + 1); },
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

  // --- arrows, pyramid and numberwall: type numbers into cells ---------------------------------------

  /* Shared by types whose answer is a number per cell: `layout` has rows (their widths),
   * given(i, j), answer(i, j), name(i, j) (what a screen reader calls the cell), max (the largest
   * pencil mark), holder(i) for each row of cells and board, the element arrow keys move in. */
  function numberCells(layout, page) {
    var inputs = [], marks = {};  // inputs[i][j]: an input, or null for a given
    var notes = noteBook(layout.max);
    layout.rows.forEach(function (width, i) {
      inputs.push([]);
      for (var j = 0; j < width; j++) {
        var cell = el("div", "cell");
        var given = layout.given(i, j);
        if (layout.decorate) layout.decorate(cell, i, j);
        if (given) {
          cell.classList.add("given");
          cell.appendChild(spoken(layout.name(i, j) + ": "));
          cell.appendChild(el("span", "value", String(given)));
          cell.appendChild(spoken(", given"));
          inputs[i].push(null);
        } else {
          var input = el("input");
          input.type = "text";
          input.inputMode = "numeric";
          input.autocomplete = "off";
          input.maxLength = 4;
          input.dataset.nav = "";
          input.dataset.row = i;
          input.dataset.col = j;
          cell.appendChild(input);
          inputs[i].push(input);
        }
        layout.holder(i).appendChild(cell);
      }
    });
    function each(fn) {
      inputs.forEach(function (row, i) { row.forEach(function (input, j) { if (input) fn(input, i, j); }); });
    }
    function paint() {
      each(function (input, i, j) {
        var cell = input.parentNode, key = i + "," + j;
        var pencil = input.value ? [] : notes.list(key);
        var wrong = input.value !== "" && marks[key] === input.value;
        var old = cell.querySelector(".notes");
        if (old) old.remove();
        if (pencil.length) cell.insertBefore(notesNode(pencil), input);
        cell.classList.toggle("wrong", wrong);
        if (wrong) input.setAttribute("aria-invalid", "true"); else input.removeAttribute("aria-invalid");
        input.setAttribute("aria-label", layout.name(i, j) + (pencil.length ? ", notes " + pencil.join(" ") : ""));
      });
    }
    each(function (input, i, j) {
      var key = i + "," + j;
      input.addEventListener("input", function () {
        var digits = input.value.replace(/\D+/g, "");
        if (digits !== input.value) input.value = digits;
        paint();
        page.changed();
      });
      /* In notes mode, digits typed into an empty cell (keyboard or phone keyboard alike) toggle
       * pencil marks instead of going in; deleting clears the cell's marks. */
      input.addEventListener("beforeinput", function (event) {
        if (!page.notesMode()) return;
        var deleting = /^delete/.test(event.inputType || "");
        if (input.value !== "" && deleting) return;
        event.preventDefault();
        var changed = false;
        if (deleting) {
          changed = notes.erase(key);
        } else if (input.value === "") {
          String(event.data || "").replace(/\D+/g, "").split("").forEach(function (digit) {
            if (digit && notes.type(key, +digit)) changed = true;
          });
        }
        if (changed) { paint(); page.changed(); }
      });
      input.addEventListener("keydown", function (event) {
        if (event.altKey || event.ctrlKey || event.metaKey) return;
        if (moveFocus(layout.board, input, event.key)) event.preventDefault();
      });
      input.addEventListener("focus", function () { notes.stop(); input.select(); last = input; fresh = true; });
    });
    roving(layout.board);
    /* The number pad, shown with a mouse (a phone has its own number keyboard): the first digit
     * replaces what the square holds, as typing into a newly focused square does; then digits add on. */
    var last = null, fresh = false;
    numberPad(layout.board.parentNode, "pad typed", function (digit) {
      if (!last) { page.say("Pick a square first, then a number."); return; }
      var key = last.dataset.row + "," + last.dataset.col, changed = true;
      if (page.notesMode() && last.value === "") {
        changed = digit === null ? notes.erase(key) : notes.type(key, digit);
      } else if (digit === null) {
        last.value = "";
      } else {
        last.value = ((fresh ? "" : last.value) + digit).slice(0, 4);
      }
      fresh = false;
      if (changed) { paint(); page.changed(); }
    });
    paint();
    return {
      notes: true,
      state: function () {
        return {
          entries: inputs.map(function (row) { return row.map(function (input) { return input ? input.value : ""; }); }),
          notes: notes.state()
        };
      },
      restore: function (state) {
        if (!Array.isArray(state.entries)) return;
        each(function (input, i, j) {
          var v = state.entries[i] && state.entries[i][j];
          input.value = typeof v === "string" && /^\d{0,4}$/.test(v) ? v : "";
        });
        notes.restore(state.notes, function (key) {
          var at = key.split(",");
          return at.length === 2 && !!(inputs[+at[0]] && inputs[+at[0]][+at[1]]);
        });
        paint();
      },
      check: function () {
        var wrong = 0, empty = 0;
        marks = {};
        each(function (input, i, j) {
          if (input.value === "") { empty += 1; return; }
          if (layout.hasAnswer && +input.value !== layout.answer(i, j)) { marks[i + "," + j] = input.value; wrong += 1; }
        });
        paint();
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
        paint();
        return true;
      },
      reset: function () { each(function (input) { input.value = ""; }); notes.clear(); paint(); },
      clearMarks: function () { marks = {}; paint(); },
      modeChanged: function () { notes.stop(); },
      cancel: function () { notes.stop(); return false; },
      wrong: function () {
        var wrong = 0;
        if (layout.hasAnswer) each(function (input, i, j) { if (input.value !== "" && +input.value !== layout.answer(i, j)) wrong += 1; });
        return wrong;
      },
      hintState: function (hint) {
        var state = "done";
        hint.cells.forEach(function (at) {
          var input = inputs[at[0]] && inputs[at[0]][at[1]];
          if (!input) return;
          if (input.value === "") { if (state === "done") state = "open"; }
          else if (+input.value !== hint.value) state = WRONG_FIRST;
        });
        return state;
      },
      place: function (at) { return layout.where(at[0], at[1]); },
      giveHint: function (hint) {
        var nodes = [];
        hint.cells.forEach(function (at) {
          var input = inputs[at[0]] && inputs[at[0]][at[1]];
          if (!input) return;
          input.value = String(hint.value);
          nodes.push(input.parentNode);
        });
        paint();
        return nodes;
      }
    };
  }

  var ARROW_GLYPHS = {
    N: "\u2191", NE: "\u2197", E: "\u2192", SE: "\u2198", S: "\u2193", SW: "\u2199", W: "\u2190", NW: "\u2196",
    "N+S": "\u2195", "S+N": "\u2195", "E+W": "\u2194", "W+E": "\u2194",
    "NE+SW": "\u2922", "SW+NE": "\u2922", "NW+SE": "\u2921", "SE+NW": "\u2921"
  };
  var ARROW_WORDS = {
    N: "up", NE: "up-right", E: "right", SE: "down-right", S: "down", SW: "down-left", W: "left", NW: "up-left"
  };

  /* "arrow right", "arrow up and down" */
  function arrowWords(name) {
    if (!name) return "no arrow";
    return "arrow " + name.split("+").map(function (head) { return ARROW_WORDS[head] || head; }).join(" and ");
  }

  function largest(rows) {
    var top = 0;
    (rows || []).forEach(function (row) { row.forEach(function (v) { if (typeof v === "number" && v > top) top = v; }); });
    return top;
  }

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
      max: largest(answer) || Math.max(arrows.length, arrows[0].length),
      where: function (i, j) { return "Row " + (i + 1) + ", column " + (j + 1); },
      name: function (i, j) { return this.where(i, j) + ", " + arrowWords(arrows[i][j]); },
      decorate: function (cell, i, j) {
        var name = arrows[i][j];
        var arrow = el("span", "arrow", name ? ARROW_GLYPHS[name] || name : "");
        arrow.setAttribute("aria-hidden", "true");
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
    pyramid.style.setProperty("--cols", wideAtBottom ? widest * 1.25 : widest);  // widths in cells
    var holders = rows.map(function () { return el("div", "row"); });
    var order = holders.slice();
    if (wideAtBottom) order.reverse();
    order.forEach(function (holder) { pyramid.appendChild(holder); });
    board.appendChild(pyramid);
    if (!wideAtBottom) {  // the range is part of a difference pyramid's rules, as on paper
      var high = record.puzzle.max || rows.length * (rows.length + 1) / 2;
      board.appendChild(el("p", "range", "Numbers 1 to " + high));
    }
    return numberCells({
      board: pyramid,
      rows: rows.map(function (row) { return row.length; }),
      holder: function (i) { return holders[i]; },
      given: function (i, j) { return rows[i][j]; },
      hasAnswer: !!answer,
      answer: function (i, j) { return answer ? answer[i][j] : null; },
      max: Math.max(record.puzzle.max || 0, largest(answer), largest(rows)) || 99,
      /* rows counted from the top, as the player sees them */
      where: function (i, j) {
        return "Row " + (wideAtBottom ? rows.length - i : i + 1) + ", " + (wideAtBottom ? "brick " : "circle ") + (j + 1);
      },
      name: function (i, j) { return this.where(i, j); }
    }, page);
  }

  // --- number placement: numbers from a pool into boxes -------------------------------------------

  var LONG_PRESS = 300;  // ms a finger rests on a number before it can be dragged; moving sooner scrolls

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
    var marks = {};  // "b3" -> the number Check found wrong in box 3; "s2" -> "a|b" across sign 2

    var wrap = el("div", "placement");
    var row = el("div", "row");
    var pool = el("div", "pool");
    pool.setAttribute("role", "group");
    pool.setAttribute("aria-label", "Numbers to place");
    wrap.appendChild(row);
    wrap.appendChild(pool);
    board.appendChild(wrap);

    for (var i = 0; i < size; i++) {
      placed.push(givenAt[i] !== undefined ? givenAt[i] : null);
      var box = button("box" + (givenAt[i] !== undefined ? " given" : " empty"));
      box.dataset.box = i;
      box.dataset.nav = "";
      boxes.push(box);
      row.appendChild(box);
      if (i < signs.length) {
        var sign = el("span", "sign", signs[i] === "<" ? "<" : ">");
        sign.setAttribute("aria-label", signs[i] === "<" ? "less than" : "greater than");
        sign.setAttribute("role", "img");
        signNodes.push(sign);
        row.appendChild(sign);
      }
    }
    numbers.forEach(function (text) {
      if (givenTexts.indexOf(text) >= 0) return;
      var token = button("token");
      token.dataset.token = text;
      token.dataset.nav = "";
      token.appendChild(numberNode(text));
      tokens[text] = token;
      pool.appendChild(token);
    });
    var roveBoxes = roving(row), rovePool = roving(pool);

    function pair(i) { return placed[i] + "|" + placed[i + 1]; }
    function show() {
      boxes.forEach(function (box, i) {
        var wrong = placed[i] !== null && marks["b" + i] === placed[i];
        box.textContent = "";
        box.dataset.value = placed[i] === null ? "" : placed[i];
        if (placed[i] === null) {
          box.appendChild(spoken("Box " + (i + 1) + ", empty"));
        } else {
          box.appendChild(spoken("Box " + (i + 1) + ": "));
          box.appendChild(numberNode(placed[i]));
          if (givenAt[i] !== undefined) box.appendChild(spoken(", given"));
          if (wrong) box.appendChild(spoken(", marked wrong"));
        }
        box.classList.toggle("empty", placed[i] === null);
        box.classList.toggle("armed", placed[i] === null && selected !== null);
        box.classList.toggle("wrong", wrong);
      });
      signNodes.forEach(function (node, i) { node.classList.toggle("wrong", marks["s" + i] === pair(i)); });
      Object.keys(tokens).forEach(function (text) {
        tokens[text].classList.toggle("used", placed.indexOf(text) >= 0);
        tokens[text].classList.toggle("selected", text === selected);
        tokens[text].setAttribute("aria-pressed", text === selected ? "true" : "false");
        tokens[text].disabled = placed.indexOf(text) >= 0;
      });
      roveBoxes();
      rovePool();
    }

    function put(text, index) {
      var from = placed.indexOf(text);
      if (from >= 0 && givenAt[from] === undefined) placed[from] = null;
      placed[index] = text;
      selected = null;
      show();
      page.changed();
    }
    function takeBack(index) {
      placed[index] = null;
      show();
      page.changed();
    }

    function tapBox(index) {
      if (givenAt[index] !== undefined) { page.say("That box is given and stays as it is."); return; }
      if (placed[index] !== null) {
        var chosen = selected;
        if (chosen !== null) { placed[index] = null; put(chosen, index); } else takeBack(index);
        return;
      }
      if (selected === null) { page.say("Tap a number in the pool first, then a box."); return; }
      put(selected, index);
    }

    /* Dragging with pointer events works for mouse, pen and touch alike; a short press is a tap.
     * A finger must rest on a number for a moment before it drags, so that a swipe which starts
     * on a box or a number still scrolls the page. */
    var drag = null, swallowClick = false;
    function startDrag(event, text, fromBox, source) {
      if (event.button !== undefined && event.button !== 0) return;
      endDrag();
      var touch = event.pointerType === "touch";
      drag = { text: text, fromBox: fromBox, x: event.clientX, y: event.clientY, ghost: null, source: source,
               id: event.pointerId, armed: !touch, touch: touch, moved: false, timer: null };
      if (touch) {
        drag.timer = setTimeout(function () {
          if (!drag) return;
          drag.armed = true;
          lift(drag.x, drag.y);
        }, LONG_PRESS);
      }
    }
    function lift(x, y) {
      drag.ghost = el("span", "token ghost");
      drag.ghost.setAttribute("aria-hidden", "true");
      drag.ghost.appendChild(numberNode(drag.text));
      document.body.appendChild(drag.ghost);
      drag.source.classList.add("dragging");
      try { drag.source.releasePointerCapture(drag.id); } catch (error) { /* not captured */ }
      drag.ghost.style.left = x + "px";
      drag.ghost.style.top = y + "px";
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
      if (!drag) return;
      clearTimeout(drag.timer);
      if (drag.ghost) drag.ghost.remove();
      drag.source.classList.remove("dragging");
      boxes.forEach(function (box) { box.classList.remove("drop"); });
      drag = null;
    }
    wrap.addEventListener("pointermove", function (event) {
      if (!drag || event.pointerId !== drag.id) return;
      var far = Math.abs(event.clientX - drag.x) + Math.abs(event.clientY - drag.y) >= 8;
      if (!drag.armed) { if (far) endDrag(); return; }   // a finger that moves at once scrolls
      if (!far && !drag.moved) return;
      drag.moved = true;
      if (!drag.ghost) lift(event.clientX, event.clientY);
      drag.ghost.style.left = event.clientX + "px";
      drag.ghost.style.top = event.clientY + "px";
      var target = dropTarget(event);
      boxes.forEach(function (box, i) { box.classList.toggle("drop", !!target && target.box === i); });
    });
    /* Once a finger has rested long enough, its moves drag the number instead of the page. */
    wrap.addEventListener("touchmove", function (event) {
      if (drag && drag.armed) event.preventDefault();
    }, { passive: false });
    wrap.addEventListener("contextmenu", function (event) {
      if (event.target.closest(".box, .token")) event.preventDefault();
    });
    wrap.addEventListener("pointerup", function (event) {
      if (!drag || event.pointerId !== drag.id) return;
      if (drag.moved) {
        var target = dropTarget(event), text = drag.text, fromBox = drag.fromBox;
        swallowClick = true;            // the click that ends a drag is not a tap
        setTimeout(function () { swallowClick = false; }, 0);
        endDrag();
        if (target && target.box !== undefined && givenAt[target.box] === undefined && target.box !== fromBox) {
          if (fromBox !== null && placed[target.box] !== null) placed[fromBox] = placed[target.box];  // swap
          else if (fromBox !== null) placed[fromBox] = null;
          else if (placed.indexOf(text) >= 0) placed[placed.indexOf(text)] = null;
          placed[target.box] = text;
          selected = null;
          show();
          page.changed();
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
      if (token && !token.disabled) startDrag(event, token.dataset.token, null, token);
    });
    row.addEventListener("pointerdown", function (event) {
      var box = event.target.closest(".box");
      if (box && placed[+box.dataset.box] !== null && givenAt[+box.dataset.box] === undefined) {
        startDrag(event, placed[+box.dataset.box], +box.dataset.box, box);
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
      if (node && !event.altKey && !event.ctrlKey && !event.metaKey && moveFocus(wrap, node, event.key)) event.preventDefault();
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
        placed = placed.map(function (old, i) {
          if (givenAt[i] !== undefined) return givenAt[i];
          var text = state.placed[i];
          var ok = typeof text === "string" && tokens[text] && !seen[text];
          if (ok) seen[text] = true;
          return ok ? text : null;
        });
        selected = null;
        show();
      },
      /* Wrong: a box that differs from the only arrangement (when there is one), or two neighbours
       * whose sign is false (any arrangement that keeps every sign is accepted). */
      check: function () {
        var empty = 0;
        marks = {};
        placed.forEach(function (text, i) {
          if (text === null) { empty += 1; return; }
          if (puzzle.unique && order && givenAt[i] === undefined && text !== String(order[i])) marks["b" + i] = text;
        });
        signNodes.forEach(function (node, i) {
          if (placed[i] === null || placed[i + 1] === null || signHolds(i)) return;
          marks["s" + i] = pair(i);
          if (givenAt[i] === undefined) marks["b" + i] = placed[i];
          if (givenAt[i + 1] === undefined) marks["b" + (i + 1)] = placed[i + 1];
        });
        show();
        return { wrong: Object.keys(marks).filter(function (key) { return key.charAt(0) === "b"; }).length, empty: empty };
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
      clearMarks: function () { marks = {}; show(); },
      /* Escape: put the picked number back */
      cancel: function () {
        if (selected === null) return false;
        selected = null;
        show();
        return true;
      },
      /* Any arrangement that keeps the signs is right, so only a one-answer row has wrong boxes. */
      wrong: function () {
        var wrong = 0;
        if (order && puzzle.unique) placed.forEach(function (text, i) { if (text !== null && text !== order[i]) wrong += 1; });
        return wrong;
      },
      hintState: function (hint) {
        var box = hint.cells[0], text = String(hint.value);
        if (placed[box] === text) return "done";
        if (placed[box] === null && placed.indexOf(text) < 0) return "open";
        if (puzzle.unique) return WRONG_FIRST;
        return "These hints follow one arrangement, and yours differs at box " + (box + 1) +
          (placed[box] === null ? " (" + text.replace("-", MINUS) + " is elsewhere)" : "") + ": take a number back first, or Reset.";
      },
      place: function (box) { return "Box " + (box + 1); },
      giveHint: function (hint) {
        var box = hint.cells[0];
        placed[box] = String(hint.value);
        selected = null;
        show();
        return [boxes[box]];
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
    var back = button("", "Delete");
    back.dataset.erase = "";
    keypad.appendChild(back);
    var checked = null;  // {text, ok}: what Check judged, shown until the expression changes
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

    /* After Reveal: every stored answer, when there is more than one. */
    function showAnswers(on) {
      more.textContent = "";
      more.hidden = !on || answers.length < 2;
      if (more.hidden) return;
      more.appendChild(el("summary", "", "All " + answers.length + " different answers"));
      var list = el("ol");
      answers.forEach(function (text) { list.appendChild(el("li", "", bookExpression(text))); });
      more.appendChild(list);
    }
    /* The verdict on what is typed: each line is [holds, text]. */
    function judge() {
      var text = input.value;
      if (!text.trim()) return { empty: true, ok: false, lines: [], used: [] };
      var result;
      try { result = evaluate(text); } catch (error) { return { ok: false, lines: [[false, error.message]], used: [] }; }
      var lines = [], once;
      if (joining) {
        once = usesJoined(result.used, given);
        lines.push([once, once ? "Uses each number once." : "Use each number once (neighbours may be joined, in the card\u2019s order)."]);
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
      var judged = !!checked && checked.text === input.value;
      input.classList.toggle("wrong", judged && !checked.ok);
      input.classList.toggle("right", judged && checked.ok);
      if (judged && !checked.ok) input.setAttribute("aria-invalid", "true"); else input.removeAttribute("aria-invalid");
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
      state: function () { return { expression: input.value, shown: !more.hidden }; },
      restore: function (state) {
        if (typeof state.expression === "string") input.value = state.expression.slice(0, 200);
        if (typeof state.shown === "boolean") showAnswers(state.shown);
        show();
      },
      check: function () {
        var verdict = judge();
        checked = verdict.empty ? null : { text: input.value, ok: verdict.ok };
        show();
        return { wrong: verdict.ok || verdict.empty ? 0 : 1, empty: verdict.empty ? 1 : 0 };
      },
      solved: function () { return judge().ok; },
      reveal: function () {
        if (!answers.length) return false;
        input.value = bookExpression(answers[0]);
        showAnswers(true);
        show();
        return true;
      },
      reset: function () { input.value = ""; showAnswers(false); show(); },
      clearMarks: function () { checked = null; show(); },
      /* the last hint: the answer its steps build, written in */
      fillAnswer: function () {
        if (answers.length) input.value = bookExpression(answers[0]);
        show();
      },
      autocheck: false
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

  function clockText(seconds) {
    var h = Math.floor(seconds / 3600), m = Math.floor(seconds / 60) % 60, s = seconds % 60;
    return (h ? h + ":" + (m < 10 ? "0" : "") : "") + m + ":" + (s < 10 ? "0" : "") + s;
  }

  var flashing = { nodes: [], timer: null };  // the newest hinted cells, the only ones lit on the page

  /* One clock runs at a time: the puzzle last played. It counts only while the page is shown. */
  var frames = [], running = null;
  setInterval(function () {
    if (running && !document.hidden) running.tick();
  }, 1000);
  function saveAll() { frames.forEach(function (frame) { frame.save(); }); }
  window.addEventListener("pagehide", saveAll);
  document.addEventListener("visibilitychange", function () { if (document.hidden) saveAll(); });

  function mount(article, record) {
    var board = article.querySelector(".board");
    var status = article.querySelector(".status");
    var controls = article.querySelector(".controls");
    var options = article.querySelector(".options");
    var clock = article.querySelector(".clock");
    var timeNode = clock.querySelector(".time");
    var pauseButton = clock.querySelector("[data-action='pause']");
    var notesButton = options.querySelector("[data-action='notes']");
    var autoBox = options.querySelector("[data-option='autocheck']");
    var buttons = {};
    controls.querySelectorAll("button[data-action]").forEach(function (node) { buttons[node.dataset.action] = node; });
    var link = document.querySelector('nav.contents a[data-key="' + CSS.escape(record.key) + '"]');
    var make = GAMES[record.type];
    if (!make) {
      board.appendChild(el("p", "unplayable", "This puzzle type is for paper only in this edition."));
      controls.hidden = options.hidden = clock.hidden = status.hidden = true;
      return;
    }
    var revealed = false, notesMode = false, autocheck = false, solvedNow = false, game;
    var seconds = 0, ticking = false, unsaved = 0;
    var past = [], future = [], now = null;  // undo and redo stacks of snapshots, and the present
    var hinted = [];  // indices of the hints given, in order: part of every snapshot, so Undo and Reset rewind it

    function say(text, tone) {
      status.textContent = text || "";
      status.className = "status" + (tone ? " " + tone : "");
    }
    function markSolved(solved) {
      solvedNow = solved;
      article.classList.toggle("solved", solved);
      if (link) link.classList.toggle("solved", solved);
    }
    function save() {
      storage.save(record.key, { version: 1, revealed: revealed, state: game.state(), time: seconds, autocheck: autocheck,
                                 hinted: hinted });
      unsaved = 0;
    }

    // the clock
    var frame = {
      tick: function () {
        seconds += 1;
        showClock();
        if (++unsaved >= 10) save();
      },
      save: function () { if (game && unsaved) save(); }  // only a clock that ran since the last save
    };
    frames.push(frame);
    function finished() { return revealed || solvedNow; }
    function runClock(on) {
      on = on && !finished();
      if (on && running && running !== frame) running.stop();
      ticking = on;
      if (on) running = frame; else if (running === frame) running = null;
      showClock();
    }
    frame.stop = function () { runClock(false); save(); };
    function showClock() {
      timeNode.textContent = clockText(seconds);
      pauseButton.hidden = finished();
      pauseButton.textContent = ticking ? "Pause" : seconds ? "Resume" : "Start";
    }

    // undo and redo over whole snapshots of the board (and whether it was revealed)
    function snapshot() { return JSON.stringify({ state: game.state(), revealed: revealed, hinted: hinted }); }
    function commit() {
      var then = snapshot();
      if (then === now) return false;
      past.push(now);
      if (past.length > HISTORY_LIMIT) past.shift();
      future = [];
      now = then;
      return true;
    }
    function travel(from, to, word) {
      if (!from.length) { say("Nothing to " + word + "."); return; }
      to.push(now);
      now = from.pop();
      var back = JSON.parse(now);
      game.restore(back.state);
      revealed = back.revealed;
      setHinted(back.hinted);
      settle(word === "undo" ? "Undone." : "Redone.");
      runClock(!finished() && ticking);
    }
    function showHistory() {
      buttons.undo.setAttribute("aria-disabled", past.length ? "false" : "true");
      buttons.redo.setAttribute("aria-disabled", future.length ? "false" : "true");
    }

    /* After any change of the board: marks, solved or not, buttons, the saved progress. */
    function settle(message, tone) {
      if (autocheck && !revealed) game.check();
      var solved = !revealed && game.solved();
      markSolved(solved);
      if (solved) say("Solved!", "good"); else say(message || "", tone);
      if (finished()) runClock(false);
      showClock();
      showHistory();
      save();
    }

    /* Hint: the next step of the grader's path not yet on the board, filled as a move (so Undo
     * takes it back, and the count of hints with it), named by its square ("Row 3, column 5"),
     * focused and flashed, with its reason in the status line and in the log of hints given.
     * Hints of words only come one more each time, and the last fills in the answer. */
    var hints = Array.isArray(record.hints) ? record.hints.map(unpackHint) : [];
    var log = el("details", "hint-log");
    log.open = true;
    var logTitle = el("summary", "");
    var logList = el("ol", "");
    log.appendChild(logTitle);
    log.appendChild(logList);
    status.parentNode.insertBefore(log, status.nextSibling);
    function hintText(index) {
      var h = hints[index];
      if (!h.cells || !h.cells.length) return "Hint " + (index + 1) + " of " + hints.length + ": " + h.why + ".";
      return (game.place ? game.place(h.cells[0]) + ": " : "") + h.why + ".";
    }
    function setHinted(list) {
      hinted = (Array.isArray(list) ? list : []).filter(function (n, i, all) {
        return Number.isInteger(n) && n >= 0 && n < hints.length && all.indexOf(n) === i;
      });
      logList.textContent = "";
      hinted.forEach(function (n) { logList.appendChild(el("li", "", hintText(n))); });
      logTitle.textContent = hinted.length === 1 ? "1 hint given" : hinted.length + " hints given";
      log.hidden = !hinted.length;
    }
    function flash(nodes) {
      flashing.nodes.forEach(function (node) { node.classList.remove("hinted"); });
      clearTimeout(flashing.timer);
      flashing.nodes = nodes;
      nodes.forEach(function (node) { node.classList.add("hinted"); });
      flashing.timer = setTimeout(function () { flash([]); }, HINT_FLASH);
      var target = nodes[0] && (nodes[0].matches("input, button") ? nodes[0] : nodes[0].querySelector("input, button"));
      if (target) target.focus();
    }
    function recordHint(index, text) {
      setHinted(hinted.concat([index]));
      commit();
      runClock(true);
      settle(text);
    }
    function hint() {
      var words = hints.filter(function (h) { return !h.cells || !h.cells.length; });
      if (!hints.length || (words.length < hints.length && !game.hintState)) { say("No hints for this puzzle."); return; }
      if (revealed) { say("The answer is shown: Undo or Reset to play on."); return; }
      if (words.length === hints.length) {
        if (hinted.length >= hints.length) { say("No more hints: the last one filled in the answer."); return; }
        var index = hinted.length;
        if (index === hints.length - 1 && game.fillAnswer) game.fillAnswer();
        recordHint(index, hintText(index));
        return;
      }
      if (game.wrong && game.wrong()) { say(WRONG_FIRST, "bad"); return; }
      for (var n = 0; n < hints.length; n++) {
        if (!hints[n].cells || !hints[n].cells.length) continue;
        var state = game.hintState(hints[n]);
        if (state === "done") continue;
        if (state !== "open") { say(state, "bad"); return; }
        flash(game.giveHint(hints[n]));
        recordHint(n, hintText(n));
        return;
      }
      say(game.solved() ? "Nothing left to hint: the puzzle is solved." : "Nothing left to hint.");
    }

    function setNotes(on) {
      notesMode = on;
      notesButton.setAttribute("aria-pressed", on ? "true" : "false");
      article.classList.toggle("notes-on", on);
      if (game.modeChanged) game.modeChanged();
      say(on ? "Notes on: digits pencil in small numbers." : "Notes off.");
    }

    var page = {
      say: function (text) { say(text); },
      changed: function () {
        if (!commit()) return;
        runClock(true);
        settle("");
      },
      check: function () { check(); },
      notesMode: function () { return notesMode; }
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
    notesButton.hidden = !game.notes;
    buttons.hint.hidden = !hints.length;
    autoBox.parentNode.hidden = game.autocheck === false;
    if (options.querySelectorAll(":scope > :not([hidden])").length === 0) options.hidden = true;
    var saved = storage.load(record.key);
    if (saved && saved.state) {
      try { game.restore(saved.state); } catch (error) { /* an old or foreign save: start fresh */ }
      revealed = !!saved.revealed;
      seconds = Number.isInteger(saved.time) && saved.time > 0 ? saved.time : 0;
      autocheck = !!saved.autocheck && game.autocheck !== false;
    }
    setHinted(saved && saved.hinted);
    autoBox.checked = autocheck;
    now = snapshot();
    if (autocheck && !revealed) game.check();
    markSolved(!revealed && game.solved());
    if (solvedNow) say("Solved!", "good");
    showClock();
    showHistory();

    controls.addEventListener("click", function (event) {
      var node = event.target.closest("button[data-action]");
      if (!node) return;
      var action = node.dataset.action;
      if (action === "undo") {
        travel(past, future, "undo");
      } else if (action === "redo") {
        travel(future, past, "redo");
      } else if (action === "hint") {
        hint();
      } else if (action === "check") {
        check();
      } else if (action === "reveal") {
        game.clearMarks();
        if (game.reveal()) {
          revealed = true;
          commit();
          settle("Answer revealed. Undo brings your entries back.");
        } else {
          say("This puzzle has no stored answer.");
        }
      } else if (action === "reset") {
        game.reset();
        game.clearMarks();
        revealed = false;
        setHinted([]);
        seconds = 0;
        runClock(false);
        commit();
        settle("Cleared. Undo brings your entries back.");
      }
    });
    pauseButton.addEventListener("click", function () {
      runClock(!ticking);
      save();
    });
    notesButton.addEventListener("click", function () { setNotes(!notesMode); });
    autoBox.addEventListener("change", function () {
      autocheck = autoBox.checked;
      if (autocheck && !revealed) game.check(); else game.clearMarks();
      save();
    });
    article.addEventListener("keydown", function (event) {
      var key = event.key;
      if ((event.ctrlKey || event.metaKey) && !event.altKey) {
        if (key === "z" || key === "Z") travel(event.shiftKey ? future : past, event.shiftKey ? past : future, event.shiftKey ? "redo" : "undo");
        else if (key === "y" || key === "Y") travel(future, past, "redo");
        else return;
        event.preventDefault();
        return;
      }
      if (key === "Escape") {
        if (game.cancel && game.cancel()) say("Let go: nothing picked.");
        else if (notesMode) setNotes(false);
        else return;
        event.preventDefault();
      } else if ((key === "n" || key === "N") && !event.altKey && game.notes && event.target.closest(".board")) {
        setNotes(!notesMode);
        event.preventDefault();
      } else if ((key === "h" || key === "H") && !event.altKey && hints.length &&
                 !event.target.matches("input.expression, input[type='checkbox']")) {
        hint();
        event.preventDefault();
      }
    });
  }

  /* The exact arithmetic, open to tests that compare it with Python's fractions. */
  window.bookgenPlay = Object.freeze({
    evaluate: function (text) { return R.text(evaluate(text).value).replace(MINUS, "-"); },
    compare: function (a, b) { return R.cmp(parseRational(a), parseRational(b)); }
  });

  /* The page's buttons: the theme (the system's until chosen here, then kept), and printing a
   * blank copy (entries, notes and marks left out; see play.css) or one with the entries. */
  var root = document.documentElement;
  var themeButton = document.querySelector("[data-page='theme']");
  var systemDark = window.matchMedia("(prefers-color-scheme: dark)");
  function dark() { return root.dataset.theme ? root.dataset.theme === "dark" : systemDark.matches; }
  function showTheme() { if (themeButton) themeButton.setAttribute("aria-pressed", dark() ? "true" : "false"); }
  systemDark.addEventListener("change", showTheme);
  document.addEventListener("click", function (event) {
    var node = event.target.closest("[data-page]");
    if (!node) return;
    if (node.dataset.page === "theme") {
      root.dataset.theme = dark() ? "light" : "dark";
      try { window.localStorage.setItem(STORE_PREFIX + "theme", root.dataset.theme); } catch (error) { /* private mode */ }
      showTheme();
    } else {
      root.classList.toggle("print-blank", node.dataset.page === "print-blank");
      window.print();
    }
  });
  window.addEventListener("afterprint", function () { root.classList.remove("print-blank"); });
  showTheme();

  var records = JSON.parse(document.getElementById("bookgen-data").textContent);
  var phrasesNode = document.getElementById("bookgen-phrases");
  var phrases = phrasesNode ? JSON.parse(phrasesNode.textContent) : [];

  /* A hint as the page packs it, [cells, value, phrase, numbers...] (see bookgen.html), back to
   * {cells, value, why}: the phrase's "#"s filled with the numbers in turn. */
  function unpackHint(hint) {
    if (!Array.isArray(hint)) return hint;
    var numbers = hint.slice(3), n = 0;
    return { cells: hint[0], value: hint[1], why: String(phrases[hint[2]] || "").replace(/#/g, function () { return String(numbers[n++]); }) };
  }
  document.querySelectorAll("article.puzzle[data-index]").forEach(function (article) {
    var record = records[+article.dataset.index];
    try {
      mount(article, record);
    } catch (error) {
      var board = article.querySelector(".board");
      board.textContent = "";
      board.appendChild(el("p", "unplayable", "This puzzle could not be drawn: " + error.message));
      article.querySelectorAll(".controls, .options, .clock").forEach(function (node) { node.hidden = true; });
    }
  });
  document.documentElement.classList.add("ready");
})();
