// bookgen studio: the page edits `book`, the mapping a YAML config holds, with controls made from
// the JSON Schema that `bookgen schema` prints (each type's options labelled, described and their
// choices named by the type, in the interface's language); the server reads the YAML of it with
// bookgen's own loader, previews its pages and builds its files.
"use strict";
/* global secondCopy, turnOf */

const studio = {schema: null, book: null, buildJob: null, timer: null, asked: 0, drawn: 0,
                pages: [], said: new Map(), answer: null,
                language: null, texts: {messages: {}, plural: [], languages: []}};
const PREVIEW_DELAY = 350; // ms after the last change before the preview is redrawn
const LANGUAGE_KEY = "bookgen-studio-language"; // the language the user chose, in localStorage

// --- the interface's language --------------------------------------------------------------------
// Messages are English and their own ids; the server sends their translations (GET /api/texts).
// Mark every text a user reads with t, tn or tp and a literal string: the catalogs are extracted
// from these calls (python -m bookgen.i18n.catalogs update).

function fill(text, values) {
  return values ? text.replace(/\{(\w+)\}/g, (whole, name) => (name in values ? `${values[name]}` : whole))
                : text;
}

function t(message, values) {
  const found = studio.texts.messages[message];
  return fill(typeof found === "string" && found ? found : message, values);
}

function tp(context, message, values) {
  const found = studio.texts.messages[`${context}\u0004${message}`];
  return fill(typeof found === "string" && found ? found : message, values);
}

// The form of a counted text for n; the server sends the plural index of n below the table's end,
// and beyond it n is read as 100 + n % 100 (see PLURAL_TABLE in server.py).
function tn(singular, plural, n, values) {
  const forms = studio.texts.messages[singular];
  const table = studio.texts.plural;
  if (Array.isArray(forms) && forms.every((form) => form) && table.length) {
    const index = table[n < table.length ? n : 100 + (n % 100)];
    return fill(forms[Math.min(index, forms.length - 1)], values);
  }
  return fill(n === 1 ? singular : plural, values);
}

function numeral(value) {
  return new Intl.NumberFormat(studio.language).format(value);
}

// Show a text that follows the language: `words` is called now and again after each switch.
function say(element, words) {
  studio.said.set(element, words);
  element.textContent = words();
}

async function loadLanguage(code) {
  const query = code ? `?lang=${encodeURIComponent(code)}` : ""; // none: the browser's language
  studio.texts = (await api("GET", `/api/texts${query}`)).data;
  studio.language = studio.texts.language;
  studio.schema = (await api("GET", "/api/schema")).data; // type titles and rules, in the language
  document.documentElement.lang = studio.language;
}

async function switchLanguage(code) {
  keep(LANGUAGE_KEY, code);
  const remade = untouchedNewBook(); // a new book nobody changed is made again in the language
  await loadLanguage(code);
  if (remade) {
    startEditing({...newBook(), seed: studio.book.seed}, {saved: true, fresh: true, id: studio.bookId, quietly: true});
    keepBook();
  }
  drawFixedTexts();
  renderBook(); // the same book, its controls in the new words
  for (const [element, words] of studio.said) {
    if (element.isConnected) element.textContent = words(); else studio.said.delete(element);
  }
  showPages(studio.pages);
  preview(); // the loader's marks and the rules as printed come back with it (its puzzles are kept)
}

function storedLanguage() {
  return keptText(LANGUAGE_KEY);
}

// The words index.html leaves to the script.
function drawFixedTexts() {
  $("open-text").textContent = t("Open a book…");
  $("new-book").textContent = t("New book");
  drawKeepingTexts();
  $("language-text").textContent = t("Language");
  const select = $("language");
  select.replaceChildren(...studio.texts.languages.map(({code, name}) => {
    const option = document.createElement("option");
    option.value = code;
    option.lang = code;
    option.textContent = name;
    return option;
  }));
  select.value = studio.language;
  $("book-heading").textContent = t("Your book");
  $("sections-heading").textContent = t("Sections");
  $("add-section").textContent = t("Add a section");
  $("settings-heading").textContent = t("Pages, cover and files");
  $("output-heading").textContent = t("Preview and files");
  $("build").textContent = t("Make the files");
  $("skip").textContent = t("Go to the preview and files");
  $("cancel").textContent = t("Cancel");
  $("build-progress").setAttribute("aria-label", t("Build progress"));
  $("downloads").setAttribute("aria-label", t("Downloads"));
}

// Where the book's keys appear on the form; keys not named here go under "More".
const GROUPS = [
  ["book", ["title", "subtitle", "author", "seed"]],
  ["pages", ["layout", "large_print", "profile", "bleed", "paper", "answers", "title_page",
             "contents", "share_pages", "repeat_rules", "language"]],
  ["cover", ["cover_color", "back_text", "copyright", "isbn", "spine"]],
  ["files", ["formats"]],
];

// A worksheet's keys: shown open below the book's own when the book is a sheet (the Worksheet
// template's name line, or versions), where a teacher looks; under "More" otherwise.
const SHEET = ["sheet", ["name_line", "versions"]];

function isSheet(book) {
  return Boolean(book.name_line) || (Number.isInteger(book.versions) && book.versions > 1);
}

function groupTitle(group) {
  return {book: t("Book"), sheet: t("Worksheet"), pages: t("Pages"), cover: t("Cover and notes"),
          files: t("Files"), more: t("More")}[group];
}

