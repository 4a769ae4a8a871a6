/* Fill-ins and crosswords in the playable edition: type letters into a free-form grid. A square
 * picked (by click, tap, Tab or the arrow keys) holds the cursor; its word, across or down, is
 * lit, and a letter typed goes in and moves the cursor on along the word, as the grid writes it
 * (Spanish Í as I, ß as S S in two squares; the rules come with the play data: "letters"). A given
 * square the cursor comes to takes a letter that matches it (the player types the whole answer)
 * or is stepped over (the player types the missing letters alone). Clicking the picked
 * square again, or Space, turns the direction; an arrow key along a word's line turns it that
 * way; Backspace clears a square and steps back. A crossword shows the current word's clue over
 * the grid and lists every clue (a clue clicked picks its word); a fill-in lists its words by
 * length, as the language writes them ("written": GARÇON), and strikes out each one the grid
 * shows. A crossword's hint fills one letter the player has not got (giveHint: its cells are that square, then the rest of its answer's squares), a
 * fill-in's points at the run of squares its word goes in (pointAt: its cells are those squares,
 * its value the word); either lights that word and its clue and moves the focus there, and a
 * wrong letter on the board stops it (wrong, WRONG_LETTER). Registers "fillin" and "crossword"
 * with the player's frame (bookgen/html/frame.js); the crossword's record names this script too.
 * Its words come translated with each record ("play": the types' `play_data`, see
 * bookgen/puzzles/fillin/playing.py), so that a page of crosswords alone says them too (the
 * page's catalogs are its types' homes, and this script lives in one of the two).
 * A crossword of a `theme: all` section shows its theme's name over the grid ("theme" in its play
 * data, translated in Python), as the printed page does.
 * A Dutch grid writes IJ in one square as Ĳ (bookgen.core.letters.square_form): there the player
 * types I then J (the J joins the I in the square before it), "ij" at once, or Ĳ itself.
 */
