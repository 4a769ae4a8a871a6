/* bookgen playable edition, moving about a board (one piece of the frame: see frame.js).
 *
 * Arrow keys move by on-screen position, one Tab stop per board, a path drawn near an edge scrolls
 * the board or the page on, a link to a board hands the focus to its square, and the keys a
 * puzzle takes anywhere inside it, and what Check marked or Hint lit brought into view. Which square
 * an arrow key goes to, and how far the page scrolls to show something, are worked out from boxes
 * alone (nearestInDirection, scrollToShow), so tests run those parts in Node.
 */
/* exported moveFocus, nearestInDirection, roving, edgeScroller, focusOnArrival, puzzleKeys, scrollToShow, bringIntoView */

function lexLess(a, b) {
  for (var i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i] < b[i];
  return false;
}

var KEY_STEPS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

/* An arrow key moves the focus by on-screen position, from `from` to the square of `board` that
 * nearestInDirection picks; false for any other key. */
function moveFocus(board, from, key) {
  if (!Object.prototype.hasOwnProperty.call(KEY_STEPS, key)) return false;
  var others = [];
  board.querySelectorAll("[data-nav]").forEach(function (node) {
    if (node !== from && !node.disabled) others.push({ node: node, box: node.getBoundingClientRect() });
  });
  var best = nearestInDirection(from.getBoundingClientRect(), others, KEY_STEPS[key]);
  if (best) best.node.focus();
  return true;
}

/* Of `others` ({box} each, a box being {left, top, width, height} as the page measures it), the
 * one an arrow key in `direction` ([dx, dy]) goes to from box `a`, or null. One rule serves square
 * grids, shapes with holes and rows laid like bricks: first the cells in line with this one (a
 * brick half a brick aside counts), the nearest row or column of them first, then the least
 * aside; only when none is in line, the nearest by distance. A box of no width is not shown. */
function nearestInDirection(a, others, direction) {
  var dx = direction[0], dy = direction[1];
  var ax = a.left + a.width / 2, ay = a.top + a.height / 2;
  var length = dx ? a.width : a.height, breadth = dx ? a.height : a.width;
  var best = null, bestKey = null;
  others.forEach(function (other) {
    var b = other.box;
    if (!b.width) return;
    var along = dx ? (b.left + b.width / 2 - ax) * dx : (b.top + b.height / 2 - ay) * dy;
    var across = dx ? Math.abs(b.top + b.height / 2 - ay) : Math.abs(b.left + b.width / 2 - ax);
    if (along < length / 4) return;                                   // not in that direction
    var order = across < breadth * 0.75 ? [0, Math.round(along / 4), across] : [1, along + across * 3, 0];
    if (!best || lexLess(order, bestKey)) { best = other; bestKey = order; }
  });
  return best;
}

/* One Tab stop per group of cells: the cell last focused, at first the first real one (never
 * a square outside a shape); arrow keys move within the group. Returns a function to call
 * when cells come and go (a used number leaves the pool). */
function roving(container) {
  function items() {
    return Array.prototype.filter.call(container.querySelectorAll("[data-nav]"), function (node) { return !node.disabled; });
  }
  function settle(stop) {
    var list = items();
    if (!stop || list.indexOf(stop) < 0) stop = list.filter(function (node) { return node.tabIndex === 0; })[0] || list[0];
    list.forEach(function (node) { node.tabIndex = node === stop ? 0 : -1; });
  }
  container.addEventListener("focusin", function (event) {
    var node = event.target.closest("[data-nav]");
    if (node && container.contains(node)) settle(node);
  });
  settle(null);
  return function () { settle(null); };
}

/* While a finger, pen or mouse draws a path across squares, holding it near the edge of a board
 * that scrolls, or of the screen, scrolls that way, faster the nearer the edge, so a path can
 * go on to squares out of view: move(event) on every pointermove of the stroke, stop() when it
 * ends; onScroll(point), if given, runs after each scroll step with the pointer's last point,
 * which now lies over other squares. A board may also give within(point), asked before each
 * step: the scrolling goes on only while it holds (until the pointer moves again). */
var EDGE = 40, EDGE_SPEED = 14;  // px from an edge where scrolling starts; px per frame at the edge
function edgeScroller(node, onScroll, within) {
  var point = null, frameId = 0;
  function speed(at, low, high) {
    var into = at < low + EDGE ? at - low - EDGE : at > high - EDGE ? at - high + EDGE : 0;
    return Math.round(Math.max(-1, Math.min(1, into / EDGE)) * EDGE_SPEED);
  }
  function scrollers() {
    var list = [];
    for (var up = node.parentElement; up && up !== document.body; up = up.parentElement) {
      var style = getComputedStyle(up);
      if (/(auto|scroll)/.test(style.overflowX + style.overflowY) &&
          (up.scrollWidth > up.clientWidth || up.scrollHeight > up.clientHeight)) list.push(up);
    }
    return list;
  }
  function step() {
    frameId = 0;
    if (!point || (within && !within(point))) return;
    var moved = false;
    scrollers().forEach(function (box) {
      var r = box.getBoundingClientRect(), left = box.scrollLeft, top = box.scrollTop;
      box.scrollBy(speed(point.clientX, r.left, r.right), speed(point.clientY, r.top, r.bottom));
      if (box.scrollLeft !== left || box.scrollTop !== top) moved = true;
    });
    var x = window.scrollX, y = window.scrollY;
    window.scrollBy(speed(point.clientX, 0, window.innerWidth), speed(point.clientY, 0, window.innerHeight));
    if (window.scrollX !== x || window.scrollY !== y) moved = true;
    if (!moved) return;
    if (onScroll) onScroll(point);
    frameId = requestAnimationFrame(step);
  }
  return {
    move: function (event) {
      point = { clientX: event.clientX, clientY: event.clientY };
      if (!frameId) frameId = requestAnimationFrame(step);
    },
    stop: function () {
      point = null;
      if (frameId) cancelAnimationFrame(frameId);
      frameId = 0;
    }
  };
}