// A book's or a section's key's label (`path` tells a section's key from the book's); a key added to
// bookgen later shows its own name until it is given one here. A type's options are labelled by
// the type itself: their schema's title (see `field`).
function words(key, path) {
  if (key === "language" && path !== "language") return t("Language of this section");
  if (key === "seed" && path !== "seed") return t("Puzzle set number of this section");
  const label = {
    title: t("Title"), subtitle: t("Subtitle"), author: t("Author"), seed: t("Puzzle set number"),
    layout: t("Page size"), large_print: t("Large print"), profile: t("Print service"),
    bleed: t("Print to the page edge"), paper: t("Paper"), answers: t("Answers"),
    title_page: t("Title page"),
    contents: t("Contents page"), share_pages: t("Share pages"), repeat_rules: t("Rules at each section"),
    copyright: t("Copyright and notes"),
    isbn: t("ISBN"), spine: t("Spine width"),
    name_line: t("Name line"), versions: t("Versions of the sheet"),
    back_text: t("Back cover text"), cover_color: t("Cover colour"), formats: t("Files to make"),
    exclude: t("Leave out the puzzles of"), language: t("Language of the book"),
    texts: t("Own texts"), untranslated: t("Puzzle types not in the language"),
    type: t("Puzzle type"), count: t("Number of puzzles"),
    difficulty: t("Level"), per_page: t("Puzzles a page"), from: t("Puzzle bank"),
    rating: t("Rating"), order: t("Order"), rules: t("Own rules"),
  }[key];
  if (label) return label;
  const text = key.replace(/_/g, " ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

// How a choice of the book's or a section's `key` reads; a choice not named here shows its value.
// A type's options name their choices themselves (see `choiceName`).
function choiceWords(key, choice) {
  if (key === "type") {
    const type = typeOf(choice);
    return type ? type.title : choice;
  }
  if (key === "language") {
    const found = studio.texts.languages.find((l) => l.code === choice);
    return found ? found.name : choice;
  }
  if (key === "layout") return pageSizeWords(choice);
  const named = {
    difficulty: {easy: tp("level", "easy"), medium: tp("level", "medium"), hard: tp("level", "hard"),
                 expert: tp("level", "expert"), master: tp("level", "master")},
    answers: {back: t("At the back of the book"), separate: t("In a separate PDF"),
              none: tp("answers", "None")},
    profile: {home: t("At home"), "print-on-demand": t("Print on demand")},
    paper: {white: t("White"), cream: t("Cream"), color: t("Colour")},
    formats: {pdf: t("PDF book"), cover: t("Cover"), html: t("Playable page"),
              jsonl: t("Puzzle data (for other programs)")},
    order: {rating: t("Easier to harder"), shuffle: t("As made")},
    untranslated: {refuse: t("Refuse the book"), warn: t("Build with English words")},
    name_line: {name: tp("name line", "Name"), date: tp("name line", "Date"),
                class: tp("name line", "Class"), period: tp("name line", "Period"),
                teacher: tp("name line", "Teacher"), score: tp("name line", "Score"),
                score_total: t("Score out of the sheet's puzzles")},
  }[key];
  return (named && named[choice]) || choice;
}

// How a built-in page size reads: its paper's name, or its trim in inches, with its size in
// millimetres ("A4 (210 × 297 mm)", "6 × 9 in (152 × 229 mm)"), for those who measure in either.
function pageSizeWords(choice) {
  const size = (studio.texts.layouts || {})[choice];
  if (!size) return choice; // a layout file
  const [width_mm, height_mm] = size.map((mm) => numeral(Math.round(mm)));
  const trim = /^([\d.]+)x([\d.]+)$/.exec(choice);
  if (trim) {
    return t("{width} × {height} in ({width_mm} × {height_mm} mm)", {
      width: numeral(Number(trim[1])), height: numeral(Number(trim[2])), width_mm, height_mm});
  }
  const paper = choice === "letter" ? t("US Letter") : choice.toUpperCase();
  return t("{paper} ({width_mm} × {height_mm} mm)", {paper, width_mm, height_mm});
}

// How a choice reads in a control: the words its schema gives it (a type's option: the server
// sends them in the interface's language, written as inside a sentence, so a menu starts them
// with a capital), else the studio's own words for the key's choices.
function choiceName(key, spec, choice) {
  const names = spec.enumDescriptions;
  const at = (enumOf(spec) || []).indexOf(choice);
  if (!names || at < 0 || !names[at]) return choiceWords(key, choice);
  return names[at].charAt(0).toLocaleUpperCase(studio.language) + names[at].slice(1);
}

const $ = (id) => document.getElementById(id);

// The paper a sheet in language `code` is printed on: A4, US Letter in English (the server's
// `worksheet_trim`, as `bookgen init` and `bookgen worksheet -L` choose it).
function sheetPaper(code) {
  return (studio.texts.papers || {})[code || "en"] || "letter";
}

// The choice of a section that follows the book's language, naming it: "As the book (Deutsch)".
function asTheBook() {
  return t("As the book ({language})", {language: choiceWords("language", studio.book.language || "en")});
}

// A new book is a worksheet, as its title says (the Worksheet template's name line and answers in
// a file of their own), written in the interface's language and on that language's paper.
function newBook() {
  const type = studio.schema.types[0].name;
  const book = {title: t("My worksheet"), seed: newSeed(), layout: sheetPaper(studio.language),
                answers: "separate", title_page: false, contents: false, name_line: true,
                formats: ["pdf", "html"],
                sections: [{type, difficulty: studio.schema.levels[0], count: 4}]};
  // (an English one has no `language:`, as it always had none)
  return studio.language === "en" ? book : {title: book.title, language: studio.language, ...book};
}

// Whether the book is a new one left as it was made: the interface's language remakes it in its own.
function untouchedNewBook() {
  return studio.fresh && !unsaved();
}

async function api(method, path, body) {
  const headers = body ? {"Content-Type": "application/json"} : {};
  if (studio.language) headers["Accept-Language"] = studio.language; // the server's messages in it
  const response = await fetch(path, {
    method, headers, body: body ? JSON.stringify(body) : undefined,
  });
  let data;
  try { data = await response.json(); } catch { data = {errors: [{message: response.statusText}]}; }
  return {ok: response.ok, status: response.status, data};
}

// --- controls made from the schema ---------------------------------------------------------------

function enumOf(spec) {
  if (spec.enum) return spec.enum;
  for (const branch of spec.anyOf || []) if (branch.enum) return branch.enum;
  return null;
}

function listEnumOf(spec) {
  for (const branch of spec.anyOf || []) {
    if (branch.type === "array" && branch.items && branch.items.enum) return branch.items.enum;
  }
  return null;
}

function kindOf(spec) {
  if (listEnumOf(spec)) return "checkboxes";
  if (enumOf(spec)) return "select";
  const type = spec.type;
  if (type === "boolean") return "checkbox";
  if (type === "integer" || type === "number") return "number";
  if (type === "object" || type === "array") return null; // rating filters: kept, not edited here
  if ((spec.maxLength || 0) > 500) return "textarea";
  return "text";
}

// A list as its control shows it: words a comma apart; in a box of lines (a crossword's clues),
// one item a line, a {word, clue} pair or a mapping of WORD: clue as "WORD: clue" lines.
function listed(items, kind) {
  if (kind !== "textarea") return items.join(", ");
  return items.map(clueLines).join("\n");
}

// The items of a list typed in its box (a word search's words): one a line, and a comma apart
// too where the option says so (`x-separators`; quotations keep their commas). One item that
// names a file (a dot or a slash, which no word holds; a quotation's name holds no space
// either) stays the text it is, for the loader to read the file.
function listItems(text, separators) {
  const commas = separators.includes("comma");
  const items = text.split(commas ? /,|\r\n|\r|\n/ : /\r\n|\r|\n/).map((item) => item.trim()).filter(Boolean);
  if (items.length === 1 && (commas ? /[./\\]/ : /^\S*[./\\]\S*$/).test(items[0])) return items[0];
  return items.length ? items : undefined;
}

function clueLines(item) {
  if (!item || typeof item !== "object") return item;
  if ("word" in item && "clue" in item) return `${item.word}: ${item.clue}`;
  return Object.entries(item).map(([word, clue]) => `${word}: ${clue ?? ""}`).join("\n");
}

let fieldCount = 0;

// A labelled control for `key` of `owner` (the book or a section), described by its schema.
function field(owner, key, spec, path, onChange) {
  const kind = kindOf(spec);
  if (!kind) return null;
  const id = `f${++fieldCount}`;
  const wrap = document.createElement("div");
  wrap.className = `field field-${kind}`;
  wrap.dataset.key = path;
  const help = document.createElement("p");
  help.className = "help";
  help.id = `${id}-help`;
  help.textContent = helpLine(key, spec, path);
  const error = document.createElement("p");
  error.className = "error";
  error.id = `${id}-error`;
  error.hidden = true;
  // a section's language is the book's unless it has one (not the type's option's English default)
  const followsBook = key === "language" && path !== "language";
  const value = owner[key] !== undefined || followsBook ? owner[key] : spec.default;
  const set = (next) => {
    const was = owner[key];
    if (next === undefined || next === "") delete owner[key]; else owner[key] = next;
    onChange(key, was);
  };
  let control;
  if (kind === "checkboxes") {
    control = document.createElement("fieldset");
    const legend = document.createElement("legend");
    legend.textContent = spec.title || words(key, path);
    control.append(legend);
    // `true` stands for the blanks the schema names for it (a name line's Name, Date, Class)
    const meansTrue = (spec.anyOf || []).map((branch) => branch["x-true"]).find(Boolean) || [];
    const chosen = new Set(Array.isArray(value) ? value : value === true ? meansTrue : value ? [value] : []);
    for (const choice of listEnumOf(spec)) {
      const box = document.createElement("input");
      box.type = "checkbox";
      box.id = `${id}-${choice}`;
      box.value = choice;
      box.checked = chosen.has(choice);
      box.addEventListener("change", () => {
        const all = [...control.querySelectorAll("input:checked")].map((b) => b.value);
        set(all.length ? all : undefined);
      });
      const label = document.createElement("label");
      label.htmlFor = box.id;
      label.textContent = choiceWords(key, choice);
      control.append(box, label);
    }
    control.setAttribute("aria-describedby", `${help.id} ${error.id}`);
    wrap.append(control, help, error);
    return wrap;
  }
  const label = document.createElement("label");
  label.htmlFor = id;
  label.textContent = spec.title || words(key, path); // a type's option: its label, from the type
  if (kind === "select") {
    control = document.createElement("select");
    const choices = [...enumOf(spec)];
    if (value !== undefined && value !== null && !choices.includes(value)) choices.push(value);
    if (followsBook || (spec.default === undefined && value === undefined)) choices.unshift("");
    for (const choice of choices) {
      const option = document.createElement("option");
      option.value = choice;
      option.textContent = choice !== "" ? choiceName(key, spec, choice) : followsBook ? asTheBook() : t("(choose)");
      if (choice === "" && followsBook) option.className = "as-book";
      control.append(option);
    }
    control.value = value === undefined || value === null ? "" : value;
    control.addEventListener("change", () => set(control.value));
  } else if (kind === "checkbox") {
    control = document.createElement("input");
    control.type = "checkbox";
    control.checked = value === true;
    control.addEventListener("change", () => set(control.checked));
  } else {
    control = document.createElement(kind === "textarea" ? "textarea" : "input");
    if (kind === "number") {
      control.type = "number";
      if (spec.minimum !== undefined) control.min = spec.minimum;
      if (spec.maximum !== undefined) control.max = spec.maximum;
      if (spec.type === "number") control.step = "any";
    } else if (kind === "text") {
      control.type = "text";
    }
    if (owner[key] !== undefined) {
      control.value = Array.isArray(value) ? listed(value, kind)
        : value && typeof value === "object" ? listed([value], kind) : value;
    }
    else if (spec.default !== undefined) control.placeholder = `${spec.default}`;
    control.addEventListener("input", () => {
      const text = control.value.trim();
      const number = Number(text);
      if (spec["x-separators"]) set(listItems(text, spec["x-separators"]));
      else set(kind === "number" && text !== "" && Number.isFinite(number) ? number : text);
    });
  }
  control.id = id;
  control.name = path;
  control.setAttribute("aria-describedby", `${help.id} ${error.id}`);
  if (kind === "checkbox") wrap.append(control, label, help, error);
  else wrap.append(label, control, help, error);
  return wrap;
}

// --- the form ------------------------------------------------------------------------------------

function renderBook() {
  const properties = studio.schema.book.properties;
  const shown = [GROUPS[0], ...(isSheet(studio.book) ? [SHEET] : []), ...GROUPS.slice(1)];
  const more = Object.keys(properties).filter((k) => !shown.some(([, keys]) => keys.includes(k))
                                                   && k !== "sections");
  const groups = [...shown, ["more", more]];
  $("book-fields").replaceChildren();
  $("settings").replaceChildren();
  groups.forEach(([title, keys], index) => {
    const open = index === 0 || title === "sheet"; // the book's keys, and a sheet's, always shown
    const box = open ? document.createElement("fieldset") : disclosure(groupTitle(title));
    box.classList.add("group");
    box.dataset.group = title;
    if (open) {
      const legend = document.createElement("legend");
      legend.textContent = groupTitle(title);
      box.append(legend);
    }
    const holder = open ? box : box.querySelector(".disclosed");
    for (const key of keys.filter((k) => k in properties)) {
      const control = field(studio.book, key, properties[key], key, bookChanged);
      if (control) holder.append(control);
    }
    (open ? $("book-fields") : $("settings")).append(box);  // sections come between
  });
  const unknown = Object.keys(studio.book).filter((k) => !(k in properties));
  if (unknown.length) {
    const box = document.createElement("fieldset");
    box.className = "group unknown";
    const legend = document.createElement("legend");
    legend.textContent = t("Unknown settings");
    box.append(legend, ...unknown.map((key) => unknownRow(studio.book, key, key, () => {
      renderBook(); // the next unknown key's button, else the title
      return $("book-fields").querySelector(".unknown button, input");
    })));
    $("book-fields").append(box);
  }
  renderSections();
}

// A book's key changed on the form. A new language takes its paper along while the page size is
// still the one the former language prints on (US Letter for English, A4 for the others: chosen by
// nobody), and its name into the sections that follow it.
function bookChanged(key, was) {
  if (key === "language") {
    const layout = studio.book.layout;
    if (layout !== undefined && layout === sheetPaper(was)) {
      studio.book.layout = sheetPaper(studio.book.language);
      const select = document.querySelector("#book-fields [data-key='layout'] select, #settings [data-key='layout'] select");
      if (select) select.value = studio.book.layout;
    }
    for (const option of document.querySelectorAll("#sections option.as-book")) option.textContent = asTheBook();
  }
  changed();
}

// Controls shown only when asked for (a section's less used options, the book's page, cover
// and file settings), so that the form is a short walk with the Tab key: a <details> whose
// summary names them; an error inside opens it (showError).
function disclosure(title) {
  const box = document.createElement("details");
  const summary = document.createElement("summary");
  summary.textContent = title;
  summary.id = `d${++fieldCount}`;
  const inside = document.createElement("div");
  inside.className = "disclosed";
  inside.setAttribute("role", "group");
  inside.setAttribute("aria-labelledby", summary.id);
  box.append(summary, inside);
  return box;
}

// A key the form has no control for (a typing slip in an opened config, `colour: blue`): shown
// with its value and a button that removes just that key, so its error can be fixed here.
// `after` redraws the form and gives the control to focus next.
function unknownRow(owner, key, path, after) {
  const wrap = document.createElement("div");
  wrap.className = "field field-unknown";
  wrap.dataset.key = path;
  const id = `f${++fieldCount}`;
  const text = document.createElement("p");
  text.className = "unknown-key";
  text.id = `${id}-text`;
  const value = owner[key];
  text.textContent = `${key}: ${typeof value === "string" ? value : JSON.stringify(value)}`;
  const error = document.createElement("p");
  error.className = "error";
  error.id = `${id}-error`;
  error.hidden = true;
  const remove = document.createElement("button");
  remove.type = "button";
  remove.className = "remove";
  remove.textContent = t("Remove {key}", {key});
  remove.setAttribute("aria-describedby", `${text.id} ${error.id}`);
  remove.addEventListener("click", () => {
    delete owner[key];
    const next = after();
    if (next) next.focus();
    announce(t("{key} removed.", {key}));
    changed();
  });
  wrap.append(text, remove, error);
  return wrap;
}

// Say something to a screen reader without moving the focus (a removal, for one).
function announce(text) {
  const place = $("announce");
  place.textContent = "";
  setTimeout(() => { place.textContent = text; }, 50); // a new text, even when the same again
}

const SECTION_MAIN = ["type", "difficulty", "count", "title"]; // the rest: under "More options"

function typeOf(name) {
  return studio.schema.types.find((t) => t.name === name);
}

// A shared section key as `type` takes it: its branch of the schema narrows some (a type's own
// levels: master only where it has one), with a help line to match. A key that is an option of
// the type too (word search's language) keeps the section's label and words.
function sectionSpec(type, key) {
  const shared = studio.schema.section.properties[key];
  const branch = type && (studio.schema.section.allOf || []).find(
    (b) => b.if.properties.type.const === type.name);
  const own = branch ? {...branch.then.properties[key]} : {};
  delete own.title;
  delete own.enumDescriptions;
  return Object.keys(own).length ? {...shared, ...own} : shared;
}

function typeControl(index) {
  return $("sections").children[index].querySelector(`[data-key="sections[${index}].type"] select`);
}

// A section switched to a type without its level takes the type's hardest one (a master sudoku
// made a numbrix becomes an expert numbrix), and a screen reader hears of it.
function keepLevelOffered(section) {
  const type = typeOf(section.type);
  if (!type || !section.difficulty || type.levels.includes(section.difficulty)) return;
  const [was, top] = [section.difficulty, type.levels[type.levels.length - 1]];
  section.difficulty = top;
  announce(t("{type} has no level {was}: the level is now {level}.", {
    type: type.title, was: choiceWords("difficulty", was), level: choiceWords("difficulty", top)}));
}

function renderSections() {
  const holder = $("sections");
  holder.replaceChildren();
  const shared = studio.schema.section.properties;
  studio.book.sections = Array.isArray(studio.book.sections) ? studio.book.sections : [];
  studio.book.sections.forEach((section, index) => {
    const card = document.createElement("fieldset");
    card.className = "section";
    card.dataset.key = `sections[${index}]`;
    const legend = document.createElement("legend");
    legend.tabIndex = -1; // where the focus goes when the section before it is removed
    const type = typeOf(section.type);
    const heading = () => t("Section {number}: {title}", {
      number: index + 1, title: section.title || (typeOf(section.type) || {}).title || section.type || ""});
    legend.textContent = heading();
    const error = document.createElement("p");
    error.className = "error";
    error.hidden = true;
    card.append(legend, error);
    const onChange = (key) => {
      if (key === "type") {
        const options = typeOf(section.type) ? Object.keys(typeOf(section.type).options) : [];
        for (const name of Object.keys(section)) {
          if (!(name in shared) && !options.includes(name)) delete section[name];
        }
        keepLevelOffered(section);
        renderSections();
        typeControl(index).focus(); // redrawn for the new type's options: the keyboard stays here
      } else if (key === "title") {
        legend.textContent = heading();
      }
      if (key !== "title") showExample(card, section);
      changed();
    };
    const more = disclosure(t("More options"));
    for (const key of Object.keys(shared)) {
      if (key === "from" && section.from === undefined) continue; // banks: only when opened with one
      // a bank's section makes no puzzles, so it has no seed number (shown only to mend one it has)
      if (key === "seed" && section.from !== undefined && section.seed === undefined) continue;
      // a section's seed number is its place unless it has one: the field shows that place
      const spec = key === "seed" ? {...sectionSpec(type, key), default: index + 1} : sectionSpec(type, key);
      const control = field(section, key, spec, `sections[${index}].${key}`, onChange);
      if (control) (SECTION_MAIN.includes(key) ? card : more.querySelector(".disclosed")).append(control);
    }
    for (const key of Object.keys(section)) {
      if (!(key in shared) && !(type && key in type.options)) {
        card.append(unknownRow(section, key, `sections[${index}].${key}`, () => {
          renderSections(); // the section's next unknown key's button, else its heading
          const card = $("sections").children[index];
          return card.querySelector(":scope > .field-unknown button") || card.querySelector("legend");
        }));
      }
    }
    card.append(more);
    if (type) {
      const options = document.createElement("fieldset");
      options.className = "options";
      const optionsLegend = document.createElement("legend");
      optionsLegend.textContent = t("Options for {type}", {type: type.title});
      options.append(optionsLegend);
      for (const [key, spec] of Object.entries(type.options)) {
        if (key in shared) continue; // an option that is a section key (word search's language) has its control above
        const control = field(section, key, spec, `sections[${index}].${key}`, onChange);
        if (control) options.append(control);
      }
      if (options.children.length > 1) more.querySelector(".disclosed").append(options);
      const about = document.createElement("details");
      about.className = "about";
      const summary = document.createElement("summary");
      summary.textContent = t("Rules and example: {type}", {type: type.title});
      const rules = document.createElement("p");
      rules.className = "rules";
      rules.textContent = type.rules;
      const example = document.createElement("img");
      example.className = "example";
      example.alt = t("A solved example of {type}: the puzzle, then its answer", {type: type.title});
      about.append(summary, rules, example);
      card.append(about);
      showExample(card, section);
    }
    const remove = document.createElement("button");
    remove.type = "button";
    remove.className = "remove";
    remove.textContent = t("Remove section {number}", {number: index + 1});
    remove.addEventListener("click", () => {
      keepPuzzles(() => studio.book.sections.splice(index, 1));
      renderSections();
      // The focus goes to the section that took its place, else the one before, else "Add".
      const cards = $("sections").children;
      const next = cards[Math.min(index, cards.length - 1)];
      (next ? next.querySelector("legend") : $("add-section")).focus();
      announce(t("Section {number} removed.", {number: index + 1}));
      changed();
    });
    if (index > 0) card.append(moveUpButton(index));
    card.append(remove);
    holder.append(card);
  });
}

// "Move section 3 up": it and the section before it swap places, each keeping its puzzles; the
// focus stays on the moved section (its own Move up, else its heading) and a screen reader hears
// where it went.
function moveUpButton(index) {
  const button = document.createElement("button");
  button.type = "button";
  button.className = "move";
  button.textContent = t("Move section {number} up", {number: index + 1});
  button.addEventListener("click", () => {
    const sections = studio.book.sections;
    keepPuzzles(() => sections.splice(index - 1, 2, sections[index], sections[index - 1]));
    renderSections();
    const card = $("sections").children[index - 1];
    (card.querySelector(":scope > button.move") || card.querySelector("legend")).focus();
    announce(t("Section {number} is now section {place}.", {number: index + 1, place: index}));
    changed();
  });
  return button;
}

// A section's puzzles come from the book's seed and its seed number, by default its place. When
// sections go or move, each that changes place and has no number of its own is given its old
// place as its `seed`, so it keeps its puzzles (a bank's section makes none: it gets none).
function keepPuzzles(change) {
  const before = [...studio.book.sections];
  change();
  studio.book.sections.forEach((section, index) => {
    const was = before.indexOf(section);
    if (was !== index && isSectionObject(section) && section.seed === undefined
        && section.from === undefined) section.seed = was + 1;
  });
}

function isSectionObject(section) {
  return section !== null && typeof section === "object" && !Array.isArray(section);
}

// The seed number of a section added to the book: none (its place) while no section has one of
// its own, else one past the largest number a section makes its puzzles from, so no two share one
// and a removed section's puzzles do not come back with the next one added.
function newSectionSeed() {
  const sections = studio.book.sections;
  const own = (section) => isSectionObject(section) && section.seed !== undefined;
  if (!sections.some(own)) return undefined;
  const used = sections.map((section, index) => own(section) ? Number(section.seed) : index + 1);
  return Math.max(0, ...used.filter(Number.isFinite)) + 1;
}

function showExample(card, section) {
  const image = card.querySelector("img.example");
  const type = typeOf(section.type);
  if (!image || !type) return;
  const options = {};
  for (const key of Object.keys(type.options)) if (section[key] !== undefined) options[key] = section[key];
  const query = new URLSearchParams({difficulty: section.difficulty || "", options: JSON.stringify(options)});
  image.hidden = false;
  image.onerror = () => { image.hidden = true; }; // settings the loader refuses: the error says why
  image.src = `/api/example/${encodeURIComponent(type.name)}.png?${query}`;
}

// --- errors beside their fields ------------------------------------------------------------------

function clearErrors() {
  for (const error of document.querySelectorAll("#book .error")) {
    error.hidden = true;
    error.textContent = "";
  }
  for (const control of document.querySelectorAll("[aria-invalid]")) control.removeAttribute("aria-invalid");
}

// The field a loader key names ("sections[0].count"), or the nearest one that holds it.
function showError(error) {
  let key = error.key || "";
  while (key) {
    const wrap = document.querySelector(`#book [data-key="${CSS.escape(key)}"]`);
    if (wrap) {
      const place = wrap.querySelector(":scope > .error");
      const message = key === error.key ? inFormWords(error.message, key, wrap) : error.message;
      place.textContent = place.textContent ? `${place.textContent}\n${message}` : message;
      place.hidden = false;
      const control = wrap.querySelector(":scope > input, :scope > select, :scope > textarea");
      if (control) control.setAttribute("aria-invalid", "true");
      for (let box = wrap.closest("details"); box; box = box.parentElement.closest("details")) {
        box.open = true; // an error is never hidden behind "More options"
      }
      return;
    }
    key = key.includes(".") || key.includes("[") ? key.replace(/(\.[^.[\]]+|\[\d+\])$/, "") : "";
  }
  const general = $("book-error");
  const text = error.text || error.message;
  general.textContent = general.textContent ? `${general.textContent}\n${text}` : text;
  general.hidden = false;
}

// A loader's message as its own field shows it: the key it names as a settings file writes it
// ('count') said by the field's label ("Number of puzzles"), the words the teacher sees.
function inFormWords(message, key, wrap) {
  const name = key.replace(/^.*[.\]]/, "");
  const label = wrap.querySelector(":scope > label, :scope > fieldset > legend");
  if (!label) return message;
  return message.split(`'${name}'`).join(t("“{label}”", {label: label.textContent}));
}

function showErrors(errors) {
  clearErrors();
  for (const error of errors || []) showError(error);
}

// A book the preview cannot show: its problems, each beside its field; the preview, dimmed,
// still shows the last good book, and its line says so.
function previewRefused(errors) {
  showErrors(errors);
  const count = errors.length;
  say($("preview-status"), () => tn("{count} problem to fix: the preview shows the last good book.",
                                    "{count} problems to fix: the preview shows the last good book.",
                                    count, {count: numeral(count)}));
  document.body.dataset.preview = "error";
}

// --- preview -------------------------------------------------------------------------------------

function changed() {
  keepBook();
  clearTimeout(studio.timer);
  studio.timer = setTimeout(preview, PREVIEW_DELAY);
}

async function preview() {
  const asked = ++studio.asked;
  document.body.dataset.preview = "running";
  say($("preview-status"), () => t("Drawing the pages…"));
  const {ok, data} = await api("POST", "/api/jobs", {purpose: "preview", book: studio.book});
  if (asked !== studio.asked) return;
  if (!ok) {
    previewRefused(data.errors);
    return;
  }
  clearErrors();
  document.querySelectorAll("#sections .rules").forEach((rules, index) => {
    rules.textContent = data.rules[index]; // as this section's page prints them (a variant's own)
  });
  const job = await follow(data.id, (status) => {
    if (asked === studio.asked) say($("preview-status"), () => describe(status, "preview"));
  });
  if (asked !== studio.asked) return;
  if (job.state === "failed") {
    previewRefused([job.error]);
  } else if (job.state === "done") {
    showPages(job.pages);
    const count = job.pages.length;
    say($("preview-status"), () => tn("{count} page, as it will print.", "{count} pages, as they will print.",
                                      count, {count: numeral(count)}));
    document.body.dataset.preview = "ready";
    document.body.dataset.drawn = ++studio.drawn; // previews shown so far: tests wait on it
  }
}

// A job's progress until it ends: each question waits at the server until the job has news
// (`seen`: the version last heard), so a finished preview is shown as soon as it is finished.
async function follow(id, report) {
  let seen = -1;
  for (;;) {
    const {ok, data} = await api("GET", `/api/jobs/${id}?seen=${seen}`);
    if (!ok) return {state: "failed", error: (data.errors || [{message: t("the job was lost")}])[0]};
    report(data);
    if (data.state !== "running") return data;
    seen = data.version;
  }
}

// A running job's progress: `purpose` is "preview" or "build"; `label` is the section's title (the
// book's words) and its place among the sections.
function describe(status, purpose) {
  const {label, done, total} = status.progress;
  const values = {label, done: numeral(done), total: numeral(total)};
  if (purpose === "preview") {
    return label ? tn("Drawing the pages: {label}, {done} of {total} puzzle",
                      "Drawing the pages: {label}, {done} of {total} puzzles", total, values)
                 : t("Drawing the pages…");
  }
  return label ? tn("Making the book: {label}, {done} of {total} puzzle",
                    "Making the book: {label}, {done} of {total} puzzles", total, values)
               : t("Making the book…");
}

function showPages(pages) {
  studio.pages = pages;
  const holder = $("pages");
  const figures = [...holder.children];
  let pageNumber = 0;
  let answer = 0;
  // a book of versions comes as each version's files in turn (A's sheet, its answers, B's ...):
  // each sheet's pages are numbered from 1 under its letter
  const versioned = Number(studio.book.versions) > 1;
  let version = -1;
  let sheet = null;
  pages.forEach((page, index) => {
    const answers = page.part.endsWith("-answers.pdf");
    if (versioned && !answers && page.part !== sheet) {
      [version, sheet, pageNumber, answer] = [version + 1, page.part, 0, 0];
    }
    const letter = String.fromCharCode(65 + Math.max(version, 0));
    const caption = versioned
      ? (answers ? t("Version {letter}, answer key page {number}", {letter, number: ++answer})
                 : t("Version {letter}, page {number}", {letter, number: ++pageNumber}))
      : (answers ? t("Answer key page {number}", {number: ++answer})
                 : t("Page {number}", {number: ++pageNumber}));
    let figure = figures[index];
    if (!figure) {
      figure = document.createElement("figure");
      figure.append(document.createElement("img"), document.createElement("figcaption"));
      holder.append(figure);
    }
    const image = figure.querySelector("img");
    if (image.dataset.digest !== page.digest) {
      image.dataset.digest = page.digest;
      image.src = `/api/pages/${page.digest}.png`;
    }
    image.alt = caption;
    figure.querySelector("figcaption").textContent = caption;
  });
  for (const extra of figures.slice(pages.length)) extra.remove();
}

// --- what the browser keeps ----------------------------------------------------------------------
// Each value the studio keeps goes to localStorage and, as a second copy, to IndexedDB
// (bookgen/html/copies.js, which the page loads before this script; docs/html.md says why): as
// the page opens, the copies that localStorage lost or holds at an earlier turn come back before
// anything is read. Without IndexedDB (or copies.js, as in the unit tests) localStorage alone.

const RECOVERY_WAIT = 5000; // ms the page waits for the copies before it opens without them
const copies = typeof secondCopy === "function" ? secondCopy(() => indexedDB) : null;
const keptTurns = {}; // name -> the turn of its last value, read or written
let recovered = {}; // name -> text: the copies newer than what localStorage gave back

async function recoverKept() {
  if (!copies) return;
  const waited = new Promise((resolve) => { setTimeout(() => resolve({}), RECOVERY_WAIT); });
  recovered = await Promise.race([copies.recover(() => localStorage), waited]);
}

function keptText(name) {
  if (Object.hasOwn(recovered, name)) return recovered[name];
  try { return localStorage.getItem(name); } catch { return null; }
}

// The next turn of `name`, for a value that carries one (turnOf in copies.js reads it).
function nextTurn(name) {
  if (!(name in keptTurns)) keptTurns[name] = copies ? turnOf(keptText(name)) : 0;
  return ++keptTurns[name];
}

// Writes `text` under `name` in localStorage (true when it took it), not its copy.
function keepHere(name, text) {
  delete recovered[name];
  try {
    localStorage.setItem(name, text);
    return true;
  } catch { return false; } // full, or storage refused: then it stays in this page only
}

// Writes `text` under `name` in localStorage and its copy.
function keep(name, text) {
  if (copies) copies.keep(name, text);
  keepHere(name, text);
}

// --- keeping the work ----------------------------------------------------------------------------
// The book being edited is kept in the browser on every change (and comes back on a reload), with
// the books edited before it; each is marked saved while it equals what was last saved to a file,
// opened from one or started new, and the studio asks before it replaces an unsaved book.

const BOOKS_KEY = "bookgen-studio-books"; // {turn, current: id, books: [{id, title, when, book, saved}]}
const RECENT_MOST = 8; // books kept besides the one being edited
const SEED_MOST = 999999; // a new book's seed is a whole number from 1 to this

function newSeed() {
  return 1 + (crypto.getRandomValues(new Uint32Array(1))[0] % SEED_MOST);
}

function storedBooks() {
  try {
    const stored = JSON.parse(keptText(BOOKS_KEY));
    if (stored && Array.isArray(stored.books)) return stored;
  } catch { /* nothing stored, or storage refused */ }
  return {current: null, books: []};
}

// The book last edited in this browser, or a new one.
function restoreBook() {
  const stored = storedBooks();
  const kept = stored.books.find((entry) => entry.id === stored.current);
  if (kept && kept.book && typeof kept.book === "object") {
    studio.book = kept.book;
    studio.bookId = kept.id;
    studio.savedAs = kept.saved;
    studio.fresh = kept.fresh === true;
  } else {
    startEditing(newBook(), {saved: true, fresh: true, quietly: true});
  }
}

function keepBook() {
  const stored = storedBooks();
  const entry = {id: studio.bookId, title: `${studio.book.title || ""}`, when: new Date().toISOString(),
                 book: studio.book, saved: studio.savedAs, fresh: studio.fresh};
  const others = othersKept(stored.books);
  const turn = nextTurn(BOOKS_KEY);
  // when the browser's store is full: this book alone (the copy, with more room, keeps them all)
  const texts = [[entry, ...others], [entry]].map((books) => JSON.stringify({turn, current: studio.bookId, books}));
  if (copies) copies.keep(BOOKS_KEY, texts[0]);
  texts.some((text) => keepHere(BOOKS_KEY, text));
}

// The books kept besides the one being edited, most recent first: not those started new and left
// untouched (they would push the books worked on out of the list); past RECENT_MOST, the oldest
// saved to a file go first, so that a book with unsaved changes stays, as the question says.
function othersKept(books) {
  const others = books.filter((kept) => kept.id !== studio.bookId
                                        && !(kept.fresh && JSON.stringify(kept.book) === kept.saved));
  while (others.length > RECENT_MOST) {
    const saved = others.map((kept) => JSON.stringify(kept.book) === kept.saved).lastIndexOf(true);
    others.splice(saved >= 0 ? saved : others.length - 1, 1);
  }
  return others;
}

function unsaved() {
  return JSON.stringify(studio.book) !== studio.savedAs;
}

// Whether the book being edited may be replaced: yes when it is saved, else the user says.
async function mayDiscard() {
  if (!unsaved()) return true;
  const title = studio.book.title || t("Your book");
  return ask(t("“{title}” has changes that are not saved to a file. It stays in Recent books in this browser. Replace it?",
               {title}), t("Replace it"), t("Keep editing"));
}

// A question answered with one of two buttons (Escape says no); it resolves to true for yes.
function ask(question, yes, no) {
  const dialog = $("ask");
  settleAnswer(); // the last question's close event may not have come yet
  $("ask-text").textContent = question;
  $("ask-yes").textContent = yes;
  $("ask-no").textContent = no;
  dialog.returnValue = "";
  return new Promise((resolve) => {
    studio.answer = resolve;
    dialog.showModal();
  });
}

// Gives the question asked last the answer its dialog closed with. A dialog's close event comes a
// task after it closes, so a question asked again at once settles the last one itself, and the
// late event, finding the dialog open again, is not taken for the new question's answer.
function settleAnswer() {
  const dialog = $("ask");
  if (dialog.open || !studio.answer) return;
  const answer = studio.answer;
  studio.answer = null;
  answer(dialog.returnValue === "yes");
}

// Edit `book` from now on: a new entry in the kept books unless it is one of them (`id`); `fresh`
// for a book started new (or from a template), left out of the kept books until it is changed.
function startEditing(book, {saved = false, id = null, fresh = false, quietly = false} = {}) {
  studio.book = book;
  studio.fresh = fresh;
  studio.bookId = id || `${Date.now().toString(36)}-${newSeed().toString(36)}`;
  studio.savedAs = saved === true ? JSON.stringify(book) : saved;
  if (quietly) return;
  renderBook();
  changed();
}

async function saveBook() {
  const {ok, data} = await api("POST", "/api/yaml", {book: studio.book});
  if (!ok) {
    showErrors(data.errors);
    return;
  }
  const link = document.createElement("a");
  link.href = URL.createObjectURL(new Blob([data.yaml], {type: "application/yaml"}));
  link.download = data.name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 60000);
  studio.savedAs = JSON.stringify(studio.book);
  studio.fresh = false; // saved to a file: kept in the list as it is
  keepBook();
  say($("build-status"), () => t("Saved as {name}.", {name: data.name}));
}

