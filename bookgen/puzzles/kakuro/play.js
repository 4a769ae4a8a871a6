/* Kakuro in the playable edition: a digit in every white square, so it plays through the frame's
 * numberCells. A black square is one of the frame's given squares whose words (its sums, for a
 * screen reader) stay out of sight; its diagonal, its shaded halves and its sums are drawn here.
 * The setting "Show candidates": every empty square without pencil marks shows, small, the digits
 * its two runs' sum tables still allow, given the digits entered in them.
 * Registers itself with the player's frame (bookgen/html/frame.js). */
(function (frame) {
  "use strict";

  var el = frame.el, t = frame.t;

  /* The digits (a bitmask, bit d for d) of every set of `count` different digits, none in
   * `used`, that add up to `total`. */
  function allowed(count, total, used) {
    var union = 0;
    for (var set = 0; set < 512; set++) {
      var digits = set << 1, bits = 0, sum = 0;
      for (var d = 1; d <= 9; d++) if (digits >> d & 1) { bits += 1; sum += d; }
      if (bits === count && sum === total && !(digits & used)) union |= digits;
    }
    return union;
  }

  function kakuroGame(board, record, page) {
    var cells = record.puzzle.cells, rows = cells.length, cols = cells[0].length;
    var answer = record.solution && record.solution.grid;
    /* Each white square's across and down run: its squares and its sum. */
    var runs = {};
    function runFrom(i, j, di, dj, sum) {  /* the run after clue square (i, j), two squares or more */
      var squares = [];
      for (var r = i + di, c = j + dj; r < rows && c < cols && cells[r][c] === null; r += di, c += dj) squares.push([r, c]);
      var run = { squares: squares, sum: sum };
      squares.forEach(function (at) { runs[at[0] + "," + at[1] + (di ? "v" : "h")] = run; });
    }
    cells.forEach(function (row, i) {
      row.forEach(function (clue, j) {
        if (clue === null) return;
        if (clue.across !== null) runFrom(i, j, 0, 1, clue.across);
        if (clue.down !== null) runFrom(i, j, 1, 0, clue.down);
      });
    });
    /* The digits a run's sum table leaves square (i, j), with the digits entered in its others. */
    function tableOf(run, i, j, at) {
      var used = 0, left = run.sum, empty = 0;
      run.squares.forEach(function (square) {
        if (square[0] === i && square[1] === j) { empty += 1; return; }
        var value = at(square[0], square[1]);
        if (value) { used |= 1 << value; left -= value; } else empty += 1;
      });
      return allowed(empty, left, used);
    }
    function candidates(i, j, at) {
      var mask = 1022;
      ["h", "v"].forEach(function (way) {
        var run = runs[i + "," + j + way];
        if (run) mask &= tableOf(run, i, j, at);
      });
      var left = [];
      for (var d = 1; d <= 9; d++) if (mask >> d & 1) left.push(d);
      return left;
    }
    function clueWords(clue) {
      if (clue.across !== null && clue.down !== null) {
        // Translators: what a screen reader says of a black square with two sums
        return t("sum {across} across, sum {down} down", { across: clue.across, down: clue.down });
      }
      if (clue.across !== null) return t("sum {across} across", { across: clue.across });
      if (clue.down !== null) return t("sum {down} down", { down: clue.down });
      // Translators: what a screen reader says of a black square without a sum
      return t("black square");
    }
    var showing = false, game;
    var grid = el("div", "grid kakuro");
    grid.style.setProperty("--cols", cols);
    board.appendChild(grid);
    game = frame.numberCells({
      board: grid,
      rows: cells.map(function (row) { return row.length; }),
      holder: function () { return grid; },
      given: function (i, j) { return cells[i][j] === null ? null : clueWords(cells[i][j]); },
      hasAnswer: !!answer,
      answer: function (i, j) { return answer ? answer[i][j] : null; },
      max: 9,
      candidates: function (i, j, at) { return showing ? candidates(i, j, at) : []; },
      digits: [1, 2, 3, 4, 5, 6, 7, 8, 9],
      where: function (i, j) { return t("Row {row}, column {column}", { row: i + 1, column: j + 1 }); },
      name: function (i, j) {
        var across = runs[i + "," + j + "h"], down = runs[i + "," + j + "v"];
        var place = { row: i + 1, column: j + 1, across: across && across.sum, down: down && down.sum };
        if (cells[i][j] !== null) return this.where(i, j);
        // Translators: a white square for a screen reader: its place and the sums of its two runs
        if (across && down) return t("Row {row}, column {column}, across {across}, down {down}", place);
        // Translators: a white square alone in its column: its place and the sum of its run across
        if (across) return t("Row {row}, column {column}, across {across}", place);
        return t("Row {row}, column {column}, down {down}", place);
      },
      decorate: function (cell, i, j) {
        var clue = cells[i][j];
        if (clue === null) return;
        cell.classList.add("clue");
        if (clue.across === null && clue.down === null) return;
        cell.classList.add("split");
        [["across", clue.across], ["down", clue.down]].forEach(function (half) {
          var node = el("span", "half " + half[0] + (half[1] === null ? "" : " sum"));
          node.setAttribute("aria-hidden", "true");
          if (half[1] !== null) node.appendChild(el("span", "sum-text", String(half[1])));
          cell.appendChild(node);
        });
      }
    }, page);
    // Translators: a checkbox; when ticked every empty square shows, small, the digits its two sums still allow.
    page.option("candidates", t("Show candidates"), function (on) { showing = on; game.repaint(); });
    return game;
  }

  frame.register("kakuro", kakuroGame);
})(window.bookgenFrame);
