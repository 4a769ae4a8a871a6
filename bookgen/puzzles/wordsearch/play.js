/* Word search in the playable edition: pick a word's first and last letter (drag across the
 * letters, or press Enter or Space on the first and then on the last, moving with the arrow keys);
 * a word of the list found there is outlined in the grid, one rounded band from its first letter
 * to its last as printed answer keys draw it (an SVG over the letters, so crossing words stay
 * apart), and struck through in the list (a children's list ticks its box). A shaped grid leaves its holes empty. Where the leftover letters
 * spell a hidden message, its blanks stand below the list and fill in, the letters lit, once every
 * word is found. Hints (from Python) say where a word begins: the frame lights that letter
 * (pointAt) and skips a word found already (hintState; a hint's value is its word). A puzzle of a
 * `theme: all` section shows its theme's name over the grid (translated in Python: record.play).
 * Registers itself with the player's frame (bookgen/html/frame.js). */
(function (frame) {
  "use strict";

  var el = frame.el, button = frame.button, spoken = frame.spoken, t = frame.t, tn = frame.tn;
  var STEPS = { E: [0, 1], S: [1, 0], SE: [1, 1], NE: [-1, 1], W: [0, -1], N: [-1, 0], NW: [-1, -1], SW: [1, -1] };

  var SVG = "http://www.w3.org/2000/svg";
  var BAND = 0.42;  // half a band's width, in squares

  /* A found word's band: a capsule round the centres of its first and last letters, in squares
   * (the SVG's units), turned along its direction. */
  function band(place) {
    var step = STEPS[place.direction], n = place.word.length - 1;
    var node = document.createElementNS(SVG, "rect");
    node.setAttribute("x", -BAND);
    node.setAttribute("y", -BAND);
    node.setAttribute("width", n * Math.hypot(step[0], step[1]) + 2 * BAND);
    node.setAttribute("height", 2 * BAND);
    node.setAttribute("rx", BAND);
    node.setAttribute("transform", "translate(" + (place.col + 0.5) + " " + (place.row + 0.5) + ") rotate(" +
                      Math.atan2(step[0], step[1]) * 180 / Math.PI + ")");
    node.dataset.word = place.word;
    return node;
  }

  function squaresOf(place) {
    var step = STEPS[place.direction], out = [];
    for (var i = 0; i < place.word.length; i++) out.push((place.row + i * step[0]) + "," + (place.col + i * step[1]));
    return out;
  }

  function wordsearchGame(board, record, page) {
    var puzzle = record.puzzle, grid = puzzle.grid, words = puzzle.words, shown = puzzle.shown || {}, written = puzzle.written || {};
    var places = (record.solution && record.solution.placements) || [];
    var message = record.solution && record.solution.message;
    var rows = grid.length, cols = grid[0].length;
    var found = [], start = null, dragFrom = null, swallow = false;  // swallow: the click that ends a drag
    var holder = el("div", "wordsearch" + (puzzle.children ? " children" : ""));
    if (record.play && record.play.theme) holder.appendChild(el("p", "theme", record.play.theme));
    var table = el("div", "letters");
    table.setAttribute("role", "group");
    table.setAttribute("aria-label", t("Letters"));
    table.style.setProperty("--cols", cols);
    var bands = document.createElementNS(SVG, "svg");
    bands.setAttribute("class", "bands");
    bands.setAttribute("viewBox", "0 0 " + cols + " " + rows);
    bands.setAttribute("aria-hidden", "true");
    table.appendChild(bands);
    var cells = [];
    for (var r = 0; r < rows; r++) {
      for (var c = 0; c < cols; c++) {
        if (grid[r][c] === ".") { table.appendChild(el("span", "hole")); cells.push(null); continue; }
        var cell = button("letter", "");
        cell.dataset.nav = "";
        cell.dataset.row = r;
        cell.dataset.col = c;
        cell.appendChild(document.createTextNode(grid[r][c]));
        cell.appendChild(spoken(", " + t("row {row}, column {column}", { row: r + 1, column: c + 1 })));
        table.appendChild(cell);
        cells.push(cell);
      }
    }
    function term(word) { return written[word] || shown[word] || word; }
    var list = el("ul", "words");
    list.setAttribute("aria-label", t("Words to find"));
    var items = {};
    words.slice().sort(function (a, b) { return term(a).localeCompare(term(b), document.documentElement.lang || undefined); })
      .forEach(function (word) { items[word] = list.appendChild(el("li", "", term(word))); });
    list.style.setProperty("--longest", Math.max.apply(null, words.map(function (word) { return term(word).length; })));
    var side = el("div", "side");
    side.appendChild(list);
    var blanks = null;
    if (puzzle.message_lengths) {
      var told = side.appendChild(el("div", "message"));
      told.appendChild(el("p", "heading", t("Hidden message:")));
      blanks = told.appendChild(el("p", "blanks"));
      blanks.setAttribute("aria-live", "polite");
    }
    holder.appendChild(table);
    frame.scrollView(table);  // a grid wider than a phone scrolls in a box of its own
    holder.appendChild(side);
    board.appendChild(holder);
    var rove = frame.roving(table);

    function at(node) { return node && node.closest ? node.closest(".letter") : null; }
    function key(node) { return node.dataset.row + "," + node.dataset.col; }
    function show() {
      var marked = {};
      bands.textContent = "";
      found.forEach(function (word) {
        places.filter(function (p) { return p.word === word; }).forEach(function (p) {
          squaresOf(p).forEach(function (square) { marked[square] = true; });
          bands.appendChild(band(p));
        });
      });
      var solved = found.length === words.length;
      cells.forEach(function (node) {
        if (!node) return;
        node.classList.toggle("found", !!marked[key(node)]);
        node.classList.toggle("left", solved && !!blanks && !marked[key(node)]);
        node.classList.toggle("start", start === node);
        node.setAttribute("aria-pressed", start === node ? "true" : "false");
      });
      words.forEach(function (word) {
        var item = items[word], done = found.indexOf(word) >= 0;
        item.classList.toggle("found", done);
        item.textContent = term(word);
        if (done) item.appendChild(spoken(", " + t("found")));
      });
      if (blanks) showMessage(solved);
    }
    /* The message's blanks, one underscore a letter, or once every word is found the message. */
    function showMessage(solved) {
      blanks.textContent = solved ? message : puzzle.message_lengths.map(function (length) {
        return new Array(length + 1).join("_");
      }).join("  ");
      blanks.classList.toggle("solved", solved);
      var letters = puzzle.message_lengths.reduce(function (a, b) { return a + b; }, 0);
      if (!solved) blanks.appendChild(spoken(tn("{count} letter", "{count} letters", letters, { count: letters })));
    }

    /* The squares from `a` to `b` when they lie on one line (across, down or diagonal). */
    function line(a, b) {
      var r0 = +a.dataset.row, c0 = +a.dataset.col, r1 = +b.dataset.row, c1 = +b.dataset.col;
      var dr = Math.sign(r1 - r0), dc = Math.sign(c1 - c0), n = Math.max(Math.abs(r1 - r0), Math.abs(c1 - c0));
      if (r0 !== r1 && c0 !== c1 && Math.abs(r1 - r0) !== Math.abs(c1 - c0)) return null;
      var out = [];
      for (var i = 0; i <= n; i++) out.push((r0 + i * dr) + "," + (c0 + i * dc));
      return out;
    }
    function pick(a, b) {
      start = null;
      var squares = line(a, b);
      if (!squares || squares.length < 2) { show(); page.say(t("A word runs in a straight line: across, down or diagonally.")); return; }
      var chosen = squares.slice().sort().join(" ");
      var hit = places.filter(function (p) { return squaresOf(p).sort().join(" ") === chosen; })[0];
      if (!hit) { show(); page.say(t("No word of the list lies there.")); return; }
      if (found.indexOf(hit.word) >= 0) { show(); page.say(t("{word} is found already.", { word: term(hit.word) })); return; }
      found.push(hit.word);
      show();
      page.changed();
      var left = words.length - found.length;
      var said = term(hit.word);
      page.say(left ? tn("{word} found: {count} word left.", "{word} found: {count} words left.", left, { word: said, count: left })
                    : blanks ? t("{word} found: every word is found. The hidden message: {message}", { word: said, message: message })
                    : t("{word} found: every word is found.", { word: said }));
    }
    function press(node) {
      if (!start) { start = node; show(); page.say(t("Now pick the word's last letter.")); return; }
      if (start === node) { start = null; show(); page.say(""); return; }
      pick(start, node);
    }

    table.addEventListener("pointerdown", function (event) {
      var node = at(event.target);
      if (!node || (event.button !== undefined && event.button !== 0)) return;
      dragFrom = node;
    });
    table.addEventListener("pointerup", function (event) {
      var node = at(document.elementFromPoint(event.clientX, event.clientY));
      var from = dragFrom;
      dragFrom = null;
      if (from && node && node !== from) { event.preventDefault(); start = null; pick(from, node); swallow = true; }
    });
    table.addEventListener("click", function (event) {
      var node = at(event.target);
      if (swallow) { swallow = false; return; }
      if (node) press(node);
    });
    table.addEventListener("keydown", function (event) {
      var node = at(event.target);
      if (node && frame.moveFocus(table, node, event.key)) event.preventDefault();
    });
    frame.keyHelp(el("li", "", t("Word search: Enter or Space on a word's first letter, then on its last.")));
    show();

    return {
      state: function () { return found.slice(); },
      restore: function (state) { found = (state || []).filter(function (w) { return words.indexOf(w) >= 0; }); start = null; show(); },
      check: function () { return { wrong: 0, empty: words.length - found.length }; },
      solved: function () { return found.length === words.length; },
      reveal: function () { found = words.slice(); start = null; show(); return true; },
      reset: function () { found = []; start = null; show(); rove(); },
      clearMarks: function () {},
      hintState: function (hint) { return found.indexOf(hint.value) >= 0 ? "done" : "open"; },
      pointAt: function (hint) {
        return hint.cells.map(function (at) { return cells[at[0] * cols + at[1]]; }).filter(Boolean);
      },
      cancel: function () { if (!start) return false; start = null; show(); return true; }
    };
  }

  frame.register("wordsearch", wordsearchGame);
})(window.bookgenFrame);