function drawRecentBooks() {
  if (!menuOpen("recent")) return;
  const when = new Intl.DateTimeFormat(studio.language, {dateStyle: "medium", timeStyle: "short"});
  const others = storedBooks().books.filter((kept) => kept.id !== studio.bookId && kept.book);
  $("recent-list").replaceChildren(...others.map((kept) => {
    const item = document.createElement("li");
    const button = document.createElement("button");
    button.type = "button";
    const title = kept.title || t("(no title)"); // a nested t() is not found by the extractor
    button.textContent = t("{title}, {when}", {title, when: when.format(new Date(kept.when))});
    button.addEventListener("click", async () => {
      closeMenu("recent");
      if (await mayDiscard()) startEditing(kept.book, {saved: kept.saved, id: kept.id, fresh: kept.fresh === true});
    });
    item.append(button);
    return item;
  }));
  if (!others.length) {
    const item = document.createElement("li");
    item.textContent = t("No other books yet.");
    $("recent-list").append(item);
  }
}

// The templates' list, asked for once per language (redrawn, it would take the focus from a button).
async function drawPresets() {
  const language = studio.language;
  if (!menuOpen("presets") || $("preset-list").dataset.language === language) return;
  const {ok, data} = await api("GET", "/api/presets");
  if (!ok || language !== studio.language) return;
  $("preset-list").dataset.language = language;
  $("preset-list").replaceChildren(...data.presets.map((preset) => {
    const item = document.createElement("li");
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = preset.name;
    button.dataset.preset = preset.id;
    button.addEventListener("click", async () => {
      closeMenu("presets");
      if (await mayDiscard()) startEditing({...preset.book, seed: newSeed()}, {saved: true, fresh: true});
    });
    item.append(button);
    return item;
  }));
}

