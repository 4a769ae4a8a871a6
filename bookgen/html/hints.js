/* bookgen playable edition, hints (one piece of the frame: see frame.js).
 *
 * Hint plays the record's optional "hints" list: the grader's solving path, baked in at build time
 * and packed as shared phrases plus numbers (unpackHint puts each back together). Which hint comes
 * next is worked out from the game's hintState alone (hintsReady, nearestHint), so tests run that
 * part in Node; hintGiver is the button's work on the page: fill (or point at) the hint, flash
 * it, say why, and keep the log of hints given.
 */
/* global t, tn, el, bringIntoView */
/* exported unpackText, unpackHint, hintsReady, nearestHint, hintGiver */

var HINT_FLASH = 1600;  // ms a hinted cell stays highlighted
var NEAR = 2;  // squares (rows or columns, or boxes) from the last change where Hint looks first
/* the newest hinted cells, the only ones lit on the page; `saying`, for a step's squares, the
 * status line and text they stay lit with (else they go after HINT_FLASH) */
var flashing = { nodes: [], timer: null, saying: null };

/* A text as the page packs it, [phrase, numbers...]: the phrase (its index in `phrases`, the
 * page's list) with its "#"s filled with the numbers in turn. */
function unpackText(packed, phrases) {
  var numbers = packed.slice(1), n = 0;
  return String(phrases[packed[0]] || "").replace(/#/g, function () { return String(numbers[n++]); });
}

/* A hint as the page packs it, [cells, value, phrase, numbers..., after?, steps?] (see
 * bookgen.html), back to {cells, value, why, after, steps, stepCells}: its why and each of its
 * steps (the last item, when it is a list of packed texts, each [phrase, numbers..., squares?])
 * unpacked as unpackText does, and stepCells (where a step has any), per step the squares it is
 * about, [row, column] each (a step's last item when that is a list, flat: [row, column, row,
 * column...]; none, []).
 * A hint of any other shape is kept as it is, its "step_cells" (if any) as its stepCells. */
function unpackHint(hint, phrases) {
  if (!Array.isArray(hint)) {
    return hint && Array.isArray(hint.step_cells) ? Object.assign({ stepCells: hint.step_cells }, hint) : hint;
  }
  var steps = hint.length > 3 && Array.isArray(hint[hint.length - 1]) ? hint[hint.length - 1] : null;
  if (steps) hint = hint.slice(0, -1);
  var slots = (String(phrases[hint[2]] || "").match(/#/g) || []).length;
  var unpacked = { cells: hint[0], value: hint[1], why: unpackText(hint.slice(2, 3 + slots), phrases) };
  if (hint.length > 3 + slots) unpacked.after = hint[3 + slots];
  if (steps) {
    unpacked.steps = steps.map(function (step) { return unpackText(step, phrases); });
    var squares = steps.map(function (step) {
      var flat = step.length > 1 && Array.isArray(step[step.length - 1]) ? step[step.length - 1] : [], cells = [];
      for (var n = 0; n + 1 < flat.length; n += 2) cells.push([flat[n], flat[n + 1]]);
      return cells;
    });
    if (squares.some(function (cells) { return cells.length; })) unpacked.stepCells = squares;
  }
  return unpacked;
}

/* The hints whose reasons hold on the board, by `stateOf(hint)` (the game's hintState: "done",
 * "open", or why the hint cannot go in): {first, ready}, the first hint not yet done and the
 * indices of it and of each later open one whose "after" (how many hints before it its reason
 * needs) reaches no further; first is -1 when every hint is done. When the first hint not done
 * cannot go in, {blocked: why}. Hints of words only (no cells) are passed over. */
function hintsReady(hints, stateOf) {
  var first = -1, ready = [];
  for (var n = 0; n < hints.length; n++) {
    if (!hints[n].cells || !hints[n].cells.length) continue;
    var state = stateOf(hints[n]);
    if (state === "done") continue;
    if (first < 0 && state !== "open") return { blocked: state };
    if (first < 0) first = n;
    if (state === "open" && (Number.isInteger(hints[n].after) ? hints[n].after : n) <= first) ready.push(n);
  }
  return { first: first, ready: ready };
}

/* Of the hints `ready` (indices into `hints`), the nearest to `lastAt`, the cell the player last
 * changed ([row, column], or a box's number), within NEAR squares (or boxes), the first in order
 * among the nearest; with none that near, or no last change, the first. */
function nearestHint(hints, ready, lastAt) {
  var best = ready[0], bestDistance = NEAR + 1;
  if (lastAt === null || lastAt === undefined) return best;
  ready.forEach(function (n) {
    var at = hints[n].cells[0];
    var away = Array.isArray(at) && Array.isArray(lastAt)
      ? Math.max(Math.abs(at[0] - lastAt[0]), Math.abs(at[1] - lastAt[1])) : Math.abs(at - lastAt);
    if (away < bestDistance) { best = n; bestDistance = away; }
  });
  return best;
}

/* Hint for one puzzle whose status line is `status`: the next step of the grader's path not yet
 * on the board, filled as a move (so Undo takes it back, and the count of hints with it), named
 * by its square ("Row 3, column 5"), focused and flashed, with its reason in the status line and
 * in the log of hints given (a game with pointAt lights the hint's cells instead of filling
 * them). A hint with "steps" (the crossing-out steps its number needs first) says one of them a
 * press, in the status line only, before it fills its number, and lights the squares the step is
 * about (its stepCells, through the game's cellsAt) for as long as the status line says it. Hints
 * of words only come one more
 * each time, and the last fills in the answer.
 * `player` is what the frame lends: say(text, tone), revealed(), showAnswer(fill) (Reveal's work,
 * with `fill` writing the answer in), lastAt(), gave(text) (a hint went in: commit it as a
 * move and say `text`) and stepped() (a step was said: keep it). The hints given are part of every snapshot:
 * given() tells them, setGiven(list) puts them back (after Undo, Reset or a reload). The steps
 * said are kept with the progress but not in snapshots (Undo does not unsay them): stepsSaid()
 * tells them, setStepsSaid(counts) puts them back after a reload, so Hint goes on from the next. */
function hintGiver(hints, game, status, player) {
  var hinted = [];  // indices of the hints given, in order
  var stepsSaid = {};  // per hint with steps, how many of them the status line has said
  var log = el("details", "hint-log");
  log.open = true;
  var logTitle = el("summary", "");
  var logList = el("ol", "");
  log.appendChild(logTitle);
  log.appendChild(logList);
  status.parentNode.insertBefore(log, status.nextSibling);

  function hintText(index) {
    var h = hints[index];
    if (!h.cells || !h.cells.length) return t("Hint {number} of {count}: {reason}.", { number: index + 1, count: hints.length, reason: h.why });
    // Translators: a hint in the status line and the hint log: "Row 3, column 5: 7 is the only number left here."
    return game.place ? t("{place}: {reason}.", { place: game.place(h.cells[0]), reason: h.why }) : t("{reason}.", { reason: h.why });
  }
  function setHinted(list) {
    hinted = (Array.isArray(list) ? list : []).filter(function (n, i, all) {
      return Number.isInteger(n) && n >= 0 && n < hints.length && all.indexOf(n) === i;
    });
    logList.textContent = "";
    hinted.forEach(function (n) { logList.appendChild(el("li", "", hintText(n))); });
    logTitle.textContent = tn("{count} hint given", "{count} hints given", hinted.length, { count: hinted.length });
    log.hidden = !hinted.length;
    logList.scrollTop = logList.scrollHeight;  // the list scrolls within its height: newest in view
  }
  /* Light `nodes` (and no others on the page): for a moment, focusing the first; or, `saying` a
   * step, for as long as the status line says it, the focus left where it is. */
  function flash(nodes, saying) {
    flashing.nodes.forEach(function (node) { node.classList.remove("hinted"); });
    clearTimeout(flashing.timer);
    flashing.nodes = nodes;
    flashing.saying = saying ? { status: status, text: status.textContent } : null;
    nodes.forEach(function (node) { node.classList.add("hinted"); });
    if (saying) return;
    flashing.timer = setTimeout(function () { flash([]); }, HINT_FLASH);
    var target = nodes[0] && (nodes[0].matches("input, button") ? nodes[0] : nodes[0].querySelector("input, button"));
    if (target) target.focus({ preventScroll: true });
  }
  function recordHint(index) {
    setHinted(hinted.concat([index]));
    player.gave(hintText(index));
  }
  function give() {
    var words = hints.filter(function (h) { return !h.cells || !h.cells.length; });
    if (!hints.length || (words.length < hints.length && !game.hintState)) { player.say(t("No hints for this puzzle.")); return; }
    if (player.revealed()) { player.say(t("The answer is shown: Undo or Reset to play on.")); return; }
    if (words.length === hints.length) {
      if (hinted.length >= hints.length) { player.say(t("No more hints: the last one filled in the answer.")); return; }
      var index = hinted.length;
      setHinted(hinted.concat([index]));
      // the last writes the answer in: revealed, as by Reveal, and never counted as solved
      if (index === hints.length - 1 && game.fillAnswer && player.showAnswer(game.fillAnswer)) return;
      player.gave(hintText(index));
      return;
    }
    if (game.wrong && game.wrong()) { player.say(game.wrongFirst, "bad"); return; }
    var found = hintsReady(hints, function (hint) { return game.hintState(hint); });
    if (found.blocked) { player.say(found.blocked, "bad"); return; }
    if (found.first < 0) {
      player.say(game.solved() ? t("Nothing left to hint: the puzzle is solved.") : t("Nothing left to hint."));
      return;
    }
    var chosen = nearestHint(hints, found.ready, player.lastAt());
    var steps = hints[chosen].steps || [], said = stepsSaid[chosen] || 0;
    if (said < steps.length) {
      stepsSaid[chosen] = said + 1;
      player.stepped();
      // Translators: one press of Hint that tells a step a number needs before it goes in
      // ("Step 1 of 3 towards the next number: Naked pair: ..."); its reason ends with its own full stop
      player.say(t("Step {number} of {count} towards the next number: {reason}", { number: said + 1, count: steps.length, reason: steps[said] }));
      var squares = game.cellsAt ? game.cellsAt((hints[chosen].stepCells || [])[said] || []) : [];
      flash(squares, true);
      bringIntoView(squares, status);
      return;
    }
    var lit = game.pointAt ? game.pointAt(hints[chosen]) : game.giveHint(hints[chosen]);
    flash(lit);
    recordHint(chosen);
    bringIntoView(lit, status);  // the cells it lit with the reason it says, a screen away from Hint on a phone
  }
  /* `counts` as readProgress gives them (hint index -> steps said), kept for the hints that
   * have that many steps or more */
  function setStepsSaid(counts) {
    stepsSaid = {};
    Object.keys(counts || {}).forEach(function (key) {
      var n = Number(key);
      var steps = Number.isInteger(n) && n >= 0 && n < hints.length && hints[n].steps || [];
      if (Number.isInteger(counts[key]) && counts[key] > 0 && counts[key] <= steps.length) stepsSaid[n] = counts[key];
    });
  }
  // a step's squares go out as soon as the status line says something else
  if (typeof MutationObserver === "function") {
    new MutationObserver(function () {
      var saying = flashing.saying;
      if (saying && saying.status === status && status.textContent !== saying.text) flash([]);
    }).observe(status, { childList: true, characterData: true, subtree: true });
  }
  setHinted([]);
  return { give: give, given: function () { return hinted; }, setGiven: setHinted,
           stepsSaid: function () { return Object.assign({}, stepsSaid); }, setStepsSaid: setStepsSaid };
}
