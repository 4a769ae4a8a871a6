/* bookgen playable edition, the frame's language (one piece of the frame: see frame.js).
 *
 * Every word the page shows comes through t(id, params), tn(singular, plural, n, params) or
 * tp(context, id, params), made by pageLanguage from the "bookgen-texts" block that bookgen.html
 * writes in the book's language: its plural expression and its messages. The English text is the
 * id and the fallback. Nothing here touches the page, so tests run it in Node.
 */
/* exported pluralRule, pageLanguage */

/* gettext's plural expression (a C expression in n, such as "(n != 1)" or "(n > 1)") as a
 * function from a count to the index of its plural form. It is parsed here rather than handed
 * to new Function, so the page also runs under a Content-Security-Policy without 'unsafe-eval'
 * and a catalog's header can never run code. C's meaning: comparisons and logic give 0 or 1,
 * "/" divides whole numbers. */
function pluralRule(expression) {
  var tokens = String(expression).match(/\d+|n|&&|\|\||[=!<>]=|[-+*/%<>!?:()]|\S/g) || [];
  var at = 0;
  var BINARY = [["||"], ["&&"], ["==", "!="], ["<", ">", "<=", ">="], ["+", "-"], ["*", "/", "%"]];
  var APPLY = {
    "||": function (a, b) { return a || b ? 1 : 0; }, "&&": function (a, b) { return a && b ? 1 : 0; },
    "==": function (a, b) { return a === b ? 1 : 0; }, "!=": function (a, b) { return a !== b ? 1 : 0; },
    "<": function (a, b) { return a < b ? 1 : 0; }, ">": function (a, b) { return a > b ? 1 : 0; },
    "<=": function (a, b) { return a <= b ? 1 : 0; }, ">=": function (a, b) { return a >= b ? 1 : 0; },
    "+": function (a, b) { return a + b; }, "-": function (a, b) { return a - b; },
    "*": function (a, b) { return a * b; }, "/": function (a, b) { return Math.trunc(a / b); },
    "%": function (a, b) { return a % b; }
  };
  function expect(token) { if (tokens[at++] !== token) throw new Error("plural expression: " + expression); }
  function choice() {
    var test = binary(0);
    if (tokens[at] !== "?") return test;
    at += 1;
    var yes = choice();
    expect(":");
    var no = choice();
    return function (n) { return test(n) ? yes(n) : no(n); };
  }
  function binary(level) {
    if (level === BINARY.length) return unary();
    var left = binary(level + 1);
    while (BINARY[level].indexOf(tokens[at]) >= 0) left = joined(APPLY[tokens[at++]], left, binary(level + 1));
    return left;
  }
  function joined(apply, left, right) { return function (n) { return apply(left(n), right(n)); }; }
  function unary() {
    var token = tokens[at++];
    if (token === "!") { var inner = unary(); return function (n) { return inner(n) ? 0 : 1; }; }
    if (token === "(") { var inside = choice(); expect(")"); return inside; }
    if (token === "n") return function (n) { return n; };
    if (/^\d+$/.test(token)) { var value = +token; return function () { return value; }; }
    throw new Error("plural expression: " + expression);
  }
  var rule = choice();
  if (at !== tokens.length) throw new Error("plural expression: " + expression);
  return function (n) { return Number(rule(n)); };
}

/* t, tn and tp speaking the language of `data`, the texts block ({plural, messages}; a plural
 * expression that cannot be read counts as English's, "(n != 1)"). */
function pageLanguage(data) {
  var messages = (data && data.messages) || {};
  var plural;
  try { plural = pluralRule((data && data.plural) || "(n != 1)"); } catch { plural = pluralRule("(n != 1)"); }

  function own(key) {
    return Object.prototype.hasOwnProperty.call(messages, key) ? messages[key] : null;
  }

  /* A text's {name} placeholders filled from params (a name it lacks stays as written). */
  function fill(text, params) {
    if (!params) return text;
    return text.replace(/\{(\w+)\}/g, function (whole, name) {
      return Object.prototype.hasOwnProperty.call(params, name) ? String(params[name]) : whole;
    });
  }

  /* `id` (an English text) in the page's language. */
  function t(id, params) {
    var found = own(id);
    return fill(typeof found === "string" && found ? found : id, params);
  }

  /* `id` in the page's language where `context` tells two uses of one English text apart. */
  function tp(context, id, params) {
    var found = own(context + "\u0004" + id);
    return fill(typeof found === "string" && found ? found : id, params);
  }

  /* The form of a counted text for `n`: a catalog's forms chosen by the language's plural rule; a
   * book's own text (`texts:` in its config) as "one|many", as bookgen.i18n reads it. */
  function tn(singular, pluralText, n, params) {
    var found = own(singular), text;
    if (Array.isArray(found) && found.length) {
      var index = plural(n);
      text = found[index >= 0 && index < found.length ? index : found.length - 1];
    } else if (typeof found === "string" && found) {
      var forms = found.split("|");
      text = n === 1 || forms.length === 1 ? forms[0] : forms[1];
    } else {
      text = n === 1 ? singular : pluralText;
    }
    return fill(text, params);
  }

  return { t: t, tn: tn, tp: tp };
}
