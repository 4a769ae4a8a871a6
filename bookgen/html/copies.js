/* bookgen, a second copy of what a page keeps in localStorage, in IndexedDB: the player's progress
 * (a piece of its frame, see frame.js) and the studio's books (the studio's page loads this file
 * before studio.js).
 *
 * Why: Chromium reloads a page before the old page's last localStorage writes have reached the
 * browser's store, now and then: the reloaded page starts without the key, or with an earlier
 * value, and the late write may never land (once in CI, four reloads in a row found nothing). In
 * bench/saving.py (Chromium 156, a file:// page, a new browser context per round, at load 7 to
 * 13 on two cores), 19 of 360 reloads showed a board not as the player left it with localStorage
 * alone, and none with this copy. localStorage says nothing of whether the browser kept a write;
 * an IndexedDB transaction completes only once the browser holds it. So each value is written to
 * both, and carries a `turn` (the count of its saves); as the page opens, before it reads
 * anything, recover() takes every copy that localStorage lacks or holds at an earlier turn.
 * Everything here fails quietly: a browser without IndexedDB (or one that refuses it) keeps the
 * localStorage value only, as before.
 */
/* exported secondCopy, turnOf */

var COPIES_DATABASE = "bookgen-copies";
var COPIES_STORE = "copies";

/* The `turn` a kept value carries (JSON with a whole number `turn`), else 0. */
function turnOf(text) {
  var value;
  try { value = JSON.parse(text); } catch { return 0; }
  return value && Number.isInteger(value.turn) && value.turn > 0 ? value.turn : 0;
}

/* The copies in the IndexedDB that `indexedDB()` gives (asked for once, since merely asking may
 * throw where storage is refused). */
function secondCopy(indexedDB) {
  var opened = new Promise(function (resolve) {
    var request;
    try { request = indexedDB().open(COPIES_DATABASE, 1); } catch { resolve(null); return; }
    request.onupgradeneeded = function () { request.result.createObjectStore(COPIES_STORE); };
    request.onsuccess = function () { resolve(request.result); };
    request.onerror = request.onblocked = function () { resolve(null); };
  });
  function transaction(mode, work) {
    return opened.then(function (database) {
      if (!database) return null;
      return new Promise(function (resolve) {
        var done, result = null;
        try {
          done = database.transaction(COPIES_STORE, mode);
          result = work(done.objectStore(COPIES_STORE));
        } catch { resolve(null); return; }
        done.oncomplete = function () { resolve(result); };
        done.onerror = done.onabort = function () { resolve(null); };
      });
    });
  }
  return {
    /* The copies that `storage` lacks or holds at an earlier turn, written back into it where it
     * takes them; resolves to {name: text} of those (empty when there are none or no copies). */
    recover: function (storage) {
      var names, texts;
      return transaction("readonly", function (store) {
        store.getAllKeys().onsuccess = function (event) { names = event.target.result; };
        store.getAll().onsuccess = function (event) { texts = event.target.result; };
        return true;
      }).then(function (read) {
        var newer = {};
        if (!read) return newer;
        names.forEach(function (name, index) {
          var text = texts[index], here = null;
          if (typeof name !== "string" || typeof text !== "string") return;
          try { here = storage().getItem(name); } catch { /* refused: the copy is all there is */ }
          if (here !== null && turnOf(here) >= turnOf(text)) return;
          newer[name] = text;
          try { storage().setItem(name, text); } catch { /* refused or full */ }
        });
        return newer;
      });
    },
    /* Writes the copy of `name`; resolves to true once the browser holds it, else false. */
    keep: function (name, text) {
      return transaction("readwrite", function (store) { store.put(text, name); return true; })
        .then(function (kept) { return kept === true; });
    }
  };
}
