/* Calcudoku in the playable edition: a number per square, so it plays through the frame's
 * numberCells; the cages' bold walls come from classes set here, and each cage's target and sign
 * (worked out in Python in the book's signs: bookgen.puzzles.calcudoku.drawing.play_data) sits in
 * the corner of its first square, as printed. Registers itself with the player's frame
 * (bookgen/html/frame.js). */
(function (frame) {
  "use strict";

  var el = frame.el, t = frame.t, tn = frame.tn;

  function calcudokuGame(board, record, page) {
    var size = record.puzzle.size, cages = record.puzzle.cages;
    var answer = record.solution && record.solution.grid;
    var labels = (record.play && record.play.labels) || [];
    var owner = [], firsts = {}, givens = [];
    for (var i = 0; i < size; i++) { owner.push([]); givens.push([]); }
    cages.forEach(function (cage, index) {
      var first = cage.cells[0];
      cage.cells.forEach(function (cell) {
        owner[cell[0]][cell[1]] = index;
        if (cell[0] < first[0] || (cell[0] === first[0] && cell[1] < first[1])) first = cell;
      });
      firsts[first[0] + "," + first[1]] = index;
      if (cage.op === "=") givens[first[0]][first[1]] = cage.target;
    });
    function cageOf(i, j) { return i >= 0 && j >= 0 && i < size && j < size ? owner[i][j] : -1; }
    var grid = el("div", "grid calcudoku");
    grid.style.setProperty("--cols", size);
    board.appendChild(grid);
    var digits = [];
    for (var n = 1; n <= size; n++) digits.push(n);
    return frame.numberCells({
      board: grid,
      rows: owner.map(function () { return size; }),
      holder: function () { return grid; },
      given: function (i, j) { return givens[i][j] || 0; },
      hasAnswer: !!answer,
      answer: function (i, j) { return answer ? answer[i][j] : null; },
      max: size,
      digits: digits,
      where: function (i, j) { return t("Row {row}, column {column}", {row: i + 1, column: j + 1}); },
      name: function (i, j) {
        var index = cageOf(i, j), count = cages[index].cells.length;
        return tn("Row {row}, column {column}, cage {label} of {count} square",
                  "Row {row}, column {column}, cage {label} of {count} squares", count,
                  {row: i + 1, column: j + 1, label: labels[index] || "", count: count});
      },
      decorate: function (cell, i, j) {
        var own = cageOf(i, j);
        if (j + 1 < size && cageOf(i, j + 1) !== own) cell.classList.add("wall-right");
        if (i + 1 < size && cageOf(i + 1, j) !== own) cell.classList.add("wall-below");
        if (firsts[i + "," + j] === own && cages[own].op !== "=") {
          var label = el("span", "cage-label", labels[own] || String(cages[own].target));
          label.setAttribute("aria-hidden", "true");
          cell.appendChild(label);
        }
      }
    }, page);
  }

  frame.register("calcudoku", calcudokuGame);
})(window.bookgenFrame);
