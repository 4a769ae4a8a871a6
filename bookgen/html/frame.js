/* bookgen playable edition, the frame: everything around a board that is the same for every type.
 *
 * The frame names no game. Each type's own script (bookgen/puzzles/NAME/play.js, which the page
 * holds after this one) registers through window.bookgenFrame.register(type, make), and the boards
 * are drawn once the page is read; a record of a type nobody registered is left for paper.
 * Every game is one function `(board, record, page) -> game`; a game draws itself into
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
 * differ from the answer); a game whose hints point rather than fill offers pointAt(hint) in place
 * of giveHint (the nodes to light and focus, nothing entered); hints without cells are words only, shown one more at each press, and
 * a game with fillAnswer() writes the answer in at the last. The hints given are part of every
 * snapshot, so Undo and Reset rewind their log. Of the hints whose reasons hold on the board (the
 * first not done, and any later one whose "after" says it needs no more hints than are done),
 * Hint gives the one nearest the cell last changed, which a game names in page.changed(cell).
 * A game may offer cancel() for Escape (let go of what is picked; false when nothing was).
 * A game may add a setting of its own with page.option(name, label, apply): a labelled checkbox in
 * the puzzle's options, off by default, kept per puzzle with the progress as check-as-I-go is;
 * apply(on) runs once the saved progress is read and at each change.
 * Every word the page shows comes through t(id, params), tn(singular, plural, n, params) or
 * tp(context, id, params) (also offered to the games), from the "bookgen-texts" block that
 * bookgen.html writes in the book's language; the English text is the id and the fallback.
 * Values that may be non-integers are exact rationals over BigInt; nothing here calls eval.
 */
