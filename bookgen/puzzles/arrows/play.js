/* Arrows in the playable edition: number the squares so each arrow points on to the next number.
 * The answer is a number per square, so it plays through the frame's numberCells; registers
 * itself with the player's frame (bookgen/html/frame.js). */
(function (frame) {
  "use strict";

  var el = frame.el, largest = frame.largest;

  var ARROW_GLYPHS = {
    N: "\u2191", NE: "\u2197", E: "\u2192", SE: "\u2198", S: "\u2193", SW: "\u2199", W: "\u2190", NW: "\u2196",
    "N+S": "\u2195", "S+N": "\u2195", "E+W": "\u2194", "W+E": "\u2194",
    "NE+SW": "\u2922", "SW+NE": "\u2922", "NW+SE": "\u2921", "SE+NW": "\u2921"
  };
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
        var name = arrows[i][j];
        var arrow = el("span", "arrow", name ? ARROW_GLYPHS[name] || name : "");
        arrow.setAttribute("aria-hidden", "true");
        cell.appendChild(arrow);
      }
    }, page);
  }


  frame.register("arrows", arrowsGame);
})(window.bookgenFrame);