/* "Skip to puzzle 1" (or any link to a board) focuses the board itself, where keys do nothing:
 * hand the focus on to its square that takes them (its one Tab stop), so the arrow keys and
 * digits act at once. */
function focusOnArrival(board) {
  board.addEventListener("focus", function () {
    var stop = board.querySelector("[data-nav][tabindex='0']") ||
      board.querySelector("input:not([disabled]), button:not([disabled]), [tabindex='0']");
    if (stop) stop.focus();
  });
}

/* The keys a puzzle takes wherever the focus is inside it: Ctrl+Z undoes, Ctrl+Y and
 * Ctrl+Shift+Z redo (Cmd on a Mac), Escape lets go (actions.escape), N switches notes on the
 * board, H gives a hint (not while typing into an expression or on a checkbox). escape, notes
 * and hint say whether they took the key; a key not taken does what it would do anyway. */
function puzzleKeys(article, actions) {
  article.addEventListener("keydown", function (event) {
    var key = event.key;
    if ((event.ctrlKey || event.metaKey) && !event.altKey) {
      if (key === "z" || key === "Z") (event.shiftKey ? actions.redo : actions.undo)();
      else if (key === "y" || key === "Y") actions.redo();
      else return;
      event.preventDefault();
      return;
    }
    var taken = false;
    if (key === "Escape") {
      taken = actions.escape();
    } else if ((key === "n" || key === "N") && !event.altKey && event.target.closest(".board")) {
      taken = actions.notes();
    } else if ((key === "h" || key === "H") && !event.altKey &&
               !event.target.matches("input.expression, input[type='checkbox']")) {
      taken = actions.hint();
    }
    if (taken) event.preventDefault();
  });
}

/* How far to scroll (px, down positive) so the span from `top` to `bottom` (as the page measures
 * boxes) shows in a window `height` px high, `margin` px clear of its edges: 0 when it shows
 * already; else centred, or from its top when it is taller than the window. */
function scrollToShow(top, bottom, height, margin) {
  if (top >= margin && bottom <= height - margin) return 0;
  if (bottom - top > height - 2 * margin) return top - margin;
  return (top + bottom - height) / 2;
}

var SHOW_MARGIN = 16;  // px kept between what is brought into view and the window's edge
/* After Check or Hint, what it points to may lie a screen away from the button pressed (a phone
 * shows a few rows of a long board at a time): this scrolls the page, and the
 * sideways box of the first of `nodes` (the frame's scrollView), as little as shows `nodes` (the
 * first entry marked, or the cells lit) together with `status`, the line that says why, or the
 * nodes alone from their top when both do not fit. Smooth unless the system asks for less motion. */
function bringIntoView(nodes, status) {
  var shown = nodes.filter(function (node) { return node && node.getClientRects().length; });
  if (!shown.length) return;
  var calm = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  var behavior = calm ? "auto" : "smooth";
  var first = shown[0].getBoundingClientRect(), box = shown[0].closest(".scroll-box");
  if (box) {
    var port = box.getBoundingClientRect(), aside = parseFloat(getComputedStyle(box).scrollPaddingLeft) || 0;
    var left = port.left + aside, right = port.right - aside;
    if (first.width <= right - left && (first.left < left || first.right > right)) {
      box.scrollBy({ left: first.left < left ? first.left - left : first.right - right, behavior: behavior });
    }
  }
  var boxes = shown.map(function (node) { return node.getBoundingClientRect(); });
  var top = Math.min.apply(null, boxes.map(function (b) { return b.top; }));
  var bottom = Math.max.apply(null, boxes.map(function (b) { return b.bottom; }));
  var height = window.innerHeight, margin = SHOW_MARGIN;
  var said = status && status.textContent && status.getBoundingClientRect();
  var step = said && scrollToShow(Math.min(top, said.top), Math.max(bottom, said.bottom), height, margin);
  if (!said || Math.max(bottom, said.bottom) - Math.min(top, said.top) > height - 2 * margin) {
    step = scrollToShow(top, bottom, height, margin);
  }
  if (step) window.scrollBy({ top: step, behavior: behavior });
}
