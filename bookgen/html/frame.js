/* bookgen playable edition, the frame: everything around a board that is the same for every type.
 *
 * The frame names no game. Each type's own script (bookgen/puzzles/NAME/play.js, which the page
 * holds after this one) registers through window.bookgenFrame.register(type, make), and each board
 * is drawn once the page is read, when it is first needed (in view or near it, focused, pressed,
 * linked to, printed: see build); a record of a type nobody registered is left for paper.
 * Every game is one function `(board, record, page) -> game`; a game draws itself into
 * `board` and offers state(), restore(state), check() -> {wrong, empty, marked?, says?} (marking what is
 * wrong; the page scrolls to the nodes `marked`, by default the board's first of class "wrong";
 * `says`, when given, is what Check says in place of counting entries, as a game that draws a way does),
 * solved(), reveal(), reset() and clearMarks(), and says `notes: true` when it takes pencil marks.
 * The frame around it is the same for every type: the buttons, undo and redo over whole states
 * (so Reveal and Reset can be undone), notes mode, check-as-I-go, a timer, and saving progress at
 * each move in localStorage under the puzzle's id, with a second copy in IndexedDB that the page
 * takes back as it opens when localStorage lost it (saving.js, copies.js). A mark that Check
 * leaves remembers the entry it judged: it stays while that entry stays, whatever else changes,
 * and goes when the entry changes.
 * Hint plays the record's optional "hints" list (the grader's solving path, baked in at build
 * time, packed as shared phrases plus numbers): a game that fills cells offers hintState(hint)
 * ("done", "open", or why it cannot go in), giveHint(hint) (fills it, returns the nodes to flash
 * and focus, which the page scrolls to), place(cell) (its name: "Row 3, column 5", "Box 2"), cellsAt(cells) if it
 * can light a crossing-out step's squares (their nodes), and wrong() (how many entries
 * differ from the answer) with wrongFirst (what Hint says then: WRONG_NUMBER, WRONG_LETTER); a game whose hints point rather than fill offers pointAt(hint) in place
 * of giveHint (the nodes to light and focus, nothing entered); hints without cells are words only, shown one more at each press, and
 * a game with fillAnswer() (which says whether it wrote the answer in) writes it in at the
 * last, which reveals the puzzle as Reveal does. The hints given are part of every
 * snapshot, so Undo and Reset rewind their log. Of the hints whose reasons hold on the board (the
 * first not done, and any later one whose "after" says it needs no more hints than are done),
 * Hint gives the one nearest the cell last changed, which a game names in page.changed(cell).
 * A game may offer cancel() for Escape (let go of what is picked; false when nothing was).
 * A game may add a setting of its own with page.option(name, label, apply): a labelled checkbox in
 * the puzzle's options, off by default, kept per puzzle with the progress as check-as-I-go is;
 * apply(on) runs once the saved progress is read and at each change.
 * Every word the page shows comes through t(id, params), tn(singular, plural, n, params) or
 * tp(context, id, params) (also offered to the games), from the "bookgen-texts" block that
 * bookgen.html writes in the book's language; the English text is the id and the fallback.
 * Values that may be non-integers are exact rationals over BigInt; nothing here calls eval.
 *
 * The frame is made of pieces, each a file of bookgen/html that declares functions and constants
 * only: language.js (t, tn, tp and plural rules), numbers.js (rationals), copies.js (the second copy
 * of what is saved, in IndexedDB), saving.js (localStorage and the undo history), navigation.js (arrow keys, Tab stops, scrolling while drawing, the
 * puzzle's keys), grid.js (the parts boards are made of: scrollView, numberCells and stackedCells), hints.js
 * (which hint next, and the Hint button's work), then this file, which reads the page, mounts
 * each puzzle as it is needed and offers window.bookgenFrame. bookgen.html puts them in that order inside one
 * function (FRAME_PIECES), so the page holds one script and the pieces share one scope without
 * adding a name to the window; tests load the pieces that touch no page into Node alone.
 */