// A menu of the header: its button shows or hides its list (drawn by `draw` when shown); Escape
// hides it and puts the focus back on the button.
function menu(id, draw) {
  const button = $(id).querySelector(":scope > button");
  button.addEventListener("click", () => {
    const open = !menuOpen(id);
    button.setAttribute("aria-expanded", `${open}`);
    $(id).querySelector(":scope > ul").hidden = !open;
    draw();
  });
  $(id).addEventListener("keydown", (event) => { if (event.key === "Escape" && menuOpen(id)) closeMenu(id); });
}

function menuOpen(id) {
  return !$(id).querySelector(":scope > ul").hidden;
}

function closeMenu(id) {
  const button = $(id).querySelector(":scope > button");
  button.setAttribute("aria-expanded", "false");
  $(id).querySelector(":scope > ul").hidden = true;
  button.focus();
}

// Another puzzle set for the same settings: a new seed, shown in the form and kept in the YAML.
function newPuzzles() {
  studio.book.seed = newSeed();
  const control = document.querySelector('#book [data-key="seed"] input');
  if (control) control.value = studio.book.seed; else renderBook();
  changed();
}

// A PDF's print button (described by its download link): the PDF in the browser's own viewer, in
// a new tab, which prints it.
function printButton(link) {
  const button = document.createElement("button");
  button.type = "button";
  button.className = "print";
  say(button, () => t("Print"));
  button.setAttribute("aria-describedby", link.id);
  button.addEventListener("click", () => window.open(`${link.href}?print=1`, "_blank"));
  return button;
}

