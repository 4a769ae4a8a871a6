/* Cryptogram in the playable edition: the code text word by word (a word breaks across lines
 * only where it alone is wider than the line), each code letter under a box. A letter typed into a box goes into every box over the
 * same code letter, and the next open box takes the focus (Backspace on an empty box goes back;
 * the arrow keys move). Given letters stand in their boxes. Hints (from Python) name a code letter
 * ("X") and the letter it stands for; the frame asks the game to write it everywhere. The letters
 * the language writes come from Python (play_data). Registers itself with the player's frame
 * (bookgen/html/frame.js). */
(function (frame) {
  "use strict";

  var el = frame.el, spoken = frame.spoken, t = frame.t;

  function cryptogramGame(board, record, page) {
    var text = record.puzzle.text, given = record.puzzle.given || {};
    var key = record.solution && record.solution.key;
    var letters = (record.play && record.play.letters) || "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
    var spelled = (record.play && record.play.spelled) || {};
    var holder = el("div", "cryptogram");
    var lines = el("div", "code");
    lines.setAttribute("role", "group");
    lines.setAttribute("aria-label", t("The code"));
    var boxes = {}, order = [], typed = {}, marks = {};  // boxes[X]: the inputs over code letter X

    function isLetter(ch) { return letters.indexOf(ch) >= 0; }
    text.split(" ").forEach(function (word) {
      var group = el("span", "word");
      for (var i = 0; i < word.length; i++) {
        var ch = word[i];
        if (!isLetter(ch)) { group.appendChild(el("span", "sign", ch)); continue; }
        var cell = el("span", "cell letter");
        if (Object.prototype.hasOwnProperty.call(given, ch)) {
          cell.classList.add("given");
          cell.appendChild(el("span", "value", given[ch]));
          cell.appendChild(spoken(t("{code} stands for {letter}, given", { code: ch, letter: given[ch] })));
        } else {
          var input = el("input");
          input.type = "text";
          input.autocomplete = "off";
          input.setAttribute("autocapitalize", "characters");
          input.spellcheck = false;
          input.maxLength = 2;
          input.dataset.nav = "";
          input.dataset.letter = ch;
          input.setAttribute("aria-label", t("Letter {letter}", { letter: ch }));
          cell.appendChild(input);
          (boxes[ch] = boxes[ch] || []).push(input);
          order.push(input);
          listen(input);
        }
        var code = el("span", "code-letter", ch);
        code.setAttribute("aria-hidden", "true");
        cell.appendChild(code);
        group.appendChild(cell);
      }
      lines.appendChild(group);
    });
    // the boxes narrow (play.css) so that the longest word fits a phone's line: OPPORTUNITY ran
    // off both sides of a 360-pixel screen, its first box out of reach
    lines.style.setProperty("--longest", String(Math.max.apply(null, text.split(" ").map(function (word) {
      return word.length;
    }))));
    holder.appendChild(lines);
    if (record.puzzle.author) holder.appendChild(el("p", "author", "\u2014 " + record.puzzle.author));
    board.appendChild(holder);
    frame.roving(lines);
    frame.keyHelp(el("li", "", t("Cryptogram: type a letter over a code letter and it goes over every one like it; Backspace goes back.")));

    /* The grid's letters for a character typed (frame.typedLetters): capitals, the marks the
     * language keeps, every other mark dropped, œ and ß as two. */
    function lettersOf(value) { return frame.typedLetters(value, letters, spelled); }
    function letterOf(value) { return lettersOf(value)[0] || ""; }
    function show() {
      Object.keys(boxes).forEach(function (code) {
        var value = typed[code] || "", wrong = value !== "" && marks[code] === value;
        boxes[code].forEach(function (input) {
          input.value = value;
          input.parentNode.classList.toggle("wrong", wrong);
          if (wrong) input.setAttribute("aria-invalid", "true"); else input.removeAttribute("aria-invalid");
        });
      });
    }
    function write(code, value) {
      if (value) typed[code] = value; else delete typed[code];
      show();
    }
    /* The first box after `box` whose code letter has no letter yet, or null. */
    function nextOpen(box) {
      for (var k = order.indexOf(box) + 1; k < order.length; k++) {
        if (!typed[order[k].dataset.letter]) return order[k];
      }
      return null;
    }
    function listen(input) {
      input.addEventListener("input", function () {
        /* a letter written with two (œ as O E) goes over this code letter and the next open one,
         * as typing both would */
        var values = lettersOf(input.value), box = input;
        write(input.dataset.letter, values[0] || "");
        for (var v = 1; v < values.length && box; v++) {
          box = nextOpen(box);
          if (box) write(box.dataset.letter, values[v]);
        }
        page.changed();
        var after = values.length && box && nextOpen(box);
        if (after) after.focus();
      });
      input.addEventListener("keydown", function (event) {
        if (event.altKey || event.ctrlKey || event.metaKey) return;
        if (event.key.length === 1 && /\p{L}/u.test(event.key)) { event.stopPropagation(); return; }  // a letter, not the frame's H or N
        if (event.key === "Backspace" && input.value === "") {
          var before = order[order.indexOf(input) - 1];
          if (before) { event.preventDefault(); before.focus(); }
          return;
        }
        if (frame.moveFocus(lines, input, event.key)) event.preventDefault();
      });
      input.addEventListener("focus", function () { input.select(); });
    }
    function open() { return Object.keys(boxes); }
    show();

    return {
      state: function () { return Object.assign({}, typed); },
      restore: function (state) {
        typed = {};
        open().forEach(function (code) {
          var value = state && typeof state[code] === "string" ? letterOf(state[code]) : "";
          if (value) typed[code] = value;
        });
        show();
      },
      check: function () {
        var wrong = 0, empty = 0;
        marks = {};
        open().forEach(function (code) {
          if (!typed[code]) { empty += 1; return; }
          if (key && typed[code] !== key[code]) { marks[code] = typed[code]; wrong += 1; }
        });
        show();
        return { wrong: wrong, empty: empty };
      },
      solved: function () {
        return !!key && open().every(function (code) { return typed[code] === key[code]; });
      },
      reveal: function () {
        if (!key) return false;
        open().forEach(function (code) { typed[code] = key[code]; });
        show();
        return true;
      },
      reset: function () { typed = {}; marks = {}; show(); },
      clearMarks: function () { marks = {}; show(); },
      wrong: function () {
        return open().filter(function (code) { return typed[code] && key && typed[code] !== key[code]; }).length;
      },
      wrongFirst: frame.WRONG_LETTER,
      hintState: function (hint) {
        var code = hint.cells[0];
        if (!boxes[code] || typed[code] === hint.value) return "done";
        return typed[code] ? frame.WRONG_LETTER : "open";
      },
      place: function (code) { return t("Letter {letter}", { letter: code }); },
      giveHint: function (hint) {
        var code = hint.cells[0];
        write(code, hint.value);
        return [boxes[code][0].parentNode];  // lit and focused: the first place; every place is written
      }
    };
  }

  frame.register("cryptogram", cryptogramGame);
})(window.bookgenFrame);