/* global pageLanguage, MINUS, rat, parseRational, R, progressStore, secondCopy, STORE_PREFIX, timeline,
   moveFocus, roving,
   edgeScroller, focusOnArrival, puzzleKeys, bringIntoView, el, button, spoken, scrollView, noteBook, notesNode, numberNode,
   numberPad, numberCells, largest, stackedCells, typedLetters, unpackHint, hintGiver */
/* exported t, tn, tp, WRONG_NUMBER, WRONG_LETTER */

/* A JSON block of the page by its id, or `otherwise` when the page has none. */
function pageData(id, otherwise) {
  var node = document.getElementById(id);
  return node ? JSON.parse(node.textContent) : otherwise;
}

var language = pageLanguage(pageData("bookgen-texts", {}));
var t = language.t, tn = language.tn, tp = language.tp;

/* What Hint says while an entry differs from the answer, for boards of numbers and of letters
 * (a game names its own in wrongFirst). */
// Translators: said when a hint finds a number on the board that differs from the answer.
var WRONG_NUMBER = t("Check first: a number on the board is wrong.");
// Translators: said when a hint finds a letter on the board that differs from the answer.
var WRONG_LETTER = t("Check first: a letter on the board is wrong.");
var HISTORY_LIMIT = 500;

var store = progressStore(function () { return window.localStorage; },
                          secondCopy(function () { return window.indexedDB; }));
var RECOVERY_WAIT = 5000;  // ms the page waits for the copies before it draws the boards without them
var unkept = false;  // whether the page has said that the browser keeps nothing
var games = {};  // type name -> make(board, record, page): filled by the games' own scripts

// --- the clock ------------------------------------------------------------------------------------

function clockText(seconds) {
  var h = Math.floor(seconds / 3600), m = Math.floor(seconds / 60) % 60, s = seconds % 60;
  return (h ? h + ":" + (m < 10 ? "0" : "") : "") + m + ":" + (s < 10 ? "0" : "") + s;
}

/* One clock runs at a time: the puzzle last played. It counts only while the page is shown. */
var clocks = [], running = null;
setInterval(function () {
  if (running && !document.hidden) running.tick();
}, 1000);
function saveAll() { clocks.forEach(function (clock) { clock.save(); }); }
window.addEventListener("pagehide", saveAll);
document.addEventListener("visibilitychange", function () { if (document.hidden) saveAll(); });

/* A puzzle's timer in `node` (its time and its Start / Pause / Resume button): clock.seconds
 * counts while clock.run(true) has it running and the puzzle is not finished(); save() keeps the
 * progress, every ten seconds of play and when the page is hidden or left (clock.unsaved counts
 * the seconds since the last save, which sets it back to 0). */
function puzzleClock(node, finished, save) {
  var timeNode = node.querySelector(".time");
  var pauseButton = node.querySelector("[data-action='pause']");
  var clock = {
    seconds: 0, ticking: false, unsaved: 0,
    tick: function () {
      clock.seconds += 1;
      clock.show();
      if (++clock.unsaved >= 10) save();
    },
    save: function () { if (clock.unsaved) save(); },  // only a clock that ran since the last save
    stop: function () { clock.run(false); save(); },
    run: function (on) {
      on = on && !finished();
      if (on && running && running !== clock) running.stop();
      clock.ticking = on;
      if (on) running = clock; else if (running === clock) running = null;
      clock.show();
    },
    show: function () {
      timeNode.textContent = clockText(clock.seconds);
      pauseButton.hidden = finished();
      pauseButton.textContent = clock.ticking ? t("Pause") : clock.seconds ? t("Resume") : tp("timer", "Start");
    }
  };
  clocks.push(clock);
  pauseButton.addEventListener("click", function () {
    clock.run(!clock.ticking);
    save();
  });
  return clock;
}

// --- the frame around every puzzle --------------------------------------------------------------

