/* Mazes in the playable edition: draw the way from Start by dragging (mouse, pen or finger) or
 * with the arrow keys; a wall cannot be crossed; going back over the line (or Backspace) rubs it
 * out; solved when the line joins the entrance to the exit (in a maze with loops, along the
 * shortest way). The walls, arrows, words and pictures come drawn from Python (record.play: the
 * drawing in mm, the same as the book's); cells are placed by the x and y the puzzle states.
 *
 * The board shrinks to the page's width but never below cells of MIN_CELL px (CHILD_CELL for an
 * easy maze, a child's), what a finger steers the line across (the line keeps to the passages,
 * as a word search's band keeps to its letters: the same floors): every easy maze and a medium
 * one of squares or hexagons fit a 390 px phone, and a larger maze scrolls sideways in a box of its own (the frame's scrollView, with a cue at the
 * side that hides more of it), which opens on the line's end, Start at first (and down the page). A finger or pen draws from a
 * grip over the line's end (an element of its own, which takes the finger); anywhere else it
 * scrolls the board, so a maze larger than a phone's screen can be looked over. A mouse draws
 * from anywhere on the line. While drawing, holding the pointer near the edge of the board or the
 * screen scrolls that way (the frame's edgeScroller) until the next cell past the line's end is in
 * view, and only the pointer's own moves from cell to cell draw on; the arrow keys keep the
 * line's end in view.
 *
 * Hints (from Python) are the way on from each cell of the way to the next fork: while the line
 * keeps to the way, the first hint not done is the one from the line's end, and the game lights
 * it (pointAt) until the next move; once the line has left the way, Hint names the square where
 * it left, rings it and lights the part of the line to go back over (hintState); Check rings it too
 * and says so, in a maze's words (a child follows the circle, not a row and column). Registers
 * itself with the player's frame (bookgen/html/frame.js). */