// A help line: the form's own words for the key (`formHelp`), else the schema's description, with
// the key's name in the file where the label says it in other words.
function helpLine(key, spec, path) {
  const help = formHelp(key, spec, path) ?? (spec.description || "");
  if (!PLAIN_WORDS.includes(key)) return help;
  return t("{help} (in the book settings file: {key})", {help, key});
}

// What a book's or a section's key takes, in the form's words: the schema says it as a settings
// file is written ("true or false", "one of easy, medium, hard", the types' names in the file),
// where a form ticks a box or shows a menu of its own words. Null: the schema's words fit a form
// (a title's "text of at most 120 characters"), or the key is a type's option, which says itself.
function formHelp(key, spec, path) {
  const section = /^sections\[\d+\]\./.test(path);
  if (!section && path !== key) return null;
  const bounds = {low: spec.minimum ?? 1, high: spec.maximum ?? 1}; // as the loader says them
  if (section) {
    const said = {
      type: () => t("the kind of puzzle in this section"),
      count: () => t("how many puzzles, from {low} to {high}", bounds),
      difficulty: () => t("how hard the puzzles are"),
      per_page: () => t("how many puzzles go on a page, from {low} to {high}", bounds),
      language: () => t("the language this section's puzzles are printed in"),
      order: () => t("the order the puzzles come in"),
      seed: () => t("a number from {low} to {high} that makes this section's puzzles with the book's " +
                    "puzzle set number (empty: its place in the book)", bounds),
    }[key];
    return said ? said() : null;
  }
  const said = {
    name_line: () => t("tick the blanks the pupil fills in, ruled at the top of each sheet"),
    versions: () => t("how many sheets to make, from {low} to {high}: A, B, … with other puzzles " +
                      "at the same levels, each with its own answers", bounds),
    formats: () => t("tick the files to make"),
    seed: () => t("another number makes other puzzles; the same number makes the same ones again"),
    layout: () => t("the size of the pages"),
    answers: () => t("where the answers are printed"),
    profile: () => t("{home}: for your own printer; {pod}: for a print service's paperback", {
      home: choiceWords("profile", "home"), pod: choiceWords("profile", "print-on-demand")}),
    bleed: () => t("tick when a print service asks for pictures that run 0.125 in past the page edge"),
    paper: () => t("the paper the book is printed on: it sets the width of the cover's spine"),
    large_print: () => t("tick for bigger cells and 16 pt type"),
    title_page: () => t("tick to open the book with a page of its title"),
    contents: () => t("tick for a contents page after the title page"),
    share_pages: () => t("tick to let a section begin on the page where the one before it ends"),
    repeat_rules: () => t("untick to open a section of a type the book explained already with its " +
                          "title alone"),
    language: () => t("the language the pages are printed in"),
    cover_color: () => t("the colour of the cover"),
    untranslated: () => t("what happens to a section whose puzzle type has no words in the book's " +
                          "language"),
  }[key];
  return said ? said() : null;
}

