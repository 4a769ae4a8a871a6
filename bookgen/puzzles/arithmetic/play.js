/* Arithmetic in the playable edition: type an expression over the card's numbers, judged exactly
 * (rationals over BigInt; nothing here calls eval). Registers itself with the player's frame
 * (bookgen/html/frame.js). */
(function (frame) {
  "use strict";

  var el = frame.el, button = frame.button, rat = frame.rat, R = frame.R, parseRational = frame.parseRational;
  var MINUS = frame.MINUS;
  var t = frame.t, tn = frame.tn, tp = frame.tp;  /* the page's words (frame.js) */

  // --- expressions: a small safe parser, evaluated exactly ----------------------------------------

  var OPERATOR_ALIASES = { "\u00d7": "*", "x": "*", "X": "*", "\u00b7": "*", "\u00f7": "/", ":": "/", "\u2212": "-", "\u2013": "-" };
  var MAX_EXPONENT = 6, MAX_POWER = 1000000n;  // as bookgen.core.exprs

  function tokenize(text) {
    var tokens = [], i = 0;
    while (i < text.length) {
      var c = text.charAt(i);
      if (/\s/.test(c)) { i += 1; continue; }
      var m = /^\d+/.exec(text.slice(i));
      if (m && m[0].length > 1 && m[0].charAt(0) === "0") throw new Error(t("write {number} without its leading zero", { number: m[0] }));
      if (m) { tokens.push({ kind: "number", text: m[0] }); i += m[0].length; continue; }
      if (text.slice(i, i + 2) === "**") { tokens.push({ kind: "^" }); i += 2; continue; }
      c = OPERATOR_ALIASES[c] || c;
      if ("+-*/^()".indexOf(c) >= 0) { tokens.push({ kind: c }); i += 1; continue; }
      throw new Error(t("\u201c{sign}\u201d is not a whole number, an operator or a bracket", { sign: text.charAt(i) }));
    }
    return tokens;
  }

  function power(base, exponent) {
    if (exponent.d !== 1n || exponent.n < 0n || exponent.n > BigInt(MAX_EXPONENT)) {
      throw new Error(t("exponents must be whole numbers from 0 to {most}", { most: MAX_EXPONENT }));
    }
    if (base.n === 0n && exponent.n === 0n) throw new Error(t("0^0 has no value here"));
    var result = rat(base.n ** exponent.n, base.d ** exponent.n);
    if ((result.n < 0n ? -result.n : result.n) > MAX_POWER || result.d > MAX_POWER) {
      throw new Error(t("a power may not exceed {most}", { most: String(MAX_POWER) }));
    }
    return result;
  }

  /* Value of an expression of whole numbers, + - * / ^ (or **) and brackets, with the numbers and
   * operators it used. Grammar: sum := product (('+'|'-') product)*;
   * product := power (('*'|'/') power)*; power := atom ('^' power)?; atom := number | '(' sum ')'.
   * A minus sign must stand between two terms, as in the book. */
  function evaluate(text) {
    var tokens = tokenize(text), position = 0, used = [], operators = {};
    function peek() { return tokens[position] ? tokens[position].kind : null; }
    function take() { operators[tokens[position].kind] = true; return tokens[position++].kind; }
    function atom() {
      var token = tokens[position];
      if (!token) throw new Error(t("the expression stops too early"));
      position += 1;
      if (token.kind === "number") { used.push(token.text); return rat(BigInt(token.text)); }
      if (token.kind === "(") {
        var inner = sum();
        if (peek() !== ")") throw new Error(t("a bracket is not closed"));
        position += 1;
        return inner;
      }
      if (token.kind === "-") throw new Error(t("a minus sign needs a number before it"));
      throw new Error(t("\u201c{sign}\u201d cannot stand there", { sign: token.kind }));
    }
    function raised() {
      var base = atom();
      if (peek() !== "^") return base;
      take();
      return power(base, raised());
    }
    function product() {
      var value = raised();
      while (peek() === "*" || peek() === "/") {
        var op = take(), right = raised();
        if (op === "/" && right.n === 0n) throw new Error(t("division by zero"));
        value = op === "*" ? R.mul(value, right) : R.div(value, right);
      }
      return value;
    }
    function sum() {
      var value = product();
      while (peek() === "+" || peek() === "-") {
        var op = take(), right = product();
        value = op === "+" ? R.add(value, right) : R.sub(value, right);
      }
      return value;
    }
    if (!tokens.length) throw new Error(t("type an expression"));
    var value = sum();
    if (position < tokens.length) {
      throw new Error(tokens[position].kind === ")" ? t("a closing bracket has no opening one")
        : t("something is missing between two parts"));
    }
    return { value: value, used: used, operators: Object.keys(operators) };
  }

  /* Which given numbers the written ones leave out, and which written ones are not given. */
  function compareNumbers(given, written) {
    var left = given.slice(), extra = [];
    written.forEach(function (text) {
      var at = left.indexOf(text);
      if (at >= 0) left.splice(at, 1); else extra.push(text);
    });
    return { missing: left, extra: extra };
  }

  /* With joining allowed: are the written numbers those of the card cut into runs of neighbours,
   * each run written side by side in the card's order (1 7 9 9: 17, 799; never 71 or 19), no run
   * of several starting with 0? As bookgen.core.exprs.uses_numbers. */
  function usesJoined(written, given) {
    var wanted = written.slice().sort().join(" ");
    function cut(start, runs) {
      if (start === given.length) return runs.slice().sort().join(" ") === wanted;
      for (var end = start + 1; end <= given.length; end++) {
        if (end - start > 1 && given[start] === "0") break;
        if (cut(end, runs.concat([given.slice(start, end).join("")]))) return true;
      }
      return false;
    }
    return cut(0, []);
  }

  // --- arithmetic: type an expression -------------------------------------------------------------

  /* Each operator as the book's language writes it (bookgen.puzzles.arithmetic.parameters
   * operator_signs: "·" and ":" in German); typing accepts these and every other (OPERATOR_ALIASES). */
  var OPERATOR_SIGNS = { "+": "+", "-": MINUS,
    // Translators: the multiplication sign as the language's primary schools write it
    // (× in English; · in German)
    "*": tp("operator", "\u00d7"),
    // Translators: the division sign as the language's primary schools write it
    // (÷ in English; : in German, Italian, Spanish, Dutch)
    "/": tp("operator", "\u00f7"), "^": "^" };

  /* A Python-syntax answer ("8/(1-1/5)", "2**3") as the book writes it. */
  function bookExpression(text) {
    return String(text).replace(/\*\*/g, "^").replace(/[-+*/]/g, function (op) { return " " + OPERATOR_SIGNS[op] + " "; })
      .replace(/\s+/g, " ").trim();
  }

  function arithmeticGame(board, record, page) {
    var puzzle = record.puzzle;
    var given = puzzle.numbers.map(String);
    var target = rat(BigInt(puzzle.target));
    var allowed = String(puzzle.operators || "+-*/");
    var joining = !!puzzle.concat;
    var answers = (record.solution && record.solution.expressions) || [];

    var wrap = el("div", "arithmetic");
    var top = el("div", "given-numbers");
    var chips = given.map(function (text) {
      var chip = el("button", "chip", text);
      chip.type = "button";
      chip.dataset.insert = text;
      top.appendChild(chip);
      return chip;
    });
    /* "Target <strong>24</strong>", the number wherever the language puts it */
    var targetNode = el("span", "target");
    t("Target {number}", { number: "\u0000" }).split("\u0000").forEach(function (text, index) {
      if (index) targetNode.appendChild(el("strong", "", String(puzzle.target)));
      if (text) targetNode.appendChild(document.createTextNode(text));
    });
    top.appendChild(targetNode);
    var input = el("input", "expression");
    input.type = "text";
    input.autocomplete = "off";
    input.spellcheck = false;
    input.setAttribute("autocapitalize", "off");
    input.setAttribute("aria-label", t("expression"));
    input.placeholder = given.join(" ? ") + " = " + puzzle.target;
    var keypad = el("div", "keypad");
    allowed.split("").concat(["(", ")"]).forEach(function (symbol) {
      var key = el("button", "", OPERATOR_SIGNS[symbol] || symbol);
      key.type = "button";
      key.dataset.insert = symbol;
      keypad.appendChild(key);
    });
    var back = button("", t("Delete"));
    back.dataset.erase = "";
    keypad.appendChild(back);
    var checked = null;  // {text, ok}: what Check judged, shown until the expression changes
    var feedback = el("ul", "feedback");
    feedback.setAttribute("aria-live", "polite");
    var more = el("details", "answers");
    more.hidden = true;
    wrap.appendChild(top);
    wrap.appendChild(input);
    wrap.appendChild(keypad);
    wrap.appendChild(feedback);
    wrap.appendChild(more);
    board.appendChild(wrap);

    /* After Reveal: every stored answer, when there is more than one. */
    function showAnswers(on) {
      more.textContent = "";
      more.hidden = !on || answers.length < 2;
      if (more.hidden) return;
      more.appendChild(el("summary", "", tn("All {count} different answer", "All {count} different answers", answers.length,
        { count: answers.length })));
      var list = el("ol");
      answers.forEach(function (text) { list.appendChild(el("li", "", bookExpression(text))); });
      more.appendChild(list);
    }
    /* The verdict on what is typed: each line is [holds, text]. */
    function judge() {
      var text = input.value;
      if (!text.trim()) return { empty: true, ok: false, lines: [], used: [] };
      var result;
      try { result = evaluate(text); } catch (error) { return { ok: false, lines: [[false, error.message]], used: [] }; }
      var lines = [], once;
      if (joining) {
        once = usesJoined(result.used, given);
        lines.push([once, once ? t("Uses each number once.") : t("Use each number once (neighbours may be joined, in the card\u2019s order).")]);
      } else {
        var counts = compareNumbers(given, result.used);
        once = !counts.missing.length && !counts.extra.length;
        lines.push([once, once ? t("Uses each number once.") : [
          counts.missing.length ? t("Still to use: {numbers}.", { numbers: counts.missing.join(", ") }) : "",
          counts.extra.length ? t("Not on the card: {numbers}.", { numbers: counts.extra.join(", ") }) : ""].join(" ").trim()]);
      }
      var banned = result.operators.filter(function (op) { return allowed.indexOf(op) < 0; });
      if (banned.length) {
        lines.push([false, t("Not allowed here: {signs}.", { signs: banned.map(function (op) { return OPERATOR_SIGNS[op]; }).join(" ") })]);
      }
      var hits = R.cmp(result.value, target) === 0;
      lines.push([hits, hits ? t("= {value}, the target.", { value: R.text(result.value) })
        : t("= {value}, not {target}.", { value: R.text(result.value), target: puzzle.target })]);
      return { ok: once && hits && !banned.length, lines: lines, used: result.used };
    }
    function show() {
      var verdict = judge();
      feedback.textContent = "";
      verdict.lines.forEach(function (line) {
        feedback.appendChild(el("li", line[0] ? "yes" : "no", (line[0] ? "\u2713 " : "\u2717 ") + line[1]));
      });
      var left = verdict.used.slice();
      chips.forEach(function (chip) {
        var at = left.indexOf(chip.dataset.insert);
        if (at >= 0) left.splice(at, 1);
        chip.classList.toggle("used", at >= 0);
      });
      var judged = !!checked && checked.text === input.value;
      input.classList.toggle("wrong", judged && !checked.ok);
      input.classList.toggle("right", judged && checked.ok);
      if (judged && !checked.ok) input.setAttribute("aria-invalid", "true"); else input.removeAttribute("aria-invalid");
      return verdict;
    }
    function insert(symbol) {
      var start = input.selectionStart === null ? input.value.length : input.selectionStart;
      var end = input.selectionEnd === null ? start : input.selectionEnd;
      var before = input.value.slice(0, start), after = input.value.slice(end);
      var piece = !joining && /\d$/.test(before) && /^\d/.test(symbol) ? " " + symbol : symbol;
      input.value = before + piece + after;
      input.setSelectionRange(start + piece.length, start + piece.length);
    }
    function erase() {
      var at = input.selectionStart === null ? input.value.length : input.selectionStart;
      if (input.selectionEnd > at) input.value = input.value.slice(0, at) + input.value.slice(input.selectionEnd);
      else if (at > 0) { input.value = input.value.slice(0, at - 1) + input.value.slice(at); at -= 1; }
      input.setSelectionRange(at, at);
    }
    wrap.addEventListener("click", function (event) {
      var key = event.target.closest("[data-insert], [data-erase]");
      if (!key) return;
      if (key.dataset.erase !== undefined) erase(); else insert(key.dataset.insert);
      show();
      page.changed();
    });
    input.addEventListener("input", function () { show(); page.changed(); });
    input.addEventListener("keydown", function (event) {
      if (event.key === "Enter") { event.preventDefault(); page.check(); }
    });
    show();

    return {
      state: function () { return { expression: input.value, shown: !more.hidden }; },
      restore: function (state) {
        if (typeof state.expression === "string") input.value = state.expression.slice(0, 200);
        if (typeof state.shown === "boolean") showAnswers(state.shown);
        show();
      },
      check: function () {
        var verdict = judge();
        checked = verdict.empty ? null : { text: input.value, ok: verdict.ok };
        show();
        return { wrong: verdict.ok || verdict.empty ? 0 : 1, empty: verdict.empty ? 1 : 0 };
      },
      solved: function () { return judge().ok; },
      reveal: function () {
        if (!answers.length) return false;
        input.value = bookExpression(answers[0]);
        showAnswers(true);
        show();
        return true;
      },
      reset: function () { input.value = ""; showAnswers(false); show(); },
      clearMarks: function () { checked = null; show(); },
      /* the last hint: the answer its steps build, written in (false when none is stored) */
      fillAnswer: function () {
        if (!answers.length) return false;
        input.value = bookExpression(answers[0]);
        show();
        return true;
      },
      autocheck: false
    };
  }


  frame.register("arithmetic", arithmeticGame);

  /* The exact arithmetic, open to tests that compare it with Python's fractions. */
  window.bookgenPlay = Object.freeze({
    evaluate: function (text) { return R.text(evaluate(text).value).replace(MINUS, "-"); },
    compare: function (a, b) { return R.cmp(parseRational(a), parseRational(b)); }
  });
})(window.bookgenFrame);