function mount(article, record) {
  var board = article.querySelector(".board");
  var status = article.querySelector(".status");
  var controls = article.querySelector(".controls");
  var options = article.querySelector(".options");
  var clockNode = article.querySelector(".clock");
  var notesButton = options.querySelector("[data-action='notes']");
  var autoBox = options.querySelector("[data-option='autocheck']");
  var buttons = {};
  controls.querySelectorAll("button[data-action]").forEach(function (node) { buttons[node.dataset.action] = node; });
  var link = document.querySelector('nav.contents a[data-key="' + CSS.escape(record.key) + '"]');
  var make = Object.prototype.hasOwnProperty.call(games, record.type) ? games[record.type] : null;
  if (!make) {
    board.appendChild(el("p", "unplayable", t("This puzzle type is for paper only in this edition.")));
    controls.hidden = options.hidden = clockNode.hidden = status.hidden = true;
    return;
  }
  var revealed = false, notesMode = false, autocheck = false, solvedNow = false, game, hints;
  var history = timeline(HISTORY_LIMIT);  // undo and redo over snapshots of the board
  var lastAt = null;  // the cell the player last changed, as hints name cells: Hint looks near it
  var settings = {};  // the game's own settings (page.option): name -> {box, apply}
  var clock = puzzleClock(clockNode, finished, save);

  function say(text, tone) {
    status.textContent = text || "";
    status.className = "status" + (tone ? " " + tone : "");
  }
  function markSolved(solved) {
    solvedNow = solved;
    article.classList.toggle("solved", solved);
    if (link) link.classList.toggle("solved", solved);
  }
  function finished() { return revealed || solvedNow; }
  function save() {
    var chosen = {};
    Object.keys(settings).forEach(function (name) { if (settings[name].box.checked) chosen[name] = true; });
    store.save(record.key, { revealed: revealed, solved: solvedNow, state: game.state(), time: clock.seconds,
                             autocheck: autocheck, hinted: hints.given(), steps: hints.stepsSaid(),
                             settings: chosen }).then(function (kept) {
      if (kept || unkept) return;
      unkept = true;
      say(t("This browser keeps nothing here: your progress goes when the page closes."), "bad");
    });
    clock.unsaved = 0;
  }

  // undo and redo over whole snapshots of the board (whether it was revealed, the hints given)
  function snapshot() { return JSON.stringify({ state: game.state(), revealed: revealed, hinted: hints.given() }); }
  function commit() { return history.commit(snapshot(), lastAt); }
  function travel(word) {
    var step = word === "undo" ? history.undo() : history.redo();
    if (!step) { say(word === "undo" ? t("Nothing to undo.") : t("Nothing to redo.")); return; }
    lastAt = step.at;  // Hint looks near the change that made the board as it is now
    var back = JSON.parse(step.snapshot);
    game.restore(back.state);
    revealed = back.revealed;
    hints.setGiven(back.hinted);
    settle(word === "undo" ? t("Undone.") : t("Redone."));
    clock.run(!finished() && clock.ticking);
  }
  function showHistory() {
    buttons.undo.setAttribute("aria-disabled", history.canUndo() ? "false" : "true");
    buttons.redo.setAttribute("aria-disabled", history.canRedo() ? "false" : "true");
  }

  /* After any change of the board: marks, solved or not, buttons, the saved progress. */
  function settle(message, tone) {
    if (autocheck && !revealed) game.check();
    var solved = !revealed && game.solved();
    markSolved(solved);
    if (solved) say(t("Solved!"), "good"); else say(message || "", tone);
    if (finished()) clock.run(false);
    clock.show();
    showHistory();
    save();
  }

  /* Reveal's work, which the last hint in words does too when it writes the answer in: `fill`
   * writes it (false when the puzzle has none), and the puzzle counts as revealed, not solved. */
  function showAnswer(fill) {
    game.clearMarks();
    if (!fill()) return false;
    revealed = true;
    commit();
    settle(t("Answer revealed. Undo brings your entries back."));
    return true;
  }

  function setNotes(on) {
    notesMode = on;
    notesButton.setAttribute("aria-pressed", on ? "true" : "false");
    article.classList.toggle("notes-on", on);
    if (game.modeChanged) game.modeChanged();
    say(on ? t("Notes on: digits pencil in small numbers.") : t("Notes off."));
  }

  var page = {
    say: function (text) { say(text); },
    /* after a move; `at` is the cell it changed (as the hints name cells), if the game says */
    changed: function (at) {
      if (at !== undefined && at !== null) lastAt = at;
      if (!commit()) return;
      clock.run(true);
      settle("");
    },
    check: function () { check(); },
    notesMode: function () { return notesMode; },
    option: function (name, label, apply) {
      var box = el("input");
      box.type = "checkbox";
      box.dataset.option = name;
      var holder = el("label");
      holder.appendChild(box);
      holder.appendChild(document.createTextNode(" " + label));
      options.appendChild(holder);
      settings[name] = { box: box, apply: apply };
      box.addEventListener("change", function () { apply(box.checked); save(); });
    }
  };
  function check() {
    var result = game.check();
    if (game.solved()) {
      markSolved(!revealed);
      say(revealed ? t("Complete (revealed).") : t("Solved!"), "good");
    } else if (result.wrong) {
      say(result.says || tn("{count} wrong entry, marked.", "{count} wrong entries, marked.", result.wrong, { count: result.wrong }), "bad");
      bringIntoView(result.marked || [board.querySelector(".wrong")], status);  // a screen above Check on a phone
    } else if (result.empty) {
      say(result.says || tn("No mistakes so far; {count} to fill.", "No mistakes so far; {count} to fill.", result.empty, { count: result.empty }), "good");
    } else {
      say(t("Not solved yet: something breaks a rule."), "bad");
    }
  }

  game = make(board, record, page);
  var hintList = Array.isArray(record.hints) ? record.hints.map(function (hint) { return unpackHint(hint, phrases); }) : [];
  hints = hintGiver(hintList, game, status, {
    say: say,
    revealed: function () { return revealed; },
    showAnswer: showAnswer,
    lastAt: function () { return lastAt; },
    gave: function (text) {
      commit();
      clock.run(true);
      settle(text);
    },
    stepped: save
  });
  focusOnArrival(board);
  notesButton.hidden = !game.notes;
  buttons.hint.hidden = !hintList.length;
  autoBox.parentNode.hidden = game.autocheck === false;
  if (options.querySelectorAll(":scope > :not([hidden])").length === 0) options.hidden = true;

  var saved = store.load(record.key);
  if (saved.state) {
    try { game.restore(saved.state); } catch { /* an old or foreign save: start fresh */ }
    revealed = saved.revealed;
    clock.seconds = saved.time;
    autocheck = saved.autocheck && game.autocheck !== false;
  }
  hints.setGiven(saved.hinted);
  hints.setStepsSaid(saved.steps);
  autoBox.checked = autocheck;
  Object.keys(settings).forEach(function (name) {
    var box = settings[name].box;
    box.checked = saved.settings[name] === true;
    settings[name].apply(box.checked);
  });
  history.start(snapshot());
  if (autocheck && !revealed) game.check();
  markSolved(!revealed && game.solved());
  if (solvedNow) say(t("Solved!"), "good");
  clock.show();
  showHistory();

  controls.addEventListener("click", function (event) {
    var node = event.target.closest("button[data-action]");
    if (!node) return;
    var action = node.dataset.action;
    if (action === "undo" || action === "redo") {
      travel(action);
    } else if (action === "hint") {
      hints.give();
    } else if (action === "check") {
      check();
    } else if (action === "reveal") {
      if (!showAnswer(game.reveal)) say(t("This puzzle has no stored answer."));
    } else if (action === "reset") {
      game.reset();
      game.clearMarks();
      revealed = false;
      hints.setGiven([]);
      clock.seconds = 0;
      clock.run(false);
      commit();
      settle(t("Cleared. Undo brings your entries back."));
    }
  });
  notesButton.addEventListener("click", function () { setNotes(!notesMode); });
  autoBox.addEventListener("change", function () {
    autocheck = autoBox.checked;
    if (autocheck && !revealed) game.check(); else game.clearMarks();
    save();
  });
  puzzleKeys(article, {
    undo: function () { travel("undo"); },
    redo: function () { travel("redo"); },
    escape: function () {
      if (game.cancel && game.cancel()) say(t("Let go: nothing picked."));
      else if (notesMode) setNotes(false);
      else return false;
      return true;
    },
    notes: function () {
      if (!game.notes) return false;
      setNotes(!notesMode);
      return true;
    },
    hint: function () {
      if (!hintList.length) return false;
      hints.give();
      return true;
    }
  });
}