const PLAIN_WORDS = ["seed", "profile", "bleed", "formats"]; // labelled in other words than their key

function drawKeepingTexts() {
  $("save-book").textContent = t("Save book");
  $("presets-text").textContent = t("Start from a template");
  $("recent-text").textContent = t("Recent books");
  $("new-puzzles").textContent = t("New puzzles");
  drawRecentBooks();
  drawPresets();
}

// --- building the files --------------------------------------------------------------------------

async function build() {
  $("downloads").replaceChildren();
  const {ok, data} = await api("POST", "/api/jobs", {purpose: "build", book: studio.book});
  if (!ok) {
    showErrors(data.errors);
    const count = data.errors.length;
    say($("build-status"), () => tn("Fix the marked problem first.", "Fix the {count} marked problems first.",
                                    count, {count: numeral(count)}));
    return;
  }
  studio.buildJob = data.id;
  const bar = $("build-progress");
  $("build").disabled = true;
  $("cancel").hidden = false;
  bar.hidden = false;
  const job = await follow(data.id, (status) => {
    say($("build-status"), () => describe(status, "build"));
    bar.max = Math.max(status.progress.total, 1);
    bar.value = status.progress.done;
  });
  $("build").disabled = false;
  $("cancel").hidden = true;
  bar.hidden = true;
  if (job.state === "done") {
    say($("build-status"), () => t("Your files are ready."));
    for (const file of job.files) {
      const item = document.createElement("li");
      const link = document.createElement("a");
      link.href = `/api/jobs/${job.id}/files/${encodeURIComponent(file.name)}`;
      link.download = file.name;
      const size = numeral(Math.max(1, Math.round(file.size / 1024)));
      say(link, () => t("{name} ({size} kB)", {name: file.name, size}));
      item.append(link);
      link.id = `download-${$("downloads").children.length}`;
      if (file.name.endsWith(".pdf")) item.append(" ", printButton(link));
      $("downloads").append(item);
    }
  } else if (job.state === "cancelled") {
    say($("build-status"), () => t("Cancelled."));
  } else {
    showErrors([job.error]);
    say($("build-status"), () => t("The build stopped: {reason}", {reason: job.error.message}));
  }
}

