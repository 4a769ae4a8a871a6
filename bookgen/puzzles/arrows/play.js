/* Arrows in the playable edition: number the squares so each arrow points on to the next number.
 * The answer is a number per square, so it plays through the frame's numberCells; registers
 * itself with the player's frame (bookgen/html/frame.js). */
(function (frame) {
  "use strict";

  var el = frame.el, largest = frame.largest;

  var ARROW_WORDS = {
    N: "up", NE: "up-right", E: "right", SE: "down-right", S: "down", SW: "down-left", W: "left", NW: "up-left"
  };

  /* "arrow right", "arrow up and down" */
  function arrowWords(name) {
    if (!name) return "no arrow";
    return "arrow " + name.split("+").map(function (head) { return ARROW_WORDS[head] || head; }).join(" and ");
  }

  function arrowsGame(board, record, page) {
    var arrows = record.puzzle.arrows, givens = record.puzzle.givens || [];
    var answer = record.solution && record.solution.grid;
    var glyphs = (record.play && record.play.glyphs) || [];  // from Python: bookgen.puzzles.arrows.glyph
    var grid = el("div", "grid arrows");
    grid.style.setProperty("--cols", arrows[0].length);
    board.appendChild(grid);
    return frame.numberCells({
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
        var arrow = el("span", "arrow", (glyphs[i] && glyphs[i][j]) || arrows[i][j] || "");
        arrow.setAttribute("aria-hidden", "true");
        cell.appendChild(arrow);
      }
    }, page);
  }


  frame.register("arrows", arrowsGame);
})(window.bookgenFrame);