(function (frame) {
  "use strict";

  var el = frame.el, spoken = frame.spoken, t = frame.t;
  var STEP = { across: [0, 1], down: [1, 0] };
  var LETTER = /\p{L}/u;
  var IJ = "\u0132";
  var MARK = /\p{M}/gu;
  var MOVING = /^(Arrow|Backspace$|Delete$|Tab$|Enter$|Escape$|Home$|End$| $)/;

  /* Every run of two or more squares across and down, as bookgen.core.wordgrid's slots_of reads
   * them, in reading order of its first square. */
  function slotsOf(grid) {
    var rows = grid.length, cols = grid[0].length, slots = [];
    function open(r, c) { return r >= 0 && r < rows && c >= 0 && c < cols && grid[r][c] !== "#"; }
    for (var r = 0; r < rows; r++) {
      for (var c = 0; c < cols; c++) {
        if (!open(r, c)) continue;
        ["across", "down"].forEach(function (direction) {
          var s = STEP[direction];
          if (open(r - s[0], c - s[1]) || !open(r + s[0], c + s[1])) return;
          var squares = [];
          for (var k = 0; open(r + k * s[0], c + k * s[1]); k++) squares.push([r + k * s[0], c + k * s[1]]);
          slots.push({ row: r, col: c, direction: direction, squares: squares });
        });
      }
    }
    return slots;
  }

  function letterGame(board, record, page, kind) {
    var puzzle = record.puzzle, grid = puzzle.grid, words = record.play.words;
    var written = puzzle.written || {};
    var rules = record.play.letters || { kept: "", spelled: {} };
    function listed(word) { return written[word] || word; }  // as the language writes it (GARÇON), where the grid drops a mark
    var answer = record.solution && record.solution.grid;
    var rows = grid.length, cols = grid[0].length;
    var slots = slotsOf(grid);
    /* whether the grid writes IJ in one square: its words hold Ĳ (then none holds I beside J) */
    var joinsIJ = (puzzle.entries ? puzzle.entries.map(function (e) { return e.word; }) : puzzle.words || [])
      .join("").indexOf(IJ) >= 0;
    var numbers = {}, next = 1;
    slots.forEach(function (slot) {
      var key = slot.row + "," + slot.col;
      if (!numbers[key]) numbers[key] = next++;
      slot.number = numbers[key];
    });
    var clues = {};
    (puzzle.entries || []).forEach(function (entry) { clues[entry.direction + entry.number] = entry.clue; });
    var holder = el("div", "wordgrid " + kind);
    var current = el("p", "current-clue");
    current.setAttribute("aria-live", "polite");
    var table = el("div", "grid letters");
    table.style.setProperty("--cols", cols);
    table.setAttribute("role", "group");
    table.setAttribute("aria-label", words.squares);
    var inputs = {}, cells = {}, marks = {};
    var cursor = null, direction = "across";
    for (var r = 0; r < rows; r++) {
      for (var c = 0; c < cols; c++) {
        var key = r + "," + c, char = grid[r][c];
        var cell = el("div", char === "#" ? "block" : "cell square");
        if (char !== "#") {
          if (numbers[key] && kind === "crossword") cell.appendChild(el("span", "number", String(numbers[key])));
          if (char !== ".") {
            cell.classList.add("given");
            cell.appendChild(spoken(t(words.square, { row: r + 1, column: c + 1 }) + ":" + " "));
            cell.appendChild(el("span", "value", char));
            cell.appendChild(spoken(", " + words.given));
          } else {
            var input = el("input");
            input.type = "text";
            input.autocomplete = "off";
            input.setAttribute("autocapitalize", "characters");
            input.spellcheck = false;
            input.maxLength = 2;
            input.dataset.nav = "";
            input.dataset.row = r;
            input.dataset.col = c;
            input.setAttribute("aria-label", t(words.square, { row: r + 1, column: c + 1 }));
            cell.appendChild(input);
            inputs[key] = input;
          }
          cells[key] = cell;
        }
        table.appendChild(cell);
      }
    }
    var list = el("div", "word-lists");
    var items = {};
    if (kind === "crossword") {
      ["across", "down"].forEach(function (way) {
        var part = el("section", "clues");
        part.appendChild(el("h3", "", way === "across" ? words.across : words.down));
        var ol = el("ol");
        slots.filter(function (s) { return s.direction === way; }).forEach(function (slot) {
          var item = el("li");
          item.appendChild(el("span", "clue-number", slot.number + "."));
          item.appendChild(document.createTextNode(" " + (clues[way + slot.number] || "")));
          /* A press on a clue keeps the focus where it is: else it would go to the board, which
           * hands it to the grid's Tab stop; where that square lies out of view (a 13 x 11 grid at
           * 900 px), the page scrolls under the pointer, and the click lands beside the clue. */
          item.addEventListener("mousedown", function (event) { event.preventDefault(); });
          item.addEventListener("click", function () { pick(slot.squares[0], way); });
          items[way + slot.number] = item;
          ol.appendChild(item);
        });
        part.appendChild(ol);
        list.appendChild(part);
      });
    } else {
      var ul = el("ul", "words");
      ul.setAttribute("aria-label", words.list);
      puzzle.words.forEach(function (word) { items[word] = ul.appendChild(el("li", "", listed(word))); });
      ul.style.setProperty("--longest", Math.max.apply(null, puzzle.words.map(function (word) { return listed(word).length; })));
      list.appendChild(ul);
    }
    if (record.play.theme) holder.appendChild(el("p", "theme", record.play.theme));  // theme: all, as the PDF
    var line = kind === "crossword" ? holder.appendChild(clueLine()) : null;
    holder.appendChild(table);
    frame.scrollView(table);  // a grid wider than a phone scrolls under its clues, which stay put
    holder.appendChild(list);
    board.appendChild(holder);

    function clueSaid(slot) {
      var said = slot.direction === "across" ? words.acrossClue : words.downClue;
      return t(said, { number: slot.number, clue: clues[slot.direction + slot.number] || "" });
    }
    /* The current clue over the grid, on a line as tall as the longest clue at the board's width
     * (every clue lies hidden in the same place), so that a clue shown, or a longer one, moves
     * nothing under it: the grid stays under the finger that tapped it. The line takes no room
     * until a word is first picked (on a phone it was an empty band over the grid): see openLine. */
    function clueLine() {
      var made = el("div", "clue-line closed");
      made.appendChild(current);
      slots.forEach(function (slot) {
        made.appendChild(el("span", "clue-room", clueSaid(slot))).setAttribute("aria-hidden", "true");
      });
      return made;
    }
    /* The clue line opens with the page scrolled by as much as it pushed the grid down (less any
     * the browser's own scroll anchoring already took back), so the grid stays under the finger. */
    function openLine() {
      if (!line.classList.contains("closed")) return;
      var before = table.getBoundingClientRect().top;
      line.classList.remove("closed");
      var moved = table.getBoundingClientRect().top - before;
      if (moved) window.scrollBy(0, moved);
    }
    function at(r, c) {
      var key = r + "," + c;
      if (inputs[key]) return inputs[key].value;
      return grid[r] && grid[r][c] && grid[r][c] !== "#" && grid[r][c] !== "." ? grid[r][c] : "";
    }
    function slotAt(square, way) {
      return slots.filter(function (slot) {
        return slot.direction === way && slot.squares.some(function (s) { return s[0] === square[0] && s[1] === square[1]; });
      })[0] || null;
    }
    function read(slot) { return slot.squares.map(function (s) { return at(s[0], s[1]) || "."; }).join(""); }
    function paint() {
      var lit = {}, slot = cursor ? slotAt(cursor, direction) : null;
      if (slot) slot.squares.forEach(function (s) { lit[s[0] + "," + s[1]] = true; });
      Object.keys(cells).forEach(function (key) {
        var input = inputs[key];
        cells[key].classList.toggle("in-word", !!lit[key]);
        var wrong = !!input && input.value !== "" && marks[key] === input.value;
        cells[key].classList.toggle("wrong", wrong);
        if (input) { if (wrong) input.setAttribute("aria-invalid", "true"); else input.removeAttribute("aria-invalid"); }
      });
      if (kind === "crossword") {
        Object.keys(items).forEach(function (name) { items[name].classList.toggle("current", !!slot && name === slot.direction + slot.number); });
        if (slot) openLine();
        current.textContent = slot ? clueSaid(slot) : "";
      } else {
        var shown = {};
        slots.forEach(function (s) { var word = read(s); if (word.indexOf(".") < 0) shown[word] = true; });
        Object.keys(items).forEach(function (word) {
          items[word].classList.toggle("found", !!shown[word]);
          items[word].textContent = listed(word);
          if (shown[word]) items[word].appendChild(spoken(", " + words.placed));
        });
      }
    }
    function focusAt(square) {
      var input = inputs[square[0] + "," + square[1]];
      if (input) input.focus();
    }
    function pick(square, way) {
      typing = null;
      if (way && slotAt(square, way)) direction = way;
      else if (!slotAt(square, direction)) direction = direction === "across" ? "down" : "across";
      cursor = square;
      paint();
      var first = (slotAt(square, direction) || { squares: [square] }).squares.filter(function (s) { return inputs[s[0] + "," + s[1]]; });
      if (!inputs[square[0] + "," + square[1]] && first.length) focusAt(first[0]); else focusAt(square);
    }
    /* The next square along the current word that takes a letter (givens are stepped over), for
     * Backspace (`by` -1). */
    function step(square, by) {
      var slot = slotAt(square, direction);
      if (!slot) return null;
      var index = slot.squares.findIndex(function (s) { return s[0] === square[0] && s[1] === square[1]; });
      for (var k = index + by; k >= 0 && k < slot.squares.length; k += by) {
        var s = slot.squares[k];
        if (inputs[s[0] + "," + s[1]]) return s;
      }
      return null;
    }
    function write(input, letter) {
      input.value = letter;
      paint();
      page.changed([+input.dataset.row, +input.dataset.col]);
    }
    /* The grid's letters for text typed, as the grid writes its words (bookgen.core.letters'
     * grid_form, its rules in the play data): capitals, a mark the language's grids keep kept
     * (Spanish Ñ, German Ä), any other dropped (Spanish Í as I), a letter spelled with two
     * spelled out (ß as S, S: two squares). Signs that are no letters are left out. */
    function gridLetters(text) {
      var lang = document.documentElement.lang || undefined, letters = [];
      Array.from(text.normalize("NFC")).filter(function (ch) { return LETTER.test(ch); }).forEach(function (ch) {
        Array.from(ch.toLocaleUpperCase(lang)).forEach(function (upper) {
          var plain = rules.spelled[upper] ||
            (rules.kept.indexOf(upper) >= 0 ? upper : upper.normalize("NFD").replace(MARK, "").normalize("NFC"));
          letters.push.apply(letters, Array.from(plain));
        });
      });
      return letters;
    }
    function keyOf(square) { return square[0] + "," + square[1]; }
    /* Where the letters typed go on: `at`, an index along the current word, which may stand on a
     * given square the cursor stepped over or past the word's end (the focus then is in the square
     * that took the last letter); `half`, an I typed over a given Ĳ, whose J is to come. Set as
     * letters go in, forgotten as the player picks a square, turns the word or presses a key
     * other than a letter. */
    var typing = null;
    /* One letter typed at index `at` of `slot`; returns the index after it. A letter that matches
     * the given square the cursor stands on steps over it (the player types the whole answer,
     * SCHULE with S and E given); another goes on to the next square that takes a letter (the
     * player types the missing letters alone), or, where the word has none left, is not taken:
     * it overwrites neither a given nor the letter before. Past the end of a word that ends in a
     * square to fill, a letter replaces that square's. A J after an I joins it (Ĳ) where the grid
     * writes Ĳ in one square. */
    function typeAt(slot, at, letter) {
      var squares = slot.squares;
      var half = typing.half;
      typing.half = false;
      if (half && letter === "J") return at;
      var before = at > 0 && inputs[keyOf(squares[at - 1])];
      if (joinsIJ && letter === "J" && before && before.value === "I") {
        before.value = IJ;
        page.changed(squares[at - 1]);
        return at;
      }
      if (at < squares.length && !inputs[keyOf(squares[at])]) {
        var given = grid[squares[at][0]][squares[at][1]];
        if (letter === given) return at + 1;
        if (given === IJ && letter === "I") { typing.half = true; return at + 1; }
        var open = squares.findIndex(function (s, k) { return k > at && inputs[keyOf(s)]; });
        if (open < 0) return at;
        at = open;
      }
      if (at >= squares.length) {
        if (!inputs[keyOf(squares[squares.length - 1])]) return at;
        at = squares.length - 1;
      }
      inputs[keyOf(squares[at])].value = letter;
      page.changed(squares[at]);
      return at + 1;
    }
    /* Letters typed into `square` (they replaced `was`, the square's letter before): each goes in
     * where typeAt puts it, and the focus moves to the square the next letter takes, or stays in
     * the last that took one. */
    function typeIn(square, letters, was) {
      var input = inputs[keyOf(square)], slot = slotAt(square, direction);
      input.value = was;
      if (!slot) { write(input, letters[letters.length - 1]); return; }
      var index = slot.squares.findIndex(function (s) { return s[0] === square[0] && s[1] === square[1]; });
      var at = typing && typing.key === keyOf(square) && typing.direction === direction ? typing.at : index;
      typing = typing && typing.key === keyOf(square) && typing.direction === direction ? typing : { half: false };
      letters.forEach(function (letter) { at = typeAt(slot, at, letter); });
      var open = slot.squares.filter(function (s, k) { return k >= at && inputs[keyOf(s)]; })[0] ||
        slot.squares.filter(function (s, k) { return k < at && inputs[keyOf(s)]; }).pop();
      var half = typing.half;
      paint();
      focusAt(open);
      inputs[keyOf(open)].select();
      typing = { key: keyOf(open), direction: direction, at: at, half: half };
    }
    var clickedOn = null;
    Object.keys(inputs).forEach(function (key) {
      var input = inputs[key], square = key.split(",").map(Number);
      input.addEventListener("focus", function () {
        typing = null;
        was = input.value;
        if (!cursor || cursor[0] !== square[0] || cursor[1] !== square[1]) {
          cursor = square;
          if (!slotAt(square, direction)) direction = direction === "across" ? "down" : "across";
          paint();
        }
        input.select();
      });
      input.addEventListener("pointerdown", function () { clickedOn = document.activeElement === input ? input : null; });
      input.addEventListener("click", function () {
        typing = null;
        if (clickedOn === input) {
          var other = direction === "across" ? "down" : "across";
          if (slotAt(square, other)) { direction = other; paint(); }
        }
        clickedOn = null;
      });
      var was = "";
      input.addEventListener("beforeinput", function () { was = input.value; });
      input.addEventListener("input", function () {
        var text = input.value;
        if (was && text.length > was.length && text.indexOf(was) === 0) text = text.slice(was.length);
        else if (was && text.length > was.length && text.slice(-was.length) === was) text = text.slice(0, -was.length);
        var letters = gridLetters(text);
        if (letters.length) typeIn(square, letters, was);
        else { typing = null; write(input, ""); }  // cleared, or a sign that is no letter typed
        was = input.value;
      });
      input.addEventListener("keydown", function (event) {
        if (event.altKey || event.ctrlKey || event.metaKey) return;
        if (event.key.length === 1 && LETTER.test(event.key)) { event.stopPropagation(); return; }  // a letter, not the frame's H
        if (MOVING.test(event.key)) typing = null;  // the letters typed next begin where the cursor stands
        var way = { ArrowLeft: "across", ArrowRight: "across", ArrowUp: "down", ArrowDown: "down" }[event.key];
        if (event.key === " ") {
          event.preventDefault();
          var other = direction === "across" ? "down" : "across";
          if (slotAt(square, other)) { direction = other; paint(); }
        } else if (event.key === "Backspace" && input.value === "") {
          event.preventDefault();
          var back = step(square, -1);
          if (back) { inputs[back[0] + "," + back[1]].value = ""; focusAt(back); paint(); page.changed(back); }
        } else if (way && way !== direction && slotAt(square, way)) {
          event.preventDefault();
          direction = way;
          paint();
        } else if (way && frame.moveFocus(table, input, event.key)) {
          event.preventDefault();
        }
      });
    });
    frame.roving(table);
    frame.keyHelp(el("li", "", words.keys));
    paint();

    function each(fn) { Object.keys(inputs).forEach(function (key) { var s = key.split(","); fn(inputs[key], +s[0], +s[1], key); }); }
    function reveal() {
      if (!answer) return false;
      each(function (input, r, c) { input.value = answer[r][c]; });
      paint();
      return true;
    }
    /* A hint's word picked (lit, its clue shown) with the cursor on `square`, which takes the focus. */
    function pickWord(hint, square) {
      var a = hint.cells[0], b = hint.cells[1];
      pick(square, a[0] === b[0] ? "across" : "down");
    }
    function node(square) { return cells[square[0] + "," + square[1]]; }
    /* A crossword's hint: the letter in its square, its answer lit. */
    function giveHint(hint) {
      var square = hint.cells[0];
      inputs[square[0] + "," + square[1]].value = hint.value;
      pickWord(hint, square);
      return [node(square)];
    }
    /* A fill-in's hint: its word's squares lit, the focus on the first that lacks its letter. */
    function pointAt(hint) {
      var letters = Array.from(hint.value);
      var first = hint.cells.find(function (s, i) { return at(s[0], s[1]) !== letters[i]; }) || hint.cells[0];
      pickWord(hint, first);
      return [first].concat(hint.cells.filter(function (s) { return s !== first; })).map(node);
    }
    function hintState(hint) {
      var letters = kind === "crossword" ? [hint.value] : Array.from(hint.value);
      return letters.every(function (letter, i) { return at(hint.cells[i][0], hint.cells[i][1]) === letter; }) ? "done" : "open";
    }
    var game = {
      state: function () {
        var entries = [];
        for (var r = 0; r < rows; r++) {
          var row = [];
          for (var c = 0; c < cols; c++) row.push(inputs[r + "," + c] ? inputs[r + "," + c].value : "");
          entries.push(row);
        }
        return { entries: entries };
      },
      restore: function (state) {
        if (!state || !Array.isArray(state.entries)) return;
        typing = null;
        each(function (input, r, c) {
          var v = state.entries[r] && state.entries[r][c];
          input.value = typeof v === "string" && v.length <= 1 && (v === "" || LETTER.test(v)) ? v : "";
        });
        paint();
      },
      check: function () {
        var wrong = 0, empty = 0;
        marks = {};
        each(function (input, r, c, key) {
          if (input.value === "") { empty += 1; return; }
          if (answer && input.value !== answer[r][c]) { marks[key] = input.value; wrong += 1; }
        });
        paint();
        return { wrong: wrong, empty: empty };
      },
      solved: function () {
        if (!answer) return false;
        var ok = true;
        each(function (input, r, c) { if (input.value !== answer[r][c]) ok = false; });
        return ok;
      },
      reveal: reveal,
      reset: function () { each(function (input) { input.value = ""; }); marks = {}; typing = null; paint(); },
      clearMarks: function () { marks = {}; paint(); },
      cancel: function () { return false; },
      hintState: hintState,
      wrong: function () {
        var wrong = 0;
        each(function (input, r, c) { if (answer && input.value !== "" && input.value !== answer[r][c]) wrong += 1; });
        return wrong;
      },
      wrongFirst: frame.WRONG_LETTER
    };
    if (kind === "crossword") {
      game.giveHint = giveHint;
      game.place = function (square) { return t(words.square, { row: square[0] + 1, column: square[1] + 1 }); };
    } else {
      game.pointAt = pointAt;
    }
    return game;
  }

  frame.register("fillin", function (board, record, page) { return letterGame(board, record, page, "fillin"); });
  frame.register("crossword", function (board, record, page) { return letterGame(board, record, page, "crossword"); });
})(window.bookgenFrame);
