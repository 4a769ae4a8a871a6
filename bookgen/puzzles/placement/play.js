/* Number placement in the playable edition: numbers from a pool into the boxes between the signs,
 * by tap, drag or keyboard. Registers itself with the player's frame (bookgen/html/frame.js). */
(function (frame) {
  "use strict";

  var el = frame.el, button = frame.button, spoken = frame.spoken, numberNode = frame.numberNode,
    parseRational = frame.parseRational, R = frame.R, moveFocus = frame.moveFocus, roving = frame.roving;
  var WRONG_NUMBER = frame.WRONG_NUMBER, MINUS = frame.MINUS;
  var t = frame.t, tp = frame.tp;  /* the page's words (frame.js) */

  // Translators: the decimal mark in a number such as 2.18 (a comma where 2,18 is written)
  var DECIMAL_MARK = tp("decimal mark", ".");
  /* A pool number as the book prints it: "2,18" in German (the record keeps "2.18"). */
  function numberShown(text) { return numberNode(text, DECIMAL_MARK); }

  var LONG_PRESS = 300;  // ms a finger rests on a number before it can be dragged; moving sooner scrolls

  function placementGame(board, record, page) {
    var puzzle = record.puzzle;
    var numbers = puzzle.numbers.map(String), signs = puzzle.signs, givens = puzzle.givens || {};
    var order = record.solution && record.solution.order;
    var size = numbers.length;
    var values = {};
    numbers.forEach(function (text) { values[text] = parseRational(text); });
    var givenAt = {};
    Object.keys(givens).forEach(function (index) { givenAt[+index] = String(givens[index]); });
    var givenTexts = Object.keys(givenAt).map(function (i) { return givenAt[i]; });
    var boxes = [], signNodes = [], tokens = {}, placed = [], selected = null;
    var marks = {};  // "b3" -> the number Check found wrong in box 3; "s2" -> "a|b" across sign 2

    var wrap = el("div", "placement");
    var row = el("div", "row");
    var pool = el("div", "pool");
    pool.setAttribute("role", "group");
    pool.setAttribute("aria-label", t("Numbers to place"));
    wrap.appendChild(row);
    wrap.appendChild(pool);
    board.appendChild(wrap);

    for (var i = 0; i < size; i++) {
      placed.push(givenAt[i] !== undefined ? givenAt[i] : null);
      var box = button("box" + (givenAt[i] !== undefined ? " given" : " empty"));
      box.dataset.box = i;
      box.dataset.nav = "";
      boxes.push(box);
      row.appendChild(box);
      if (i < signs.length) {
        var sign = el("span", "sign", signs[i] === "<" ? "<" : ">");
        sign.setAttribute("aria-label", signs[i] === "<" ? t("less than") : t("greater than"));
        sign.setAttribute("role", "img");
        signNodes.push(sign);
        row.appendChild(sign);
      }
    }
    numbers.forEach(function (text) {
      if (givenTexts.indexOf(text) >= 0) return;
      var token = button("token");
      token.dataset.token = text;
      token.dataset.nav = "";
      token.appendChild(numberShown(text));
      tokens[text] = token;
      pool.appendChild(token);
    });
    var roveBoxes = roving(row), rovePool = roving(pool);

    function pair(i) { return placed[i] + "|" + placed[i + 1]; }
    function show() {
      boxes.forEach(function (box, i) {
        var wrong = placed[i] !== null && marks["b" + i] === placed[i];
        box.textContent = "";
        box.dataset.value = placed[i] === null ? "" : placed[i];
        if (placed[i] === null) {
          box.appendChild(spoken(t("Box {box}, empty", { box: i + 1 })));
        } else {
          box.appendChild(spoken(t("Box {box}: ", { box: i + 1 })));
          box.appendChild(numberShown(placed[i]));
          if (givenAt[i] !== undefined) box.appendChild(spoken(t(", given")));
          if (wrong) box.appendChild(spoken(t(", marked wrong")));
        }
        box.classList.toggle("empty", placed[i] === null);
        box.classList.toggle("armed", placed[i] === null && selected !== null);
        box.classList.toggle("wrong", wrong);
      });
      signNodes.forEach(function (node, i) { node.classList.toggle("wrong", marks["s" + i] === pair(i)); });
      Object.keys(tokens).forEach(function (text) {
        tokens[text].classList.toggle("used", placed.indexOf(text) >= 0);
        tokens[text].classList.toggle("selected", text === selected);
        tokens[text].setAttribute("aria-pressed", text === selected ? "true" : "false");
        tokens[text].disabled = placed.indexOf(text) >= 0;
      });
      roveBoxes();
      rovePool();
    }

    function put(text, index) {
      var from = placed.indexOf(text);
      if (from >= 0 && givenAt[from] === undefined) placed[from] = null;
      placed[index] = text;
      selected = null;
      show();
      page.changed(index);
    }
    function takeBack(index) {
      placed[index] = null;
      show();
      page.changed(index);
    }

    function tapBox(index) {
      if (givenAt[index] !== undefined) { page.say(t("That box is given and stays as it is.")); return; }
      if (placed[index] !== null) {
        var chosen = selected;
        if (chosen !== null) { placed[index] = null; put(chosen, index); } else takeBack(index);
        return;
      }
      if (selected === null) { page.say(t("Tap a number in the pool first, then a box.")); return; }
      put(selected, index);
    }

    /* Dragging with pointer events works for mouse, pen and touch alike; a short press is a tap.
     * A finger must rest on a number for a moment before it drags, so that a swipe which starts
     * on a box or a number still scrolls the page. */
    var drag = null, swallowClick = false;
    function startDrag(event, text, fromBox, source) {
      if (event.button !== undefined && event.button !== 0) return;
      endDrag();
      var touch = event.pointerType === "touch";
      drag = { text: text, fromBox: fromBox, x: event.clientX, y: event.clientY, ghost: null, source: source,
               id: event.pointerId, armed: !touch, touch: touch, moved: false, timer: null };
      if (touch) {
        drag.timer = setTimeout(function () {
          if (!drag) return;
          drag.armed = true;
          lift(drag.x, drag.y);
        }, LONG_PRESS);
      }
    }
    function lift(x, y) {
      drag.ghost = el("span", "token ghost");
      drag.ghost.setAttribute("aria-hidden", "true");
      drag.ghost.appendChild(numberShown(drag.text));
      document.body.appendChild(drag.ghost);
      drag.source.classList.add("dragging");
      try { drag.source.releasePointerCapture(drag.id); } catch { /* not captured */ }
      drag.ghost.style.left = x + "px";
      drag.ghost.style.top = y + "px";
    }
    function dropTarget(event) {
      var under = document.elementFromPoint(event.clientX, event.clientY);
      if (!under || !wrap.contains(under)) return null;
      var box = under.closest(".box");
      if (box) return { box: +box.dataset.box };
      if (under.closest(".pool")) return { pool: true };
      return null;
    }
    function endDrag() {
      if (!drag) return;
      clearTimeout(drag.timer);
      if (drag.ghost) drag.ghost.remove();
      drag.source.classList.remove("dragging");
      boxes.forEach(function (box) { box.classList.remove("drop"); });
      drag = null;
    }
    wrap.addEventListener("pointermove", function (event) {
      if (!drag || event.pointerId !== drag.id) return;
      var far = Math.abs(event.clientX - drag.x) + Math.abs(event.clientY - drag.y) >= 8;
      if (!drag.armed) { if (far) endDrag(); return; }   // a finger that moves at once scrolls
      if (!far && !drag.moved) return;
      drag.moved = true;
      if (!drag.ghost) lift(event.clientX, event.clientY);
      drag.ghost.style.left = event.clientX + "px";
      drag.ghost.style.top = event.clientY + "px";
      var target = dropTarget(event);
      boxes.forEach(function (box, i) { box.classList.toggle("drop", !!target && target.box === i); });
    });
    /* Once a finger has rested long enough, its moves drag the number instead of the page. */
    wrap.addEventListener("touchmove", function (event) {
      if (drag && drag.armed) event.preventDefault();
    }, { passive: false });
    wrap.addEventListener("contextmenu", function (event) {
      if (event.target.closest(".box, .token")) event.preventDefault();
    });
    wrap.addEventListener("pointerup", function (event) {
      if (!drag || event.pointerId !== drag.id) return;
      if (drag.moved) {
        var target = dropTarget(event), text = drag.text, fromBox = drag.fromBox;
        swallowClick = true;            // the click that ends a drag is not a tap
        setTimeout(function () { swallowClick = false; }, 0);
        endDrag();
        if (target && target.box !== undefined && givenAt[target.box] === undefined && target.box !== fromBox) {
          if (fromBox !== null && placed[target.box] !== null) placed[fromBox] = placed[target.box];  // swap
          else if (fromBox !== null) placed[fromBox] = null;
          else if (placed.indexOf(text) >= 0) placed[placed.indexOf(text)] = null;
          placed[target.box] = text;
          selected = null;
          show();
          page.changed(target.box);
        } else if (target && target.pool && fromBox !== null) {
          takeBack(fromBox);
        }
        return;
      }
      endDrag();
    });
    wrap.addEventListener("pointercancel", endDrag);
    pool.addEventListener("pointerdown", function (event) {
      var token = event.target.closest(".token");
      if (token && !token.disabled) startDrag(event, token.dataset.token, null, token);
    });
    row.addEventListener("pointerdown", function (event) {
      var box = event.target.closest(".box");
      if (box && placed[+box.dataset.box] !== null && givenAt[+box.dataset.box] === undefined) {
        startDrag(event, placed[+box.dataset.box], +box.dataset.box, box);
      }
    });
    wrap.addEventListener("click", function (event) {
      if (swallowClick) { swallowClick = false; return; }
      var token = event.target.closest(".token");
      if (token) {
        selected = selected === token.dataset.token ? null : token.dataset.token;
        show();
        return;
      }
      var box = event.target.closest(".box");
      if (box) tapBox(+box.dataset.box);
    });
    /* On a box, a pool number typed as the book prints it or with a point ("2,18", "2.18",
     * "-3/4") and Enter puts it there. */
    var typed = "";
    function putTyped(index) {
      var value = parseRational(typed), said = typed;
      typed = "";
      if (givenAt[index] !== undefined) { page.say(t("That box is given and stays as it is.")); return; }
      var found = value && Object.keys(tokens).filter(function (text) { return R.cmp(values[text], value) === 0; });
      if (!found || !found.length) { page.say(t("{number} is not in the pool.", { number: said })); return; }
      if (placed[index] !== null) placed[index] = null;
      put(found[0], index);
    }
    wrap.addEventListener("keydown", function (event) {
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      var node = event.target.closest("[data-nav]"), box = event.target.closest(".box");
      if (box && /^[-0-9.,/\u2212]$/.test(event.key)) {
        typed += event.key;
        event.preventDefault();
      } else if (box && typed && event.key === "Enter") {
        putTyped(+box.dataset.box);
        event.preventDefault();
      } else if (node && moveFocus(wrap, node, event.key)) {
        typed = "";
        event.preventDefault();
      }
    });

    function signHolds(i) {
      var c = R.cmp(values[placed[i]], values[placed[i + 1]]);
      return signs[i] === "<" ? c < 0 : c > 0;
    }
    show();

    return {
      state: function () { return { placed: placed }; },
      restore: function (state) {
        if (!Array.isArray(state.placed) || state.placed.length !== size) return;
        var seen = {};
        placed = placed.map(function (old, i) {
          if (givenAt[i] !== undefined) return givenAt[i];
          var text = state.placed[i];
          var ok = typeof text === "string" && tokens[text] && !seen[text];
          if (ok) seen[text] = true;
          return ok ? text : null;
        });
        selected = null;
        show();
      },
      /* Wrong: a box that differs from the only arrangement (when there is one), or two neighbours
       * whose sign is false (any arrangement that keeps every sign is accepted). */
      check: function () {
        var empty = 0;
        marks = {};
        placed.forEach(function (text, i) {
          if (text === null) { empty += 1; return; }
          if (puzzle.unique && order && givenAt[i] === undefined && text !== String(order[i])) marks["b" + i] = text;
        });
        signNodes.forEach(function (node, i) {
          if (placed[i] === null || placed[i + 1] === null || signHolds(i)) return;
          marks["s" + i] = pair(i);
          if (givenAt[i] === undefined) marks["b" + i] = placed[i];
          if (givenAt[i + 1] === undefined) marks["b" + (i + 1)] = placed[i + 1];
        });
        show();
        return { wrong: Object.keys(marks).filter(function (key) { return key.charAt(0) === "b"; }).length, empty: empty };
      },
      solved: function () {
        if (placed.indexOf(null) >= 0) return false;
        for (var i = 0; i < signs.length; i++) if (!signHolds(i)) return false;
        return true;
      },
      reveal: function () {
        if (!order) return false;
        placed = order.map(String);
        selected = null;
        show();
        return true;
      },
      reset: function () {
        placed = placed.map(function (text, i) { return givenAt[i] !== undefined ? givenAt[i] : null; });
        selected = null;
        show();
      },
      clearMarks: function () { marks = {}; show(); },
      /* Escape: put the picked number back */
      cancel: function () {
        typed = "";
        if (selected === null) return false;
        selected = null;
        show();
        return true;
      },
      /* Any arrangement that keeps the signs is right, so only a one-answer row has wrong boxes. */
      wrong: function () {
        var wrong = 0;
        if (order && puzzle.unique) placed.forEach(function (text, i) { if (text !== null && text !== order[i]) wrong += 1; });
        return wrong;
      },
      wrongFirst: WRONG_NUMBER,
      hintState: function (hint) {
        var box = hint.cells[0], text = String(hint.value);
        if (placed[box] === text) return "done";
        if (placed[box] === null && placed.indexOf(text) < 0) return "open";
        if (puzzle.unique) return WRONG_NUMBER;
        if (placed[box] === null) {
          return t("These hints follow one arrangement, and yours differs at box {box} ({number} is elsewhere): take a number back first, or Reset.",
            { box: box + 1, number: text.replace("-", MINUS).replace(".", DECIMAL_MARK) });
        }
        return t("These hints follow one arrangement, and yours differs at box {box}: take a number back first, or Reset.", { box: box + 1 });
      },
      place: function (box) { return t("Box {box}", { box: box + 1 }); },
      giveHint: function (hint) {
        var box = hint.cells[0];
        placed[box] = String(hint.value);
        selected = null;
        show();
        return [boxes[box]];
      }
    };
  }


  /* "Number Placement: on a box, type a number of the pool and press Enter to put it there.",
   * the key's name set as a key wherever the language puts it */
  var help = el("li");
  t("Number Placement: on a box, type a number of the pool and press {enter} to put it there.", { enter: "\uE000" })
    .split(/(\uE000)/).forEach(function (part) {
      if (part === "\uE000") help.appendChild(el("kbd", "", t("Enter")));
      else if (part) help.appendChild(document.createTextNode(part));
    });
  frame.keyHelp(help);

  frame.register("placement", placementGame);
})(window.bookgenFrame);