async function cancel() {
  if (studio.buildJob) await api("POST", `/api/jobs/${studio.buildJob}/cancel`, {});
}

// --- opening a config ----------------------------------------------------------------------------

async function openFile(file) {
  const text = await file.text();
  $("open-file").value = "";
  if (!await mayDiscard()) return;
  const {ok, data} = await api("POST", "/api/open", {yaml: text});
  if (!ok) {
    showErrors(data.errors);
    return;
  }
  startEditing(data.book, {saved: true});
}

async function start() {
  await recoverKept();
  await loadLanguage(storedLanguage());
  drawFixedTexts();
  restoreBook();
  renderBook();
  $("language").addEventListener("change", (event) => switchLanguage(event.target.value));
  $("add-section").addEventListener("click", () => {
    const last = studio.book.sections[studio.book.sections.length - 1];
    const added = last ? {type: last.type, difficulty: last.difficulty, count: last.count}
                       : newBook().sections[0];
    const seed = newSectionSeed();
    studio.book.sections.push(seed === undefined ? added : {...added, seed});
    renderSections();
    changed();
  });
  $("ask").addEventListener("close", settleAnswer);
  $("new-book").addEventListener("click", async () => {
    if (await mayDiscard()) startEditing(newBook(), {saved: true, fresh: true});
  });
  $("save-book").addEventListener("click", saveBook);
  $("new-puzzles").addEventListener("click", newPuzzles);
  menu("recent", drawRecentBooks);
  menu("presets", drawPresets);
  $("open-file").addEventListener("change", (event) => {
    if (event.target.files.length) openFile(event.target.files[0]);
  });
  $("build").addEventListener("click", build);
  $("cancel").addEventListener("click", cancel);
  document.documentElement.classList.add("ready");
  preview();
}

document.addEventListener("DOMContentLoaded", start);