// --- the page -------------------------------------------------------------------------------------

/* The page's buttons: the theme (the system's until chosen here, then kept), and printing a
 * blank copy (entries, notes and marks left out; see play.css) or one with the entries; and each
 * puzzle's: printing it alone (the class print-one on the page, printing on its article), with
 * its entries or blank. */
var root = document.documentElement;
var themeButton = document.querySelector("[data-page='theme']");
var systemDark = window.matchMedia("(prefers-color-scheme: dark)");
function dark() { return root.dataset.theme ? root.dataset.theme === "dark" : systemDark.matches; }
function showTheme() { if (themeButton) themeButton.setAttribute("aria-pressed", dark() ? "true" : "false"); }
systemDark.addEventListener("change", showTheme);
function printing(blank, article) {
  if (article) build(article); else buildAll();
  root.classList.toggle("print-blank", blank);
  root.classList.toggle("print-one", !!article);
  if (article) article.classList.add("printing");
  window.print();
}
document.addEventListener("click", function (event) {
  var one = event.target.closest("[data-print]");
  if (one) {
    printing(one.dataset.print === "blank", one.closest("article.puzzle"));
    return;
  }
  var node = event.target.closest("[data-page]");
  if (!node) return;
  if (node.dataset.page === "theme") {
    root.dataset.theme = dark() ? "light" : "dark";
    store.saveTheme(root.dataset.theme);
    showTheme();
  } else {
    printing(node.dataset.page === "print-blank", null);
  }
});
/* A phone keeps the focus in the square last typed into while a print button is tapped: it
 * leaves the board while the page prints (no ring, cursor or lit word on paper; play.css hides
 * rings and cursors too, for a browser that prints without saying so) and comes back after. */