(function () {
  "use strict";

  var STORE_PREFIX = "bookgen:";

  // --- the page's language ------------------------------------------------------------------------

  /* gettext's plural expression (a C expression in n, such as "(n != 1)" or "(n > 1)") as a
   * function from a count to the index of its plural form. It is parsed here rather than handed
   * to new Function, so the page also runs under a Content-Security-Policy without 'unsafe-eval'
   * and a catalog's header can never run code. C's meaning: comparisons and logic give 0 or 1,
   * "/" divides whole numbers. */
  function pluralRule(expression) {
    var tokens = String(expression).match(/\d+|n|&&|\|\||[=!<>]=|[-+*\/%<>!?:()]|\S/g) || [];
    var at = 0;
    var BINARY = [["||"], ["&&"], ["==", "!="], ["<", ">", "<=", ">="], ["+", "-"], ["*", "/", "%"]];
    var APPLY = {
      "||": function (a, b) { return a || b ? 1 : 0; }, "&&": function (a, b) { return a && b ? 1 : 0; },
      "==": function (a, b) { return a === b ? 1 : 0; }, "!=": function (a, b) { return a !== b ? 1 : 0; },
      "<": function (a, b) { return a < b ? 1 : 0; }, ">": function (a, b) { return a > b ? 1 : 0; },
      "<=": function (a, b) { return a <= b ? 1 : 0; }, ">=": function (a, b) { return a >= b ? 1 : 0; },
      "+": function (a, b) { return a + b; }, "-": function (a, b) { return a - b; },
      "*": function (a, b) { return a * b; }, "/": function (a, b) { return Math.trunc(a / b); },
      "%": function (a, b) { return a % b; }
    };
    function expect(token) { if (tokens[at++] !== token) throw new Error("plural expression: " + expression); }
    function choice() {
      var test = binary(0);
      if (tokens[at] !== "?") return test;
      at += 1;
      var yes = choice();
      expect(":");
      var no = choice();
      return function (n) { return test(n) ? yes(n) : no(n); };
    }
    function binary(level) {
      if (level === BINARY.length) return unary();
      var left = binary(level + 1);
      while (BINARY[level].indexOf(tokens[at]) >= 0) left = joined(APPLY[tokens[at++]], left, binary(level + 1));
      return left;
    }
    function joined(apply, left, right) { return function (n) { return apply(left(n), right(n)); }; }
    function unary() {
      var token = tokens[at++];
      if (token === "!") { var inner = unary(); return function (n) { return inner(n) ? 0 : 1; }; }
      if (token === "(") { var inside = choice(); expect(")"); return inside; }
      if (token === "n") return function (n) { return n; };
      if (/^\d+$/.test(token)) { var value = +token; return function () { return value; }; }
      throw new Error("plural expression: " + expression);
    }
    var rule = choice();
    if (at !== tokens.length) throw new Error("plural expression: " + expression);
    return function (n) { return Number(rule(n)); };
  }

  var speech = (function () {
    var node = document.getElementById("bookgen-texts");
    var data = node ? JSON.parse(node.textContent) : {};
    var plural;
    try { plural = pluralRule(data.plural || "(n != 1)"); } catch (error) { plural = pluralRule("(n != 1)"); }
    return { messages: data.messages || {}, plural: plural };
  })();

  function own(key) {
    return Object.prototype.hasOwnProperty.call(speech.messages, key) ? speech.messages[key] : null;
  }

  /* A text's {name} placeholders filled from params (a name it lacks stays as written). */
  function fill(text, params) {
    if (!params) return text;
    return text.replace(/\{(\w+)\}/g, function (whole, name) {
      return Object.prototype.hasOwnProperty.call(params, name) ? String(params[name]) : whole;
    });
  }

  /* `id` (an English text) in the page's language. */
  function t(id, params) {
    var found = own(id);
    return fill(typeof found === "string" && found ? found : id, params);
  }

  /* `id` in the page's language where `context` tells two uses of one English text apart. */
  function tp(context, id, params) {
    var found = own(context + "\u0004" + id);
    return fill(typeof found === "string" && found ? found : id, params);
  }

  /* The form of a counted text for `n`: a catalog's forms chosen by the language's plural rule; a
   * book's own text (`texts:` in its config) as "one|many", as bookgen.i18n reads it. */
  function tn(singular, plural, n, params) {
    var found = own(singular), text;
    if (Array.isArray(found) && found.length) {
      var index = speech.plural(n);
      text = found[index >= 0 && index < found.length ? index : found.length - 1];
    } else if (typeof found === "string" && found) {
      var forms = found.split("|");
      text = n === 1 || forms.length === 1 ? forms[0] : forms[1];
    } else {
      text = n === 1 ? singular : plural;
    }
    return fill(text, params);
  }

  // Translators: said when a hint or a check finds an entry that differs from the answer.
  var WRONG_FIRST = t("Check first: a number on the board is wrong.");
  var HINT_FLASH = 1600;  // ms a hinted cell stays highlighted
  var NEAR = 2;  // squares (rows or columns, or boxes) from the last change where Hint looks first
  var MINUS = "\u2212";
  var HISTORY_LIMIT = 500;

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
   * holes and rows laid like bricks: first the cells in line with this one (a brick half a brick
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

  /* While a finger, pen or mouse draws a path across squares, holding it near the edge of a board
   * that scrolls, or of the screen, scrolls that way, faster the nearer the edge, so a path can
   * go on to squares out of view: move(event) on every pointermove of the stroke, stop() when it
   * ends; onScroll(point) runs after each scroll step with the pointer's last point, which now
   * lies over other squares. */
  var EDGE = 40, EDGE_SPEED = 14;  // px from an edge where scrolling starts; px per frame at the edge
  function edgeScroller(node, onScroll) {
    var point = null, frameId = 0;
    function speed(at, low, high) {
      var into = at < low + EDGE ? at - low - EDGE : at > high - EDGE ? at - high + EDGE : 0;
      return Math.round(Math.max(-1, Math.min(1, into / EDGE)) * EDGE_SPEED);
    }
    function scrollers() {
      var list = [];
      for (var up = node.parentElement; up && up !== document.body; up = up.parentElement) {
        var style = getComputedStyle(up);
        if (/(auto|scroll)/.test(style.overflowX + style.overflowY) &&
            (up.scrollWidth > up.clientWidth || up.scrollHeight > up.clientHeight)) list.push(up);
      }
      return list;
    }
    function step() {
      frameId = 0;
      if (!point) return;
      var moved = false;
      scrollers().forEach(function (box) {
        var r = box.getBoundingClientRect(), left = box.scrollLeft, top = box.scrollTop;
        box.scrollBy(speed(point.clientX, r.left, r.right), speed(point.clientY, r.top, r.bottom));
        if (box.scrollLeft !== left || box.scrollTop !== top) moved = true;
      });
      var x = window.scrollX, y = window.scrollY;
      window.scrollBy(speed(point.clientX, 0, window.innerWidth), speed(point.clientY, 0, window.innerHeight));
      if (window.scrollX !== x || window.scrollY !== y) moved = true;
      if (!moved) return;
      onScroll(point);
      frameId = requestAnimationFrame(step);
    }
    return {
      move: function (event) {
        point = { clientX: event.clientX, clientY: event.clientY };
        if (!frameId) frameId = requestAnimationFrame(step);
      },
      stop: function () {
        point = null;
        if (frameId) cancelAnimationFrame(frameId);
        frameId = 0;
      }
    };
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

  function notesNode(list, className) {
    var node = el("span", "notes" + (className ? " " + className : ""), list.join(" "));
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
   * '.5', '1e3', also with a typographic minus, and '0,75' with a decimal comma), or null. */
  function parseRational(text) {
    var s = String(text).trim().replace(/\u2212/g, "-").replace(/(\d)_(?=\d)/g, "$1")
      .replace(/^([-+]?\d*),(?=\d)/, "$1.");
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

  /* A number as the book prints it (a typographic minus, fractions stacked, the decimal point as
   * `decimalMark`, "," in German), with its words for screen readers ("minus 1 over 2"). */
  function numberNode(text, decimalMark) {
    var span = el("span", "number");
    var s = String(text).replace(".", decimalMark || ".");
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
    var words = slash < 0 ? s : t("{numerator} over {denominator}", { numerator: s.slice(0, slash), denominator: s.slice(slash + 1) });
    span.appendChild(spoken(negative ? t("minus {number}", { number: words }) : words));
    return span;
  }


  /* Digits 1-9, 0 (or only `digits`, when a puzzle holds no others) and Clear under a board;
   * press(digit) gets a number, or null for Clear. A mouse press keeps the focus where it was (in
   * the square being filled). */
  function numberPad(board, className, press, digits) {
    var pad = el("div", className);
    pad.setAttribute("role", "group");
    pad.setAttribute("aria-label", t("Number pad"));
    (digits ? digits.map(String) : "1234567890".split("")).forEach(function (digit) {
      var key = button("", digit);
      key.dataset.digit = digit;
      pad.appendChild(key);
    });
    var clearKey = button("clear", t("Clear"));
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


  // --- boards whose answer is a number per cell: type numbers into cells ---------------------------

  /* Shared by types whose answer is a number per cell: `layout` has rows (their widths),
   * given(i, j), answer(i, j), name(i, j) (what a screen reader calls the cell), max (the largest
   * pencil mark), holder(i) for each row of cells and board, the element arrow keys move in;
   * digits, where a square holds one of a few single digits (1 to 4 on a 4x4 grid): the pad shows
   * only those, and other keys type nothing; candidates(i, j, at), optional, lists what an empty
   * square without pencil marks shows small (at(r, c) is the number in a square, given or entered,
   * or 0), redrawn with every change and on repaint(). */
  function numberCells(layout, page) {
    var inputs = [], marks = {};  // inputs[i][j]: an input, or null for a given
    var notes = noteBook(layout.max);
    var others = layout.digits ? new RegExp("[^" + layout.digits.join("") + "]+", "g") : /\D+/g;
    layout.rows.forEach(function (width, i) {
      inputs.push([]);
      for (var j = 0; j < width; j++) {
        var cell = el("div", "cell");
        var given = layout.given(i, j);
        if (layout.decorate) layout.decorate(cell, i, j);
        if (given) {
          cell.classList.add("given");
          // Translators: what a screen reader says before a given number: "Row 1, column 2: 5, given"
          cell.appendChild(spoken(t("{place}:", { place: layout.name(i, j) }) + " "));
          cell.appendChild(el("span", "value", String(given)));
          // Translators: what a screen reader says after a given number: "Row 1, column 2: 5, given"
          cell.appendChild(spoken(t(", given")));
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
    function at(i, j) {
      var input = inputs[i][j];
      return input ? +input.value || 0 : +layout.given(i, j) || 0;
    }
    function paint() {
      each(function (input, i, j) {
        var cell = input.parentNode, key = i + "," + j;
        var pencil = input.value ? [] : notes.list(key);
        var wrong = input.value !== "" && marks[key] === input.value;
        var old = cell.querySelector(".notes");
        if (old) old.remove();
        var auto = input.value || pencil.length || !layout.candidates ? [] : layout.candidates(i, j, at);
        if (pencil.length) cell.insertBefore(notesNode(pencil), input);
        else if (auto.length) cell.insertBefore(notesNode(auto, "candidates"), input);
        cell.classList.toggle("wrong", wrong);
        if (wrong) input.setAttribute("aria-invalid", "true"); else input.removeAttribute("aria-invalid");
        input.setAttribute("aria-label", pencil.length ? t("{place}, notes {notes}", { place: layout.name(i, j), notes: pencil.join(" ") })
          : layout.name(i, j));
      });
    }
    each(function (input, i, j) {
      var key = i + "," + j;
      input.addEventListener("input", function () {
        var digits = input.value.replace(others, "");
        if (digits !== input.value) input.value = digits;
        paint();
        page.changed([i, j]);
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
          String(event.data || "").replace(others, "").split("").forEach(function (digit) {
            if (digit && notes.type(key, +digit)) changed = true;
          });
        }
        if (changed) { paint(); page.changed([i, j]); }
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
      if (!last) { page.say(t("Pick a square first, then a number.")); return; }
      var key = last.dataset.row + "," + last.dataset.col, changed = true;
      if (page.notesMode() && last.value === "") {
        changed = digit === null ? notes.erase(key) : notes.type(key, digit);
      } else if (digit === null) {
        last.value = "";
      } else {
        last.value = ((fresh ? "" : last.value) + digit).slice(0, 4);
      }
      fresh = false;
      if (changed) { paint(); page.changed([+last.dataset.row, +last.dataset.col]); }
    }, layout.digits);
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
      repaint: paint,
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


  function largest(rows) {
    var top = 0;
    (rows || []).forEach(function (row) { row.forEach(function (v) { if (typeof v === "number" && v > top) top = v; }); });
    return top;
  }

  /* Rows of number cells centred over each other, as the record lists them (puzzle.rows and
   * solution.rows, widest row first), in a box of class "stack" and the type's own `className`
   * (which its play.css styles): `bricks` stands them on the widest row as bricks, else the widest
   * row is on top; `caption` (if any) goes under them, as the book prints a range under its drawing. */
  function stackedCells(board, record, page, className, bricks, caption) {
    var rows = record.puzzle.rows;
    var answer = record.solution && record.solution.rows;
    var stack = el("div", "stack " + className);
    stack.classList.toggle("three-digits", Math.max(largest(rows), largest(answer)) >= 100);  // smaller type (play.css)
    var widest = Math.max.apply(null, rows.map(function (row) { return row.length; }));
    stack.style.setProperty("--cols", bricks ? widest * 1.25 : widest);  // widths in cells
    var holders = rows.map(function () { return el("div", "row"); });
    var order = holders.slice();
    if (bricks) order.reverse();
    order.forEach(function (holder) { stack.appendChild(holder); });
    board.appendChild(stack);
    if (caption) board.appendChild(el("p", "range", caption));
    return numberCells({
      board: stack,
      rows: rows.map(function (row) { return row.length; }),
      holder: function (i) { return holders[i]; },
      given: function (i, j) { return rows[i][j]; },
      hasAnswer: !!answer,
      answer: function (i, j) { return answer ? answer[i][j] : null; },
      max: Math.max(record.puzzle.max || 0, largest(answer), largest(rows)) || 99,
      /* rows counted from the top, as the player sees them */
      where: function (i, j) {
        return bricks ? t("Row {row}, brick {brick}", { row: rows.length - i, brick: j + 1 })
          : t("Row {row}, circle {circle}", { row: i + 1, circle: j + 1 });
      },
      name: function (i, j) { return this.where(i, j); }
    }, page);
  }

  // --- the frame around every puzzle --------------------------------------------------------------

  var games = {};  // type name -> make(board, record, page): filled by the games' own scripts

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
    var make = Object.prototype.hasOwnProperty.call(games, record.type) ? games[record.type] : null;
    if (!make) {
      board.appendChild(el("p", "unplayable", t("This puzzle type is for paper only in this edition.")));
      controls.hidden = options.hidden = clock.hidden = status.hidden = true;
      return;
    }
    var revealed = false, notesMode = false, autocheck = false, solvedNow = false, game;
    var seconds = 0, ticking = false, unsaved = 0;
    var past = [], future = [], now = null;  // undo and redo stacks of snapshots, and the present
    var hinted = [];  // indices of the hints given, in order: part of every snapshot, so Undo and Reset rewind it
    var lastAt = null;  // the cell the player last changed, as hints name cells: Hint looks near it
    var nowAt = null;  // the cell whose change made the present snapshot: Undo and Redo bring it back
    var settings = {};  // the game's own settings (page.option): name -> {box, apply}

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
      var chosen = {};
      Object.keys(settings).forEach(function (name) { if (settings[name].box.checked) chosen[name] = true; });
      storage.save(record.key, { version: 1, revealed: revealed, state: game.state(), time: seconds, autocheck: autocheck,
                                 hinted: hinted, settings: chosen });
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
      pauseButton.textContent = ticking ? t("Pause") : seconds ? t("Resume") : t("Start");
    }

    // undo and redo over whole snapshots of the board (and whether it was revealed)
    function snapshot() { return JSON.stringify({ state: game.state(), revealed: revealed, hinted: hinted }); }
    function commit() {
      var then = snapshot();
      if (then === now) return false;
      past.push([now, nowAt]);
      if (past.length > HISTORY_LIMIT) past.shift();
      future = [];
      now = then;
      nowAt = lastAt;
      return true;
    }
    function travel(from, to, word) {
      if (!from.length) { say(word === "undo" ? t("Nothing to undo.") : t("Nothing to redo.")); return; }
      to.push([now, nowAt]);
      var step = from.pop();
      now = step[0];
      nowAt = lastAt = step[1];  // Hint looks near the change that made the board as it is now
      var back = JSON.parse(now);
      game.restore(back.state);
      revealed = back.revealed;
      setHinted(back.hinted);
      settle(word === "undo" ? t("Undone.") : t("Redone."));
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
      if (solved) say(t("Solved!"), "good"); else say(message || "", tone);
      if (finished()) runClock(false);
      showClock();
      showHistory();
      save();
    }

    /* Hint: the next step of the grader's path not yet on the board, filled as a move (so Undo
     * takes it back, and the count of hints with it), named by its square ("Row 3, column 5"),
     * focused and flashed, with its reason in the status line and in the log of hints given (a
     * game with pointAt lights the hint's cells instead of filling them).
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
      if (!h.cells || !h.cells.length) return t("Hint {number} of {count}: {reason}.", { number: index + 1, count: hints.length, reason: h.why });
      // Translators: a hint in the status line and the hint log: "Row 3, column 5: 7 is the only number left here."
      return game.place ? t("{place}: {reason}.", { place: game.place(h.cells[0]), reason: h.why }) : t("{reason}.", { reason: h.why });
    }
    function setHinted(list) {
      hinted = (Array.isArray(list) ? list : []).filter(function (n, i, all) {
        return Number.isInteger(n) && n >= 0 && n < hints.length && all.indexOf(n) === i;
      });
      logList.textContent = "";
      hinted.forEach(function (n) { logList.appendChild(el("li", "", hintText(n))); });
      logTitle.textContent = tn("{count} hint given", "{count} hints given", hinted.length, { count: hinted.length });
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
      if (!hints.length || (words.length < hints.length && !game.hintState)) { say(t("No hints for this puzzle.")); return; }
      if (revealed) { say(t("The answer is shown: Undo or Reset to play on.")); return; }
      if (words.length === hints.length) {
        if (hinted.length >= hints.length) { say(t("No more hints: the last one filled in the answer.")); return; }
        var index = hinted.length;
        if (index === hints.length - 1 && game.fillAnswer) game.fillAnswer();
        recordHint(index, hintText(index));
        return;
      }
      if (game.wrong && game.wrong()) { say(WRONG_FIRST, "bad"); return; }
      /* The hints whose reasons hold on the board: the first not yet done, and each later one
       * whose "after" (how many hints before it its reason needs) reaches no further. */
      var first = -1, ready = [];
      for (var n = 0; n < hints.length; n++) {
        if (!hints[n].cells || !hints[n].cells.length) continue;
        var state = game.hintState(hints[n]);
        if (state === "done") continue;
        if (first < 0 && state !== "open") { say(state, "bad"); return; }
        if (first < 0) first = n;
        if (state === "open" && (Number.isInteger(hints[n].after) ? hints[n].after : n) <= first) ready.push(n);
      }
      if (first < 0) {
        say(game.solved() ? t("Nothing left to hint: the puzzle is solved.") : t("Nothing left to hint."));
        return;
      }
      var chosen = nearest(ready);
      flash(game.pointAt ? game.pointAt(hints[chosen]) : game.giveHint(hints[chosen]));
      recordHint(chosen, hintText(chosen));
    }
    /* Of the hints ready, the nearest to the cell the player last changed within NEAR
     * squares (or boxes), the first in order among the nearest; with none that near, the first. */
    function nearest(ready) {
      var best = ready[0], bestDistance = NEAR + 1;
      if (lastAt === null) return best;
      ready.forEach(function (n) {
        var at = hints[n].cells[0];
        var away = Array.isArray(at) && Array.isArray(lastAt)
          ? Math.max(Math.abs(at[0] - lastAt[0]), Math.abs(at[1] - lastAt[1])) : Math.abs(at - lastAt);
        if (away < bestDistance) { best = n; bestDistance = away; }
      });
      return best;
    }

    function setNotes(on) {
      notesMode = on;
      notesButton.setAttribute("aria-pressed", on ? "true" : "false");
      article.classList.toggle("notes-on", on);
      if (game.modeChanged) game.modeChanged();
      say(on ? t("Notes on: digits pencil in small numbers.") : t("Notes off."));
    }

    var page = {
      say: function (text) { say(text); },
      /* after a move; `at` is the cell it changed (as the hints name cells), if the game says */
      changed: function (at) {
        if (at !== undefined && at !== null) lastAt = at;
        if (!commit()) return;
        runClock(true);
        settle("");
      },
      check: function () { check(); },
      notesMode: function () { return notesMode; },
      option: function (name, label, apply) {
        var box = el("input");
        box.type = "checkbox";
        box.dataset.option = name;
        var holder = el("label");
        holder.appendChild(box);
        holder.appendChild(document.createTextNode(" " + label));
        options.appendChild(holder);
        settings[name] = { box: box, apply: apply };
        box.addEventListener("change", function () { apply(box.checked); save(); });
      }
    };
    function check() {
      var result = game.check();
      if (game.solved()) {
        markSolved(!revealed);
        say(revealed ? t("Complete (revealed).") : t("Solved!"), "good");
      } else if (result.wrong) {
        say(tn("{count} wrong entry, marked.", "{count} wrong entries, marked.", result.wrong, { count: result.wrong }), "bad");
      } else if (result.empty) {
        say(tn("No mistakes so far; {count} to fill.", "No mistakes so far; {count} to fill.", result.empty, { count: result.empty }), "good");
      } else {
        say(t("Not solved yet: something breaks a rule."), "bad");
      }
    }

    game = make(board, record, page);
    /* "Skip to puzzle 1" (or any link to a board) focuses the board itself, where keys do
     * nothing: hand the focus on to its square that takes them (its one Tab stop), so the arrow
     * keys and digits act at once. */
    board.addEventListener("focus", function () {
      var stop = board.querySelector("[data-nav][tabindex='0']") ||
        board.querySelector("input:not([disabled]), button:not([disabled]), [tabindex='0']");
      if (stop) stop.focus();
    });
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
    Object.keys(settings).forEach(function (name) {
      var box = settings[name].box;
      box.checked = !!(saved && saved.settings && saved.settings[name] === true);
      settings[name].apply(box.checked);
    });
    now = snapshot();
    if (autocheck && !revealed) game.check();
    markSolved(!revealed && game.solved());
    if (solvedNow) say(t("Solved!"), "good");
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
          settle(t("Answer revealed. Undo brings your entries back."));
        } else {
          say(t("This puzzle has no stored answer."));
        }
      } else if (action === "reset") {
        game.reset();
        game.clearMarks();
        revealed = false;
        setHinted([]);
        seconds = 0;
        runClock(false);
        commit();
        settle(t("Cleared. Undo brings your entries back."));
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
        if (game.cancel && game.cancel()) say(t("Let go: nothing picked."));
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
  /* What each record's type worked out for its game in Python (its play_data), by record index. */
  var playNode = document.getElementById("bookgen-play");
  var plays = playNode ? JSON.parse(playNode.textContent) : {};
  records.forEach(function (record, index) {
    if (Object.prototype.hasOwnProperty.call(plays, index)) record.play = plays[index];
  });

  /* A hint as the page packs it, [cells, value, phrase, numbers..., after?] (see bookgen.html),
   * back to {cells, value, why, after}: the phrase's "#"s filled with the numbers in turn. */
  function unpackHint(hint) {
    if (!Array.isArray(hint)) return hint;
    var phrase = String(phrases[hint[2]] || ""), slots = (phrase.match(/#/g) || []).length;
    var numbers = hint.slice(3, 3 + slots), n = 0;
    var unpacked = { cells: hint[0], value: hint[1], why: phrase.replace(/#/g, function () { return String(numbers[n++]); }) };
    if (hint.length > 3 + slots) unpacked.after = hint[3 + slots];
    return unpacked;
  }
  /* Every board is drawn once the whole page is read: the games' scripts, which follow this one,
   * have registered by then. */
  function start() {
    document.querySelectorAll("article.puzzle[data-index]").forEach(function (article) {
      var record = records[+article.dataset.index];
      try {
        mount(article, record);
      } catch (error) {
        var board = article.querySelector(".board");
        board.textContent = "";
        board.appendChild(el("p", "unplayable", t("This puzzle could not be drawn: {error}", { error: error.message })));
        article.querySelectorAll(".controls, .options, .clock").forEach(function (node) { node.hidden = true; });
      }
    });
    document.documentElement.classList.add("ready");
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start); else start();

  /* What a game's script takes from the frame: register(type, make) for each type it plays, where
   * make(board, record, page) draws the board and returns the game (see the top of this file);
   * keyHelp(li), a line of its own for the page's keyboard help; t, tn and tp for its words; the
   * shared widgets and exact numbers. */
  window.bookgenFrame = Object.freeze({
    register: function (type, make) { games[type] = make; },
    t: t, tn: tn, tp: tp,
    keyHelp: function (item) { var list = document.querySelector("#keys ul"); if (list) list.appendChild(item); },
    el: el, button: button, spoken: spoken, moveFocus: moveFocus, roving: roving, edgeScroller: edgeScroller,
    noteBook: noteBook, notesNode: notesNode, numberPad: numberPad, numberNode: numberNode,
    numberCells: numberCells, stackedCells: stackedCells, largest: largest,
    rat: rat, parseRational: parseRational, R: R,
    WRONG_FIRST: WRONG_FIRST, MINUS: MINUS
  });
})();

