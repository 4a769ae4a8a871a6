/* Mazes in the playable edition: draw the way from Start by dragging (mouse, pen or finger) or
 * with the arrow keys; a wall cannot be crossed; going back over the line (or Backspace) rubs it
 * out; solved when the line joins the entrance to the exit (in a maze with loops, along the
 * shortest way). The walls, arrows and words come drawn from Python (record.play: the drawing
 * in mm, the same as the book's); cells are placed by the x and y the puzzle states. Hints (from
 * Python) are the way a stretch at a time, fork to fork: the frame gives the first stretch the
 * line has not followed, and the game lights it (pointAt) until the next move. Registers itself
 * with the player's frame (bookgen/html/frame.js). */
(function (frame) {
  "use strict";

  var el = frame.el, t = frame.t;
  var SVG = "http://www.w3.org/2000/svg";
  var PX_PER_MM = 4.7;  // the board's widest on screen: a 5 mm cell 24 px across
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
    var path = [entrance], marked = false, shownHint = null, stroke = null;

    var holder = el("div", "maze");
    var width = play.size[0], height = play.size[1];
    var root = shape("svg", { viewBox: "-1 -1 " + (width + 2) + " " + (height + 2), role: "application",
                              tabindex: "0", "aria-label": t("Maze: draw the way from Start to Finish with the arrow keys or by dragging; Backspace goes back.") });
    root.style.maxWidth = Math.round((width + 2) * PX_PER_MM) + "px";
    var hintWay = shape("polyline", { "class": "hint-way", points: "" }, root);
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
    var head = shape("circle", { "class": "head", r: play.unit * 0.22 }, root);
    holder.appendChild(root);
    board.appendChild(holder);

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
      var right = agreeing();
      wrongWay.setAttribute("points", marked && right < path.length ? through(path.slice(Math.max(0, right - 1))).join(" ") : "");
      hintWay.setAttribute("points", shownHint ? through(shownHint).join(" ") : "");
    }

    /* The line goes on to `cell` (a cell a passage joins to its end), or back to it. */
    function moveTo(cell) {
      var at = path.indexOf(cell);
      if (at >= 0) path = path.slice(0, at + 1);
      else path.push(cell);
      shownHint = null;
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
    root.addEventListener("keydown", function (event) {
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      if (STEPS[event.key]) {
        event.preventDefault();
        var cell = inDirection(STEPS[event.key]);
        if (cell === null) { page.say(t("A wall is in the way.")); return; }
        moveTo(cell);
        show();
        page.changed();
        tell();
      } else if (event.key === "Backspace") {
        event.preventDefault();
        if (path.length < 2) return;
        moveTo(path[path.length - 2]);
        show();
        page.changed();
      }
    });

    /* Pointers: press on the line (or beside its end) and drag; the line follows the passages. */
    function cellAt(event) {
      var matrix = root.getScreenCTM();
      if (!matrix) return null;
      var point = root.createSVGPoint();
      point.x = event.clientX;
      point.y = event.clientY;
      var at = point.matrixTransform(matrix.inverse()), best = null, bestDistance = play.unit * 1.05;
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
    root.addEventListener("pointerdown", function (event) {
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
      stroke = { id: event.pointerId, moved: false };
      try { root.setPointerCapture(event.pointerId); } catch { /* not capturable */ }
      if (cell !== end) { moveTo(cell); stroke.moved = true; show(); }
    });
    root.addEventListener("pointermove", function (event) {
      if (!stroke || event.pointerId !== stroke.id) return;
      var cell = cellAt(event);
      if (cell === null || cell === path[path.length - 1]) return;
      if (follow(cell)) { stroke.moved = true; show(); }
    });
    function endStroke(event) {
      if (!stroke || event.pointerId !== stroke.id) return;
      var moved = stroke.moved;
      stroke = null;
      if (moved) { page.changed(); tell(); }
    }
    root.addEventListener("pointerup", endStroke);
    root.addEventListener("pointercancel", endStroke);

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

    return {
      state: function () { return path.slice(); },
      restore: function (state) { path = valid(state) ? state.slice() : [entrance]; shownHint = null; show(); },
      check: function () {
        var right = agreeing();
        marked = true;
        show();
        if (!answer) return { wrong: 0, empty: path[path.length - 1] === exit ? 0 : 1 };
        return { wrong: path.length - right, empty: answer.length - right };
      },
      solved: solved,
      reveal: function () {
        if (!answer) return false;
        path = answer.slice();
        shownHint = null;
        show();
        return true;
      },
      reset: function () { path = [entrance]; shownHint = null; marked = false; show(); },
      clearMarks: function () { marked = false; show(); },
      hintState: function (hint) {
        var last = hint.cells[hint.cells.length - 1], upTo = answer ? answer.indexOf(last) : -1;
        return upTo >= 0 && agreeing() > upTo ? "done" : "open";
      },
      pointAt: function (hint) { shownHint = hint.cells.slice(); show(); return [hintWay]; }
    };
  }

  frame.register("maze", mazeGame);
})(window.bookgenFrame);