var focusBeforePrint = null;
window.addEventListener("beforeprint", function () {
  var active = document.activeElement;
  if (!active || !active.closest || !active.closest(".board")) return;
  focusBeforePrint = active;
  active.blur();
});
window.addEventListener("afterprint", function () {
  if (focusBeforePrint && focusBeforePrint.isConnected) focusBeforePrint.focus({ preventScroll: true });
  focusBeforePrint = null;
  root.classList.remove("print-blank", "print-one");
  document.querySelectorAll("article.printing").forEach(function (article) { article.classList.remove("printing"); });
});
showTheme();

var records = pageData("bookgen-data", []);
var phrases = pageData("bookgen-phrases", []);
/* What each record's type worked out for its game in Python (its play_data), by record index. */
var plays = pageData("bookgen-play", {});
records.forEach(function (record, index) {
  if (Object.prototype.hasOwnProperty.call(plays, index)) record.play = plays[index];
});

/* The boards are built as they are needed, not all at once: a book of 630 puzzles is 318,000
 * elements and seven seconds of a desktop's time before its first square takes a digit (half a
 * minute on a phone; bench/html_load.py). A puzzle's board is built (mount) when the puzzle comes
 * within a screen's height of the view, when the focus or a press enters it, when a link leads to
 * it, and before printing; each is built once. The contents tick a puzzle solved from its saved
 * progress alone; a save that does not say (from a page before the flag) builds its board at once. */
