/* Word scramble in the playable edition: each scramble with a row of boxes; a letter typed into
 * a box goes in and the next box of the word takes the focus (Backspace on an empty box goes back
 * and clears the letter there, the arrow keys move). At easy the first box holds the kept first letter, and a
 * box the puzzle's "shown" prints a letter in holds that letter, fixed as the kept one is. Hints (from Python)
 * give one letter in its place, [word, letter]; the frame picks the one nearest the last box
 * written. The letters a word may hold come from Python (play_data). Registers itself with the
 * player's frame (bookgen/html/frame.js). */
(function (frame) {
  "use strict";

  var el = frame.el, spoken = frame.spoken, t = frame.t;

  function scrambleGame(board, record, page) {
    var scrambles = record.puzzle.scrambles, first = record.puzzle.first;
    var printedLetters = record.puzzle.shown;  // a letter a box prints, "." for none; absent where none does
    var written = record.puzzle.written || scrambles;  // as printed: with the marks of the word's letters (CÀTIT)
    var marked = record.play && record.play.boxes;  // the letters the boxes print, with their marks, where some have one
    var answer = record.solution && record.solution.words;
    var letters = (record.play && record.play.letters) || "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
    var spelled = (record.play && record.play.spelled) || {};
    var list = el("ol", "scramble");
    var inputs = [], marks = {};  // inputs[i][j]: a box's input, null for a printed letter

    function place(i, j) { return t("Word {word}, letter {letter}", { word: i + 1, letter: j + 1 }); }

    scrambles.forEach(function (scramble, i) {
      var item = el("li", "item");
      var shown = el("span", "jumble", written[i]);
      shown.setAttribute("aria-hidden", "true");
      item.appendChild(spoken(t("Word {word}: the letters {letters}", { word: i + 1, letters: Array.from(written[i]).join(" ") })));
      item.appendChild(shown);
      var row = el("span", "boxes");
      row.setAttribute("role", "group");
      row.setAttribute("aria-label", t("Word {word}", { word: i + 1 }));
      inputs.push([]);
      for (var j = 0; j < scramble.length; j++) {
        var cell = el("span", "cell");
        var printed = marked ? (Array.from(marked[i])[j] === "." ? "" : Array.from(marked[i])[j])
          : first && j === 0 ? scramble[0] : printedLetters && printedLetters[i][j] !== "." ? printedLetters[i][j] : "";
        if (printed) {
          cell.classList.add("given");
          cell.appendChild(el("span", "value", printed));
          cell.appendChild(spoken(t(", given")));
          inputs[i].push(null);
        } else {
          var input = el("input");
          input.type = "text";
          input.autocomplete = "off";
          input.setAttribute("autocapitalize", "characters");
          input.spellcheck = false;
          input.maxLength = 2;
          input.dataset.nav = "";
          input.dataset.row = i;
          input.dataset.col = j;
          input.setAttribute("aria-label", place(i, j));
          cell.appendChild(input);
          inputs[i].push(input);
          listen(input, i, j);
        }
        row.appendChild(cell);
      }
      item.appendChild(row);
      list.appendChild(item);
    });
    list.style.setProperty("--longest", String(Math.max.apply(null, scrambles.map(function (scramble) {
      return scramble.length;
    }))));  // the boxes narrow to fit it on a phone (play.css)
    board.appendChild(list);
    frame.roving(list);
    frame.keyHelp(el("li", "", t("Word scramble: type the word's letters into its boxes; Backspace goes back.")));

    /* The grid's letters for a character typed (frame.typedLetters): capitals, the marks the
     * language keeps (Ä in German, Ñ in Spanish), every other mark dropped, œ and ß as two. */
    function lettersOf(text) { return frame.typedLetters(text, letters, spelled); }
    function letterOf(text) { return lettersOf(text)[0] || ""; }
    function next(i, j, step) {
      for (var k = j + step; k >= 0 && k < inputs[i].length; k += step) if (inputs[i][k]) return inputs[i][k];
      return null;
    }
    function listen(input, i, j) {
      input.addEventListener("input", function () {
        /* a letter written with two (œ as O E) fills this box and the next, as typing both would */
        var typed = lettersOf(input.value), box = input, changed = [];
        input.value = typed[0] || "";
        changed.push([i, j]);
        for (var k = 1; k < typed.length; k++) {
          box = next(i, +box.dataset.col, 1);
          if (!box) break;
          box.value = typed[k];
          changed.push([i, +box.dataset.col]);
        }
        paint();
        changed.forEach(function (at) { page.changed(at); });
        var after = typed.length && box && next(i, +box.dataset.col, 1);
        if (after) after.focus();
      });
      input.addEventListener("keydown", function (event) {
        if (event.altKey || event.ctrlKey || event.metaKey) return;
        if (event.key.length === 1 && /\p{L}/u.test(event.key)) { event.stopPropagation(); return; }  // a letter, not the frame's H or N
        if (event.key === "Backspace" && input.value === "") {
          var before = next(i, j, -1);
          if (!before) return;
          event.preventDefault();
          before.focus();
          if (before.value !== "") { before.value = ""; paint(); page.changed([i, +before.dataset.col]); }
          return;
        }
        if (frame.moveFocus(list, input, event.key)) event.preventDefault();
      });
      input.addEventListener("focus", function () { input.select(); });
    }
    function each(fn) {
      inputs.forEach(function (row, i) { row.forEach(function (input, j) { if (input) fn(input, i, j); }); });
    }
    function paint() {
      each(function (input, i, j) {
        var wrong = input.value !== "" && marks[i + "," + j] === input.value;
        input.parentNode.classList.toggle("wrong", wrong);
        if (wrong) input.setAttribute("aria-invalid", "true"); else input.removeAttribute("aria-invalid");
      });
    }
    function right(i, j) { return answer ? answer[i][j] : null; }

    return {
      state: function () { return inputs.map(function (row) { return row.map(function (input) { return input ? input.value : ""; }); }); },
      restore: function (state) {
        each(function (input, i, j) {
          var v = Array.isArray(state) && state[i] && state[i][j];
          input.value = typeof v === "string" ? letterOf(v) : "";
        });
        paint();
      },
      check: function () {
        var wrong = 0, empty = 0;
        marks = {};
        each(function (input, i, j) {
          if (input.value === "") { empty += 1; return; }
          if (answer && input.value !== right(i, j)) { marks[i + "," + j] = input.value; wrong += 1; }
        });
        paint();
        return { wrong: wrong, empty: empty };
      },
      solved: function () {
        var ok = !!answer;
        each(function (input, i, j) { if (input.value !== right(i, j)) ok = false; });
        return ok;
      },
      reveal: function () {
        if (!answer) return false;
        each(function (input, i, j) { input.value = right(i, j); });
        paint();
        return true;
      },
      reset: function () { each(function (input) { input.value = ""; }); marks = {}; paint(); },
      clearMarks: function () { marks = {}; paint(); },
      wrong: function () {
        var wrong = 0;
        each(function (input, i, j) { if (input.value !== "" && answer && input.value !== right(i, j)) wrong += 1; });
        return wrong;
      },
      wrongFirst: frame.WRONG_LETTER,
      hintState: function (hint) {
        var at = hint.cells[0], input = inputs[at[0]] && inputs[at[0]][at[1]];
        if (!input || input.value === hint.value) return "done";
        return input.value === "" ? "open" : frame.WRONG_LETTER;
      },
      place: function (at) { return place(at[0], at[1]); },
      giveHint: function (hint) {
        var at = hint.cells[0], input = inputs[at[0]][at[1]];
        input.value = hint.value;
        paint();
        return [input.parentNode];
      }
    };
  }

  frame.register("scramble", scrambleGame);
})(window.bookgenFrame);
