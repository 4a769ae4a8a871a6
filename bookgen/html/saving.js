/* bookgen playable edition, saving (one piece of the frame: see frame.js).
 *
 * A puzzle's progress is kept in the browser's localStorage under "bookgen:" + its id (the id
 * names a puzzle across rebuilds of its book, where a position would not), as JSON:
 * {version: 1, turn, revealed, solved, state, time, autocheck, hinted, steps, settings}, `state` being
 * what the game's state() gave, `solved` whether the board was solved (so the contents tick it
 * before its board is built) and `turn` the count of the puzzle's saves; the theme chosen with the page's
 * button goes under "bookgen:theme". Each value is written at once and read back, and a second
 * copy goes to IndexedDB (copies.js), which the page takes back as it opens where localStorage
 * lost the value or holds an earlier turn. What is read back is checked field by field, so a
 * damaged or foreign value starts the puzzle fresh rather than stopping the page. Undo and Redo
 * step through whole snapshots of a puzzle, kept while the page is open. Nothing here touches the
 * page, so tests run it in Node with a storage of their own.
 */
/* global turnOf */
/* exported STORE_PREFIX, progressStore, readProgress, timeline */

var STORE_PREFIX = "bookgen:";

/* The progress kept as `text` (what localStorage holds, or null), each field as the frame uses
 * it: state (null when none is kept: the puzzle starts fresh), revealed, solved (null where a
 * kept state does not say: a save from a page before the flag), time (whole seconds),
 * autocheck, hinted (a list, checked against the puzzle's hints by the frame), steps (hint index
 * -> how many of its steps Hint has said, each a whole number above 0; checked against the hints
 * by the frame too) and settings (name -> true for each game setting switched on). Where no
 * state is kept, only the hints given, the steps said and the settings are taken. */
function readProgress(text) {
  var saved;
  try { saved = text ? JSON.parse(text) : null; } catch { saved = null; }
  if (!saved || typeof saved !== "object") saved = {};
  var kept = !!saved.state;
  var settings = {};
  if (saved.settings && typeof saved.settings === "object") {
    Object.keys(saved.settings).forEach(function (name) { if (saved.settings[name] === true) settings[name] = true; });
  }
  var steps = {};
  if (saved.steps && typeof saved.steps === "object" && !Array.isArray(saved.steps)) {
    Object.keys(saved.steps).forEach(function (index) {
      var count = saved.steps[index];
      if (/^\d+$/.test(index) && Number.isInteger(count) && count > 0) steps[index] = count;
    });
  }
  return {
    state: kept ? saved.state : null,
    revealed: kept && !!saved.revealed,
    solved: kept ? (typeof saved.solved === "boolean" ? saved.solved : null) : false,
    time: kept && Number.isInteger(saved.time) && saved.time > 0 ? saved.time : 0,
    autocheck: kept && !!saved.autocheck,
    hinted: Array.isArray(saved.hinted) ? saved.hinted : [],
    steps: steps,
    settings: settings
  };
}

/* Progress kept in `storage()`, the browser's localStorage (asked for at each use, since in a
 * browser that refuses storage merely asking throws), and in `copy` (a secondCopy, or null for
 * none). A refusal or a full store keeps nothing there and the page plays on; a save resolves to
 * whether either kept it, so the page can say when nothing was. */
function progressStore(storage, copy) {
  var turns = {};      // name -> the turn of its last save, read or written
  var recovered = {};  // name -> text: the copies newer than what localStorage gave back
  function keep(name, text) {
    var here = false;
    delete recovered[name];
    try {
      storage().setItem(name, text);
      here = storage().getItem(name) === text;
    } catch { /* private mode, or full */ }
    if (!copy) return Promise.resolve(here);
    return copy.keep(name, text).then(function (kept) { return kept || here; });
  }
  function read(name) {
    if (Object.prototype.hasOwnProperty.call(recovered, name)) return recovered[name];
    try { return storage().getItem(name); } catch { return null; }
  }
  return {
    /* Takes back the copies newer than localStorage's values, before anything is loaded; resolves
     * to {name: text} of those (the theme's too, under STORE_PREFIX + "theme"). */
    recover: function () {
      if (!copy) return Promise.resolve({});
      return copy.recover(storage).then(function (newer) {
        recovered = newer;
        return newer;
      });
    },
    /* the progress of the puzzle whose id is `key`, as readProgress gives it */
    load: function (key) {
      var text = read(STORE_PREFIX + key);
      turns[key] = turnOf(text);
      return readProgress(text);
    },
    /* resolves to true once localStorage or the copy holds it */
    save: function (key, progress) {
      turns[key] = (turns[key] || 0) + 1;
      return keep(STORE_PREFIX + key, JSON.stringify({
        version: 1, turn: turns[key], revealed: progress.revealed, solved: progress.solved, state: progress.state,
        time: progress.time,
        autocheck: progress.autocheck, hinted: progress.hinted, steps: progress.steps, settings: progress.settings }));
    },
    saveTheme: function (theme) { return keep(STORE_PREFIX + "theme", theme); }
  };
}

/* Undo and redo over snapshots (strings, compared as they are), each with the cell whose change
 * made it (`at`, as hints name cells; null for none), at most `limit` steps back. */
function timeline(limit) {
  var past = [], future = [], now = null, nowAt = null;
  function travel(from, to) {
    if (!from.length) return null;
    to.push([now, nowAt]);
    var step = from.pop();
    now = step[0];
    nowAt = step[1];
    return { snapshot: now, at: nowAt };
  }
  return {
    /* the snapshot the history starts from: the board as loaded */
    start: function (snapshot) { now = snapshot; },
    /* a new present; false (and nothing kept) when it is the present already */
    commit: function (snapshot, at) {
      if (snapshot === now) return false;
      past.push([now, nowAt]);
      if (past.length > limit) past.shift();
      future = [];
      now = snapshot;
      nowAt = at;
      return true;
    },
    /* the step back (or on), {snapshot, at}, or null when there is none */
    undo: function () { return travel(past, future); },
    redo: function () { return travel(future, past); },
    canUndo: function () { return past.length > 0; },
    canRedo: function () { return future.length > 0; }
  };
}
