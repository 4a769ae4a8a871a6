/* Futoshiki in the playable edition: a number per square, so it plays through the frame's
 * numberCells; the squares stand apart and each sign sits in the gap between its two squares,
 * its tip at the smaller number (turned a quarter for squares one above the other), as printed;
 * a screen reader hears each square's signs in its name. Registers itself with the player's
 * frame (bookgen/html/frame.js). */
(function (frame) {
  "use strict";

  var el = frame.el, t = frame.t;

  function futoshikiGame(board, record, page) {
    var size = record.puzzle.size, givens = record.puzzle.givens;
    var answer = record.solution && record.solution.grid;
    var right = {}, below = {}, told = {};  // "row,col" -> "<" or ">" towards the next square; words
    function tell(i, j, text) { (told[i + "," + j] = told[i + "," + j] || []).push(text); }
    record.puzzle.signs.forEach(function (sign) {
      var a = sign.a, b = sign.b, less = sign.op === "<", key = a[0] + "," + a[1];
      if (a[0] === b[0]) right[key] = sign.op; else below[key] = sign.op;
      var there = {row: b[0] + 1, column: b[1] + 1}, here = {row: a[0] + 1, column: a[1] + 1};
      tell(a[0], a[1], less ? t("less than row {row}, column {column}", there)
                            : t("greater than row {row}, column {column}", there));
      tell(b[0], b[1], less ? t("greater than row {row}, column {column}", here)
                            : t("less than row {row}, column {column}", here));
    });
    var grid = el("div", "grid futoshiki");
    grid.style.setProperty("--cols", size);
    board.appendChild(grid);
    var digits = [];
    for (var n = 1; n <= size; n++) digits.push(n);
    return frame.numberCells({
      board: grid,
      rows: givens.map(function (row) { return row.length; }),
      holder: function () { return grid; },
      given: function (i, j) { return givens[i][j]; },
      hasAnswer: !!answer,
      answer: function (i, j) { return answer ? answer[i][j] : null; },
      max: size,
      digits: digits,
      where: function (i, j) { return t("Row {row}, column {column}", {row: i + 1, column: j + 1}); },
      name: function (i, j) {
        var place = t("Row {row}, column {column}", {row: i + 1, column: j + 1});
        return (told[i + "," + j] || []).reduce(function (text, sign) { return text + ", " + sign; }, place);
      },
      decorate: function (cell, i, j) {
        var key = i + "," + j;
        [["right", right[key]], ["below", below[key]]].forEach(function (side) {
          if (!side[1]) return;
          var sign = el("span", "sign " + side[0], side[1]);
          sign.setAttribute("aria-hidden", "true");
          cell.appendChild(sign);
        });
      }
    }, page);
  }

  frame.register("futoshiki", futoshikiGame);
})(window.bookgenFrame);
