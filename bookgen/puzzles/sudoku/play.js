/* Sudoku in the playable edition: a number per square, so it plays through the frame's
 * numberCells (a 12x12 or 16x16 takes two-digit numbers typed or from the pad's 0 to 9, or on a
 * hex grid one symbol, 0 to F, a square from a pad shown on every screen); bold box edges (a jigsaw's walls between its regions), shaded diagonals and a
 * killer's dashed cages with their sums come from classes and labels set here, and so does the
 * setting "Show candidates": every empty square without pencil marks shows, small, the numbers
 * its row, column, box or region (and diagonal) leave it, and in a killer that its cage's sum
 * leaves it too (some set of different numbers filling the cage's empty squares to its sum).
 * Registers itself with the player's frame (bookgen/html/frame.js). */
(function (frame) {
  "use strict";

  var el = frame.el, t = frame.t;

  function sudokuGame(board, record, page) {
    var givens = record.puzzle.givens, size = givens.length;
    var answer = record.solution && record.solution.grid;
    var play = record.play || {};
    var box = play.box || [3, 3];  // from Python: bookgen.puzzles.sudoku.drawing.play_data
    var regions = record.puzzle.regions;  // a jigsaw's region number per square, row by row
    var cages = record.puzzle.cages || [];
    var cageOf = {}, sumOf = {}, labelOf = {};  // a killer's cage index per square "row,col", its sum
    cages.forEach(function (cage, index) {
      var first = null;  // the sum goes in the cage's first square in reading order, as printed
      cage.cells.forEach(function (cell) {
        cageOf[cell[0] + "," + cell[1]] = index;
        if (!first || cell[0] * size + cell[1] < first[0] * size + first[1]) first = cell;
      });
      sumOf[index] = cage.sum;
      labelOf[first[0] + "," + first[1]] = index;
    });
    function cage(i, j) { var index = cageOf[i + "," + j]; return index === undefined ? -1 : index; }
    function house(i, j) {  // a square's box (or a jigsaw's region), as one number
      return regions ? regions[i][j] : Math.floor(i / box[0]) * size + Math.floor(j / box[1]);
    }
    function sameDiagonal(i, j, r, c) {
      return !!play.diagonal && ((i === j && r === c) || (i + j === size - 1 && r + c === size - 1));
    }
    /* Whether n fits an empty square of cage `index`: some set of different numbers, n among them,
     * not yet in the cage, fills its empty squares to what is left of its sum. */
    function cageTakes(index, n, at) {
      var left = sumOf[index], empty = 0, used = {};
      cages[index].cells.forEach(function (cell) {
        var value = at(cell[0], cell[1]);
        if (value) { left -= value; used[value] = true; } else empty += 1;
      });
      if (used[n]) return false;
      used[n] = true;
      function reaches(from, count, sum) {  // `count` more different numbers from `from` up, making `sum`
        if (count === 0) return sum === 0;
        for (var m = from; m <= size && m <= sum; m++) {
          if (!used[m] && reaches(m + 1, count - 1, sum - m)) return true;
        }
        return false;
      }
      return reaches(1, empty - 1, left - n);
    }
    /* The numbers no square that shares a row, column, box or diagonal with (i, j) holds, and in a
     * killer those its cage's sum leaves it. */
    function candidates(i, j, at) {
      var taken = {};
      for (var r = 0; r < size; r++) {
        for (var c = 0; c < size; c++) {
          if (r === i && c === j) continue;
          if (r === i || c === j || house(r, c) === house(i, j) || sameDiagonal(i, j, r, c)) taken[at(r, c)] = true;
        }
      }
      var left = [];
      var own = cage(i, j);
      for (var n = 1; n <= size; n++) if (!taken[n] && (own < 0 || cageTakes(own, n, at))) left.push(n);
      return left;
    }
    var showing = false, game;
    var hex = record.puzzle.symbols === "hex";
    var symbols = hex ? [""].concat("0123456789ABCDEF".slice(0, size).split("")) : null;
    var grid = el("div", "grid sudoku" + (size > 9 ? " large" + (hex ? "" : " two-digits") : ""));
    grid.style.setProperty("--cols", size);
    board.appendChild(grid);
    game = frame.numberCells({
      board: grid,
      rows: givens.map(function (row) { return row.length; }),
      holder: function () { return grid; },
      given: function (i, j) { return givens[i][j]; },
      hasAnswer: !!answer,
      answer: function (i, j) { return answer ? answer[i][j] : null; },
      max: size,
      candidates: function (i, j, at) { return showing ? candidates(i, j, at) : []; },
      // 1 to the size: the pad's keys; past 9, the pad's 0 to 9 type two-digit numbers
      digits: size <= 9 ? givens.map(function (row, i) { return i + 1; }) : undefined,
      symbols: symbols,
      where: function (i, j) { return t("Row {row}, column {column}", {row: i + 1, column: j + 1}); },
      name: function (i, j) {
        if (cage(i, j) >= 0 && regions) {
          return t("Row {row}, column {column}, region {region}, cage of {sum}",
                   {row: i + 1, column: j + 1, region: regions[i][j], sum: sumOf[cage(i, j)]});
        }
        if (cage(i, j) >= 0) {
          var inBox = Math.floor(i / box[0]) * (size / box[1]) + Math.floor(j / box[1]) + 1;
          return t("Row {row}, column {column}, box {box}, cage of {sum}",
                   {row: i + 1, column: j + 1, box: inBox, sum: sumOf[cage(i, j)]});
        }
        if (regions) {
          return t("Row {row}, column {column}, region {region}",
                   {row: i + 1, column: j + 1, region: regions[i][j]});
        }
        var number = Math.floor(i / box[0]) * (size / box[1]) + Math.floor(j / box[1]) + 1;
        return t("Row {row}, column {column}, box {box}", {row: i + 1, column: j + 1, box: number});
      },
      decorate: function (cell, i, j) {
        if (regions) {
          if (j + 1 < size && regions[i][j] !== regions[i][j + 1]) cell.classList.add("box-right");
          if (i + 1 < size && regions[i][j] !== regions[i + 1][j]) cell.classList.add("box-below");
        } else {
          if ((j + 1) % box[1] === 0 && j + 1 < size) cell.classList.add("box-right");
          if ((i + 1) % box[0] === 0 && i + 1 < size) cell.classList.add("box-below");
        }
        if (play.diagonal && (i === j || i + j === size - 1)) cell.classList.add("diagonal");
        var own = cage(i, j);
        if (own >= 0) {
          cell.classList.add("cage");
          if (cage(i - 1, j) !== own) cell.classList.add("cage-top");
          if (cage(i + 1, j) !== own) cell.classList.add("cage-bottom");
          if (cage(i, j - 1) !== own) cell.classList.add("cage-left");
          if (cage(i, j + 1) !== own) cell.classList.add("cage-right");
          if (labelOf[i + "," + j] === own) cell.appendChild(el("span", "cage-sum", String(sumOf[own])));
        }
      }
    }, page);
    // Translators: a checkbox; when ticked every empty square shows, small, the numbers still possible there.
    page.option("candidates", t("Show candidates"), function (on) { showing = on; game.repaint(); });
    return game;
  }

  frame.register("sudoku", sudokuGame);
})(window.bookgenFrame);
