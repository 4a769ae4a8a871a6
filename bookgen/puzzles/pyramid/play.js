/* Number pyramids in the playable edition: a difference pyramid's circles, widest row on top, with
 * its range under it as on paper (an older record's sum pyramid stands on bricks instead). The
 * cells are the frame's stackedCells; registers itself with the player's frame. */
(function (frame) {
  "use strict";

  frame.register("pyramid", function (board, record, page) {
    var bricks = record.puzzle.variant === "sum";
    var caption = bricks ? "" : (record.play && record.play.caption) || "";  // from Python: range_caption
    return frame.stackedCells(board, record, page, bricks ? "pyramid" : "pyramid circles", bricks, caption);
  });
})(window.bookgenFrame);
