/* Pair sums in the playable edition: one row of number cells (the frame's numberCells), the sums
 * of neighbours written under it as the book prints them above. Registers with the player's frame. */
(function (frame) {
  "use strict";

  var t = frame.t;  /* the page's words, in the book's language (frame.js) */

  frame.register("pairsum", function (board, record, page) {
    var puzzle = record.puzzle, answer = record.solution && record.solution.row;
    var row = frame.el("div", "row");
    var stack = frame.el("div", "stack pairsum");  // the frame styles .stack; play.css .pairsum
    stack.style.setProperty("--cols", puzzle.size);
    stack.appendChild(row);
    board.appendChild(stack);
    var sums = puzzle.sums.map(function (sum) { return sum ? String(sum) : "?"; });
    board.appendChild(frame.el("p", "range", t("Neighbours add up to, left to right: {sums}",
                                              {sums: sums.join(", ")})));
    return frame.numberCells({
      board: stack,
      rows: [puzzle.size],
      holder: function () { return row; },
      given: function (i, j) { return puzzle.givens[j]; },
      hasAnswer: !!answer,
      answer: function (i, j) { return answer ? answer[j] : null; },
      max: puzzle.size,
      where: function (i, j) { return t("Cell {number}", {number: j + 1}); },
      name: function (i, j) { return this.where(i, j); }
    }, page);
  });
})(window.bookgenFrame);
