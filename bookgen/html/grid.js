/* bookgen playable edition, the parts boards are made of (one piece of the frame: see frame.js).
 *
 * Elements and words for screen readers, the box a drawing wider than its board scrolls in
 * (scrollView), pencil marks, numbers as the book prints them, the number pad, and whole boards
 * whose answer is a number per cell (numberCells, and stackedCells for rows centred over each
 * other), which several games build on. The pencil marks' bookkeeping
 * (noteBook) touches no page, so tests run it in Node.
 */
/* global t, WRONG_NUMBER, MINUS, moveFocus, roving */
/* exported el, button, spoken, scrollView, noteBook, notesNode, numberNode, numberPad, numberCells, largest,
   stackedCells, typedLetters */

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

/* The grid's letters for what was just typed, `text` (an input's value, the last character that
 * is a letter counting), as bookgen.core.letters.grid_form writes them: capitals, a letter of
 * `letters` (the language's: Ä in German, Ñ in Spanish) as it is, a letter `spelled` writes with
 * two as those two (ß as S S, œ as O E, æ as A E: a French phone's keyboard offers CŒUR, the grid
 * writes COEUR), any other with its marks dropped (é as E). [] where nothing is a letter of them.
 * A game writes the first in the box typed on and the others in the boxes after it. */
function typedLetters(text, letters, spelled) {
  var chars = Array.from(String(text || "").normalize("NFC"));
  for (var k = chars.length - 1; k >= 0; k--) {
    var found = [];
    Array.from(chars[k].toUpperCase()).forEach(function (upper) {
      var plain = letters.indexOf(upper) >= 0 ? upper
        : (spelled && spelled[upper]) || upper.normalize("NFD").replace(/[\u0300-\u036f]/g, "");
      Array.from(plain).forEach(function (letter) { if (letters.indexOf(letter) >= 0) found.push(letter); });
    });
    if (found.length) return found;
  }
  return [];
}

/* A board's drawing, `node` (already in its place), moved into a box of its own that scrolls
 * sideways when the drawing is wider than the board, so the buttons and lists around it stay put;
 * returns the box. While more of the drawing lies to a side, the box's holder (.scroll-view) is
 * marked more-left or more-right, and play.css draws a fade and an arrow there: a phone shows no
 * scroll bar until touched, and a grid cut at a line between squares looks whole. `stuck`, if
 * given, is a part that stays at the box's left as it scrolls (clues stuck beside the rows): the
 * left-hand cue starts beside it, not over it. */