var watcher = null;  // the IntersectionObserver that builds the puzzles coming into view
function build(article) {
  if (!article || article.classList.contains("built")) return;
  article.classList.add("built");
  if (watcher) watcher.unobserve(article);
  try {
    mount(article, records[+article.dataset.index]);
  } catch (error) {
    var board = article.querySelector(".board");
    board.textContent = "";
    board.appendChild(el("p", "unplayable", t("This puzzle could not be drawn: {error}", { error: error.message })));
    article.querySelectorAll(".controls, .options, .clock").forEach(function (node) { node.hidden = true; });
  }
}
function puzzles() { return document.querySelectorAll("article.puzzle[data-index]"); }
function buildAll() { puzzles().forEach(build); }
/* The puzzle an address leads to ("#puzzle-12", "#board-12"), or null. */
function puzzleAt(hash) {
  var id;
  try { id = decodeURIComponent(hash.slice(1)); } catch { return null; }  // "#%": no element's
  var target = id ? document.getElementById(id) : null;
  return target && target.closest("article.puzzle[data-index]");
}

/* Once the whole page is read (the games' scripts, which follow this one, have registered by
 * then) and the copies newer than localStorage's values are taken back: the boards in view and
 * within a screen of it, the one the address leads to and the saves that need their board are
 * built, and the rest wait for the watcher. */
function start() {
  var waited = new Promise(function (resolve) { setTimeout(function () { resolve({}); }, RECOVERY_WAIT); });
  Promise.race([store.recover(), waited]).then(function (newer) {
    var theme = newer[STORE_PREFIX + "theme"];
    if (theme === "dark" || theme === "light") root.dataset.theme = theme;
    showTheme();
    buildNeeded();
  });
}
function buildNeeded() {
  var all = Array.prototype.slice.call(puzzles()), near = window.innerHeight;
  var inView = all.filter(function (article) {
    var box = article.getBoundingClientRect();
    return box.bottom >= -near && box.top <= 2 * near;
  });
  var ticks = {};  // puzzle id -> its number in the contents
  document.querySelectorAll("nav.contents a[data-key]").forEach(function (link) { ticks[link.dataset.key] = link; });
  all.forEach(function (article) {
    var key = records[+article.dataset.index].key, saved = store.load(key);
    if (saved.solved === null) inView.push(article);
    else if (saved.solved && ticks[key]) ticks[key].classList.add("solved");
  });
  inView.push(puzzleAt(location.hash));
  inView.forEach(build);
  if (window.IntersectionObserver) {
    watcher = new IntersectionObserver(function (entries) {
      entries.forEach(function (entry) { if (entry.isIntersecting) build(entry.target); });
    }, { rootMargin: "100% 0px" });
    all.forEach(function (article) { if (!article.classList.contains("built")) watcher.observe(article); });
  } else {
    buildAll();
  }
  function buildAround(event) {
    if (event.target.closest) build(event.target.closest("article.puzzle[data-index]"));
  }
  document.addEventListener("focusin", buildAround);
  document.addEventListener("pointerdown", buildAround, true);
  document.addEventListener("click", function (event) {
    buildAround(event);
    var link = event.target.closest("a[href^='#']");
    if (link) build(puzzleAt(link.getAttribute("href")));
  }, true);
  window.addEventListener("hashchange", function () { build(puzzleAt(location.hash)); });
  window.addEventListener("beforeprint", buildAll);
  document.documentElement.classList.add("ready");
}
if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start); else start();

/* What a game's script takes from the frame: register(type, make) for each type it plays, where
 * make(board, record, page) draws the board and returns the game (see the top of this file);
 * keyHelp(li), a line of its own for the page's keyboard help; t, tn and tp for its words; the
 * shared widgets and exact numbers. */
window.bookgenFrame = Object.freeze({
  register: function (type, make) { games[type] = make; },
  t: t, tn: tn, tp: tp,
  keyHelp: function (item) { var list = document.querySelector("#keys ul"); if (list) list.appendChild(item); },
  el: el, button: button, spoken: spoken, scrollView: scrollView, moveFocus: moveFocus, roving: roving, edgeScroller: edgeScroller,
  noteBook: noteBook, notesNode: notesNode, numberPad: numberPad, numberNode: numberNode,
  numberCells: numberCells, stackedCells: stackedCells, largest: largest,
  rat: rat, parseRational: parseRational, R: R, typedLetters: typedLetters,
  WRONG_NUMBER: WRONG_NUMBER, WRONG_LETTER: WRONG_LETTER, MINUS: MINUS
});