(function (frame) {
  "use strict";

  var el = frame.el, t = frame.t;
  var SVG = "http://www.w3.org/2000/svg";
  var MIN_CELL = 20;  // px: the least a cell unit is drawn on screen (docs/html.md)
  var CHILD_CELL = 24;  // px: the least in an easy maze
  var MAX_CELL = 44;  // px: the most, where the page is wide enough
  var CONE = 0.35;  // an arrow key takes a way within about 70 degrees of its direction

  function shape(tag, attrs, parent) {
    var node = document.createElementNS(SVG, tag);
    Object.keys(attrs).forEach(function (name) { node.setAttribute(name, attrs[name]); });
    if (parent) parent.appendChild(node);
    return node;
  }
  function points(flat) {
    var out = [];
    for (var i = 0; i + 1 < flat.length; i += 2) out.push(flat[i] + " " + flat[i + 1]);
    return out;
  }
  function arcData(arc) {
    var cx = arc[0], cy = arc[1], r = arc[2], a = arc[3], b = arc[4];
    function at(angle) {
      var turn = angle * Math.PI / 180;
      return (cx + r * Math.cos(turn)).toFixed(2) + " " + (cy + r * Math.sin(turn)).toFixed(2);
    }
    if (b - a >= 360) return "M" + at(0) + " A" + r + " " + r + " 0 1 1 " + at(180) + " A" + r + " " + r + " 0 1 1 " + at(0);
    return "M" + at(a) + " A" + r + " " + r + " 0 " + (b - a > 180 ? 1 : 0) + " 1 " + at(b);
  }

  /* What each choice of pictures shows: the start's, then the goal's. */
  var SHOWS = { mouse: [t("a mouse"), t("cheese")], bee: [t("a bee"), t("a flower")] };
  function greyClass(grey) { return grey >= 0.95 ? "paper" : grey <= 0.05 ? "ink" : "tint"; }
  /* A picture's shapes (see drawing.play_data) into `parent`, lines `line` mm wide. */
  function drawPicture(shapes, line, parent) {
    shapes.forEach(function (drawn) {
      if (drawn[0] === "disc") {
        shape("circle", { cx: drawn[1], cy: drawn[2], r: drawn[3], "class": greyClass(drawn[4]), "stroke-width": line }, parent);
      } else if (drawn[0] === "outline") {
        shape("polygon", { points: points(drawn[1]).join(" "), "class": greyClass(drawn[2]), "stroke-width": line }, parent);
      } else {
        shape("polyline", { points: points(drawn[1]).join(" "), "class": "open", "stroke-width": line }, parent);
      }
    });
  }

  function mazeGame(board, record, page) {
    var puzzle = record.puzzle, play = record.play;
    if (!play) throw new Error("no drawing");
    var count = puzzle.cells.length, entrance = puzzle.entrance, exit = puzzle.exit;
    var answer = record.solution && Array.isArray(record.solution.path) ? record.solution.path : null;
    var links = [];
    for (var i = 0; i < count; i++) links.push({});
    puzzle.passages.forEach(function (pair) { links[pair[0]][pair[1]] = true; links[pair[1]][pair[0]] = true; });
    var centres = puzzle.cells.map(function (cell) {
      return [play.offset[0] + cell.x * play.unit, play.offset[1] + cell.y * play.unit];
    });
    var path = [entrance], marked = false, shownHint = null, leftAt = null, stroke = null;

    var holder = el("div", "maze");
    var width = play.size[0], height = play.size[1];
    var root = shape("svg", { viewBox: "-1 -1 " + (width + 2) + " " + (height + 2), role: "application",
                              tabindex: "0", "aria-label": t("Maze: draw the way from Start to Finish with the arrow keys or by dragging; Backspace goes back.") });
    /* as wide as the board, but its cells never under MIN_CELL (CHILD_CELL) px nor over MAX_CELL px */
    var least = record.difficulty === "easy" ? CHILD_CELL : MIN_CELL;
    root.style.setProperty("--least", Math.ceil((width + 2) * least / play.unit) + "px");
    root.style.setProperty("--most", Math.round((width + 2) * MAX_CELL / play.unit) + "px");
    var hintWay = shape("polyline", { "class": "hint-way", points: "" }, root);
    var hintRing = shape("circle", { "class": "hint-ring", r: play.unit * 0.6, cx: 0, cy: 0, visibility: "hidden" }, root);
    var wrongWay = shape("polyline", { "class": "wrong-way", points: "" }, root);
    var line = shape("polyline", { "class": "way", points: "" }, root);
    shape("path", { "class": "walls", d: play.strokes.map(function (s) { return "M" + points(s).join(" L"); })
      .concat(play.arcs.map(arcData)).join(" ") }, root);
    shape("path", { "class": "arrows", d: play.arrows.map(function (a) { return "M" + points(a).join(" L") + "Z"; }).join(" ") }, root);
    [t("Start"), t("Finish")].forEach(function (word, index) {
      var at = play.words[index];
      var text = shape("text", { x: Math.min(Math.max(at[0], word.length * 1.3), width - word.length * 1.3), y: at[1] + 1.5,
                                 "class": "word", "text-anchor": "middle" }, root);
      text.textContent = word;
    });
    if (play.pictures) {
      play.pictures.shapes.forEach(function (shapes, end) {
        var group = shape("g", { "class": "picture", role: "img", "aria-label": SHOWS[play.pictures.choice][end] }, root);
        shape("title", {}, group).textContent = SHOWS[play.pictures.choice][end];
        drawPicture(shapes, play.pictures.line, group);
      });
    }
    var head = shape("circle", { "class": "head", r: play.unit * 0.22 }, root);
    /* a finger or pen draws from here (it takes the finger; the rest of the board scrolls) */
    var grip = el("div", "grip");
    grip.setAttribute("aria-hidden", "true");
    grip.style.width = (160 * play.unit / (width + 2)).toFixed(3) + "%";
    holder.appendChild(root);
    holder.appendChild(grip);
    board.appendChild(holder);
    var box = frame.scrollView(holder);

    function through(cells) {
      return cells.map(function (cell) { return centres[cell][0].toFixed(2) + "," + centres[cell][1].toFixed(2); });
    }
    /* The correct way's first cells the line keeps to (all of it where no answer is stored). */
    function agreeing() {
      if (!answer) return path.length;
      var n = 0;
      while (n < path.length && n < answer.length && path[n] === answer[n]) n++;
      return n;
    }
    function show() {
      var drawn = [play.doors[0].join(",")].concat(through(path));
      if (path[path.length - 1] === exit) drawn.push(play.doors[1].join(","));
      line.setAttribute("points", drawn.join(" "));
      var end = centres[path[path.length - 1]];
      head.setAttribute("cx", end[0]);
      head.setAttribute("cy", end[1]);
      grip.style.left = ((end[0] + 1) / (width + 2) * 100).toFixed(3) + "%";
      grip.style.top = ((end[1] + 1) / (height + 2) * 100).toFixed(3) + "%";
      var right = agreeing();
      wrongWay.setAttribute("points", marked && right < path.length ? through(path.slice(Math.max(0, right - 1))).join(" ") : "");
      hintWay.setAttribute("points", shownHint ? through(shownHint).join(" ") : "");
      hintRing.setAttribute("visibility", leftAt === null ? "hidden" : "visible");
      if (leftAt !== null) {
        hintRing.setAttribute("cx", centres[leftAt][0]);
        hintRing.setAttribute("cy", centres[leftAt][1]);
      }
    }
    function unhint() { shownHint = null; leftAt = null; }
    /* The box scrolled sideways to centre the line's end, which in a maze wider than a phone may
     * lie beyond the box's edge (Start on a new maze, under its word); the page stays where it is. */
    function boxOnEnd() {
      var drawn = root.getBoundingClientRect(), port = box.getBoundingClientRect();
      var x = drawn.left - port.left + (centres[path[path.length - 1]][0] + 1) * drawn.width / (width + 2);
      box.scrollLeft += x - box.clientWidth / 2;
    }
    /* Scroll the maze's box (sideways) and the page (down) as little as brings `cell` into view. */
    var VIEW_MARGIN = 48;  // px kept between the cell and the edge it was beyond
    function inView(cell) {
      var drawn = root.getBoundingClientRect(), port = box.getBoundingClientRect();
      var scale = drawn.width / (width + 2);
      var x = drawn.left + (centres[cell][0] + 1) * scale, y = drawn.top + (centres[cell][1] + 1) * scale;
      if (x < port.left + VIEW_MARGIN) box.scrollLeft -= port.left + VIEW_MARGIN - x;
      else if (x > port.right - VIEW_MARGIN) box.scrollLeft += x - port.right + VIEW_MARGIN;
      if (y < VIEW_MARGIN) window.scrollBy(0, y - VIEW_MARGIN);
      else if (y > window.innerHeight - VIEW_MARGIN) window.scrollBy(0, y - window.innerHeight + VIEW_MARGIN);
    }

    /* The line goes on to `cell` (a cell a passage joins to its end), or back to it. */
    function moveTo(cell) {
      var at = path.indexOf(cell);
      if (at >= 0) path = path.slice(0, at + 1);
      else path.push(cell);
      unhint();
      marked = false;
    }
    function joined(a, b) { return !!links[a][b]; }
    function tell() {
      var end = path[path.length - 1];
      if (end === exit && answer && !solved()) page.say(t("This is the exit, but a shorter way leads here."));
    }

    /* Keys: the way from the line's end that lies most nearly in the arrow's direction. */
    var STEPS = { ArrowUp: [0, -1], ArrowDown: [0, 1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };
    function inDirection(step) {
      var end = path[path.length - 1], from = centres[end], best = null, bestScore = CONE;
      var before = path.length > 1 ? centres[path[path.length - 2]] : null;
      Object.keys(links[end]).forEach(function (key) {
        var cell = +key, to = centres[cell];
        var dx = to[0] - from[0], dy = to[1] - from[1], length = Math.hypot(dx, dy) || 1;
        var score = (dx * step[0] + dy * step[1]) / length;
        if (before) score += 0.01 * ((from[0] - before[0]) * dx + (from[1] - before[1]) * dy) / (length * (Math.hypot(from[0] - before[0], from[1] - before[1]) || 1));
        if (score > bestScore) { best = cell; bestScore = score; }
      });
      return best;
    }
    function keyMoved() {
      show();
      grip.scrollIntoView({ block: "nearest", inline: "nearest" });  // the line's end stays in view
      page.changed();
    }
    root.addEventListener("keydown", function (event) {
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      if (STEPS[event.key]) {
        event.preventDefault();
        var cell = inDirection(STEPS[event.key]);
        if (cell === null) { page.say(t("A wall is in the way.")); return; }
        moveTo(cell);
        keyMoved();
        tell();
      } else if (event.key === "Backspace") {
        event.preventDefault();
        if (path.length < 2) return;
        moveTo(path[path.length - 2]);
        keyMoved();
      }
    });

    /* Pointers: press on the line (or beside its end) and drag; the line follows the passages. */
    function onBoard(point) {
      var matrix = root.getScreenCTM();
      if (!matrix) return null;
      var at = root.createSVGPoint();
      at.x = point.clientX;
      at.y = point.clientY;
      return at.matrixTransform(matrix.inverse());
    }
    function cellAt(point) {
      var at = onBoard(point);
      if (!at) return null;
      var best = null, bestDistance = play.unit * 1.05;
      centres.forEach(function (centre, cell) {
        var distance = Math.hypot(centre[0] - at.x, centre[1] - at.y);
        if (distance < bestDistance) { best = cell; bestDistance = distance; }
      });
      return best;
    }
    /* Towards `cell` along passages, one cell at a time while each step comes nearer (a quick
     * drag may pass over several cells between two pointer events). */
    function follow(cell) {
      for (var guard = 0; guard < 8 && path[path.length - 1] !== cell; guard++) {
        var end = path[path.length - 1];
        if (path.indexOf(cell) >= 0 || joined(end, cell)) { moveTo(cell); return true; }
        var target = centres[cell], here = Math.hypot(centres[end][0] - target[0], centres[end][1] - target[1]);
        var nearer = Object.keys(links[end]).map(Number).filter(function (next) {
          return Math.hypot(centres[next][0] - target[0], centres[next][1] - target[1]) < here - 0.01;
        });
        if (!nearer.length) return guard > 0;
        nearer.sort(function (a, b) {
          return Math.hypot(centres[a][0] - target[0], centres[a][1] - target[1]) - Math.hypot(centres[b][0] - target[0], centres[b][1] - target[1]);
        });
        moveTo(nearer[0]);
      }
      return true;
    }
    /* The line follows the pointer alone. A pointer held near an edge scrolls the board on only
     * until it lies REACH cells past the line's end, and the line goes on only when the pointer's
     * own move takes it from one cell into another (both as the board lies now): not when the
     * board slides a cell under a resting finger, nor for its tremor. To draw into the cell
     * that slid under it, the finger moves on past it, or back and in again. (Drawing into
     * whatever cell slid under a resting finger, as Numbrix does, ran the line on by itself into
     * dead ends, while the board scrolled on to its far side.) */
    var REACH = 0.8;  // with the last scroll step (under half a cell) the pointer comes to rest
                      // over the next cell, clear of its sides, and that cell is in view
    var scroller = frame.edgeScroller(holder, null, function (point) {
      var at = onBoard(point), end = centres[path[path.length - 1]];
      return !!stroke && !!at && Math.hypot(at.x - end[0], at.y - end[1]) < REACH * play.unit;
    });
    function drawTo(point) {
      var cell = cellAt(point);
      if (cell === null || cell === path[path.length - 1]) return;
      if (follow(cell)) { stroke.moved = true; show(); }
    }
    function press(event) {
      if (event.button !== undefined && event.button > 0) return;
      var cell = cellAt(event);
      if (cell === null) return;
      var end = path[path.length - 1];
      if (path.indexOf(cell) < 0 && !joined(end, cell)) {
        page.say(t("Draw on from the end of your line."));
        return;
      }
      event.preventDefault();
      root.focus({ preventScroll: true });
      stroke = { id: event.pointerId, moved: false, at: { clientX: event.clientX, clientY: event.clientY } };
      try { event.currentTarget.setPointerCapture(event.pointerId); } catch { /* not capturable */ }
      if (cell !== end) { moveTo(cell); stroke.moved = true; show(); }
    }
    root.addEventListener("pointerdown", function (event) {
      if (event.pointerType === "mouse") press(event);  // a finger or pen here scrolls the board
    });
    grip.addEventListener("pointerdown", press);
    document.addEventListener("pointermove", function (event) {
      if (!stroke || event.pointerId !== stroke.id) return;
      var before = stroke.at;
      stroke.at = { clientX: event.clientX, clientY: event.clientY };
      if (cellAt(event) !== cellAt(before)) drawTo(event);
      scroller.move(event);
    });
    function endStroke(event) {
      if (!stroke || event.pointerId !== stroke.id) return;
      var moved = stroke.moved;
      stroke = null;
      scroller.stop();
      show();
      if (moved) { page.changed(); tell(); }
    }
    document.addEventListener("pointerup", endStroke);
    document.addEventListener("pointercancel", endStroke);

    frame.keyHelp(el("li", "", t("Maze: the arrow keys draw the way on, Backspace goes back.")));

    function solved() {
      if (answer) return path.length === answer.length && agreeing() === answer.length;
      return path[path.length - 1] === exit;
    }
    function valid(state) {
      if (!Array.isArray(state) || state[0] !== entrance) return false;
      for (var n = 1; n < state.length; n++) {
        if (!Number.isInteger(state[n]) || !links[state[n - 1]][state[n]] || state.indexOf(state[n]) !== n) return false;
      }
      return true;
    }
    show();
    boxOnEnd();

    return {
      state: function () { return path.slice(); },
      restore: function (state) { path = valid(state) ? state.slice() : [entrance]; unhint(); show(); boxOnEnd(); },
      check: function () {
        var right = agreeing();
        marked = true;
        if (answer && right < path.length) leftAt = path[right - 1];
        show();
        if (!answer) return { wrong: 0, empty: path[path.length - 1] === exit ? 0 : 1 };
        /* said in a maze's words, not as entries counted: where the line went wrong, or go on */
        return { wrong: path.length - right, empty: answer.length - right, marked: [hintRing, wrongWay],
                 says: right < path.length ? t("Your line leaves the path at the circle: go back to it.")
                                           : t("Right so far: go on to the exit.") };
      },
      solved: solved,
      reveal: function () {
        if (!answer) return false;
        path = answer.slice();
        unhint();
        show();
        return true;
      },
      reset: function () { path = [entrance]; unhint(); marked = false; show(); boxOnEnd(); },
      clearMarks: function () { marked = false; leftAt = null; show(); },
      /* A hint from the i-th cell of the way (its value) is done once the line keeps to the way
       * past it, open at the line's end. Where the line has left the way, the hint from the last
       * cell it kept to cannot be given: this says where the line left, and (asked only when Hint
       * is pressed) rings that square and lights the part of the line to go back over. */
      hintState: function (hint) {
        var right = agreeing();
        if (hint.value < right - 1) return "done";
        if (right === path.length || hint.value > right - 1) return "open";
        var where = path[right - 1];
        leftAt = where;
        shownHint = path.slice(right - 1);
        show();
        inView(where);
        return t("Your line leaves the path at the circle: go back to it along the lit part of your line.");
      },
      pointAt: function (hint) {
        unhint();
        shownHint = hint.cells.slice();
        show();
        inView(hint.cells[hint.cells.length - 1]);
        return [hintWay];
      }
    };
  }

  frame.register("maze", mazeGame);
})(window.bookgenFrame);