function scrollView(node, stuck) {
  var view = el("div", "scroll-view"), box = el("div", "scroll-box");
  node.parentNode.insertBefore(view, node);
  box.appendChild(node);
  view.appendChild(box);
  function edges() {
    var hidden = box.scrollWidth - box.clientWidth;
    view.classList.toggle("more-left", hidden > 1 && box.scrollLeft > 1);
    view.classList.toggle("more-right", hidden > 1 && box.scrollLeft < hidden - 1);
    if (stuck) view.style.setProperty("--cue-from", stuck.offsetWidth + "px");
  }
  box.addEventListener("scroll", edges, { passive: true });
  if (window.ResizeObserver) {
    var sizes = new ResizeObserver(edges);
    sizes.observe(box);
    sizes.observe(node);
  } else {
    window.addEventListener("resize", edges);
  }
  edges();
  return box;
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
 * press(digit) gets a number, or null for Clear; `labels`, if given, are what the keys show, by
 * number (hex digits, 0 to F). A mouse press keeps the focus where it was (in the square being
 * filled). */
function numberPad(board, className, press, digits, labels) {
  var pad = el("div", className);
  pad.setAttribute("role", "group");
  pad.setAttribute("aria-label", t("Number pad"));
  (digits ? digits.map(String) : "1234567890".split("")).forEach(function (digit) {
    var key = button("", labels ? labels[+digit] : digit);
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
 * pencil mark), holder(i) for each row of cells and board, the element arrow keys move in (in its
 * place on the page: it goes into a box of its own that scrolls, scrollView);
 * digits, where a square holds one of a few single digits (1 to 4 on a 4x4 grid): the pad shows
 * only those, and other keys type nothing; candidates(i, j, at), optional, lists what an empty
 * square without pencil marks shows small (at(r, c) is the number in a square, given or entered,
 * or 0), redrawn with every change and on repaint(); symbols, where the book prints each number
 * as a character of its own (hex digits: 0 to F for 1 to 16): symbols[n] is number n's, a
 * square takes one (the last typed), the pad shows them on every screen (a phone's number
 * keyboard has no letters, so it stays down) and the page shows them wherever it shows numbers. */
function numberCells(layout, page) {
  var holder = layout.board.parentNode;  // the pad goes here, under the box the grid scrolls in
  scrollView(layout.board);
  var inputs = [], squares = [], marks = {};  // inputs[i][j]: an input, or null for a given; squares[i][j]: its cell
  var notes = noteBook(layout.max);
  var symbols = layout.symbols || null;
  var others = symbols ? new RegExp("[^" + symbols.join("") + "]+", "g")
    : layout.digits ? new RegExp("[^" + layout.digits.join("") + "]+", "g") : /\D+/g;
  function shown(n) { return symbols ? symbols[n] : String(n); }
  function valueOf(text) {  // the number a square's text stands for, 0 for none
    if (!symbols) return +text || 0;
    var at = text ? symbols.indexOf(String(text).toUpperCase()) : -1;
    return at > 0 ? at : 0;
  }
  layout.rows.forEach(function (width, i) {
    inputs.push([]);
    squares.push([]);
    for (var j = 0; j < width; j++) {
      var cell = el("div", "cell");
      squares[i].push(cell);
      var given = layout.given(i, j);
      if (layout.decorate) layout.decorate(cell, i, j);
      if (given) {
        cell.classList.add("given");
        // Translators: what a screen reader says before a given number: "Row 1, column 2: 5, given"
        cell.appendChild(spoken(t("{place}:", { place: layout.name(i, j) }) + " "));
        cell.appendChild(el("span", "value", shown(given)));
        // Translators: what a screen reader says after a given number: "Row 1, column 2: 5, given"
        cell.appendChild(spoken(t(", given")));
        inputs[i].push(null);
      } else {
        var input = el("input");
        input.type = "text";
        input.inputMode = symbols ? "none" : "numeric";
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
  function numberAt(i, j) {
    var input = inputs[i][j];
    return input ? valueOf(input.value) : +layout.given(i, j) || 0;
  }
  function paint() {
    each(function (input, i, j) {
      var cell = input.parentNode, key = i + "," + j;
      var pencil = input.value ? [] : notes.list(key);
      var wrong = input.value !== "" && marks[key] === input.value;
      var old = cell.querySelector(".notes");
      if (old) old.remove();
      var auto = input.value || pencil.length || !layout.candidates ? [] : layout.candidates(i, j, numberAt);
      if (pencil.length) cell.insertBefore(notesNode(pencil.map(shown)), input);
      else if (auto.length) cell.insertBefore(notesNode(auto.map(shown), "candidates"), input);
      cell.classList.toggle("wrong", wrong);
      if (wrong) input.setAttribute("aria-invalid", "true"); else input.removeAttribute("aria-invalid");
      input.setAttribute("aria-label", pencil.length ? t("{place}, notes {notes}", { place: layout.name(i, j), notes: pencil.map(shown).join(" ") })
        : layout.name(i, j));
    });
  }
  each(function (input, i, j) {
    var key = i + "," + j;
    input.addEventListener("input", function () {
      var digits = (symbols ? input.value.toUpperCase() : input.value).replace(others, "");
      if (symbols) digits = digits.slice(-1);
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
        String(event.data || "").toUpperCase().replace(others, "").split("").forEach(function (digit) {
          if (symbols) notes.stop();  // one character is one mark: no two-digit marks
          if (digit && notes.type(key, symbols ? valueOf(digit) : +digit)) changed = true;
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
  var pad = numberPad(holder, "pad typed", function (digit) {
    if (!last) { page.say(t("Pick a square first, then a number.")); return; }
    var key = last.dataset.row + "," + last.dataset.col, changed = true;
    if (page.notesMode() && last.value === "") {
      if (symbols) notes.stop();
      changed = digit === null ? notes.erase(key) : notes.type(key, digit);
    } else if (digit === null) {
      last.value = "";
    } else if (symbols) {
      last.value = shown(digit);
    } else {
      last.value = ((fresh ? "" : last.value) + digit).slice(0, 4);
    }
    fresh = false;
    if (changed) { paint(); page.changed([+last.dataset.row, +last.dataset.col]); }
  }, symbols ? symbols.map(function (symbol, n) { return n; }).slice(1) : layout.digits, symbols);
  if (symbols) pad.classList.add("always");
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
        input.value = typeof v === "string" && (symbols ? v === "" || valueOf(v) > 0 : /^\d{0,4}$/.test(v)) ? v : "";
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
        if (layout.hasAnswer && valueOf(input.value) !== layout.answer(i, j)) { marks[i + "," + j] = input.value; wrong += 1; }
      });
      paint();
      return { wrong: wrong, empty: empty };
    },
    solved: function () {
      if (!layout.hasAnswer) return false;
      var ok = true;
      each(function (input, i, j) { if (input.value === "" || valueOf(input.value) !== layout.answer(i, j)) ok = false; });
      return ok;
    },
    reveal: function () {
      if (!layout.hasAnswer) return false;
      each(function (input, i, j) { input.value = shown(layout.answer(i, j)); });
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
      if (layout.hasAnswer) each(function (input, i, j) { if (input.value !== "" && valueOf(input.value) !== layout.answer(i, j)) wrong += 1; });
      return wrong;
    },
    wrongFirst: WRONG_NUMBER,
    hintState: function (hint) {
      var state = "done";
      hint.cells.forEach(function (at) {
        var input = inputs[at[0]] && inputs[at[0]][at[1]];
        if (!input) return;
        if (input.value === "") { if (state === "done") state = "open"; }
        else if (valueOf(input.value) !== hint.value) state = WRONG_NUMBER;
      });
      return state;
    },
    place: function (at) { return layout.where(at[0], at[1]); },
    /* the squares at `cells` ([row, column] each), given ones too, which Hint lights while it
     * says a crossing-out step */
    cellsAt: function (cells) {
      return cells.map(function (at) { return squares[at[0]] && squares[at[0]][at[1]]; })
        .filter(function (node) { return !!node; });
    },
    giveHint: function (hint) {
      var nodes = [];
      hint.cells.forEach(function (at) {
        var input = inputs[at[0]] && inputs[at[0]][at[1]];
        if (!input) return;
        input.value = shown(hint.value);
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

