/* Number walls in the playable edition: bricks standing on the widest row, each the sum of the two
 * below it. The cells are the frame's stackedCells; registers itself with the player's frame. */
(function (frame) {
  "use strict";

  frame.register("numberwall", function (board, record, page) {
    return frame.stackedCells(board, record, page, "numberwall", true, "");
  });
})(window.bookgenFrame);
