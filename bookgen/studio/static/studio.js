// bookgen studio: the page edits `book`, the mapping a YAML config holds, with controls made from
// the JSON Schema that `bookgen schema` prints (and each type's option specs); the server reads the
// YAML of it with bookgen's own loader, previews its pages and builds its files.
"use strict";

const studio = {schema: null, book: null, buildJob: null, timer: null, asked: 0, drawn: 0};
const PREVIEW_DELAY = 350; // ms after the last change before the preview is redrawn
const POLL = 150; // ms between questions about a running job
// Where the book's keys appear on the form; keys not named here go under "More".
const GROUPS = [
  ["Book", ["title", "subtitle", "author", "seed"]],
  ["Pages", ["layout", "large_print", "profile", "bleed", "paper", "answers", "title_page",
             "contents", "share_pages"]],
  ["Cover and notes", ["cover_color", "back_text", "copyright"]],
  ["Files", ["formats"]],
];
const LABELS = {per_page: "Puzzles a page", large_print: "Large print", title_page: "Title page",
                share_pages: "Share pages", back_text: "Back cover text",
                cover_color: "Cover colour", difficulty: "Level"};

const $ = (id) => document.getElementById(id);

function newBook() {
  const type = studio.schema.types[0].name;
  return {title: "My worksheet", layout: "letter", title_page: false, contents: false,
          formats: ["pdf", "cover", "html", "jsonl"],
          sections: [{type, difficulty: studio.schema.levels[0], count: 4}]};
}

async function api(method, path, body) {
  const response = await fetch(path, {
    method, headers: body ? {"Content-Type": "application/json"} : {},
    body: body ? JSON.stringify(body) : undefined,
  });
  let data = {};
  try { data = await response.json(); } catch (_) { data = {errors: [{message: response.statusText}]}; }
  return {ok: response.ok, status: response.status, data};
}

// --- controls made from the schema ---------------------------------------------------------------

function words(key) {
  const text = LABELS[key] || key.replace(/_/g, " ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

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
  help.textContent = spec.description || "";
  const error = document.createElement("p");
  error.className = "error";
  error.id = `${id}-error`;
  error.hidden = true;
  const value = owner[key] !== undefined ? owner[key] : spec.default;
  const set = (next) => {
    if (next === undefined || next === "") delete owner[key]; else owner[key] = next;
    onChange(key);
  };
  let control;
  if (kind === "checkboxes") {
    control = document.createElement("fieldset");
    const legend = document.createElement("legend");
    legend.textContent = words(key);
    control.append(legend);
    const chosen = new Set(Array.isArray(value) ? value : value ? [value] : []);
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
      label.textContent = choice;
      control.append(box, label);
    }
    control.setAttribute("aria-describedby", `${help.id} ${error.id}`);
    wrap.append(control, help, error);
    return wrap;
  }
  const label = document.createElement("label");
  label.htmlFor = id;
  label.textContent = words(key);
  if (kind === "select") {
    control = document.createElement("select");
    const choices = [...enumOf(spec)];
    if (value !== undefined && value !== null && !choices.includes(value)) choices.push(value);
    if (spec.default === undefined && value === undefined) choices.unshift("");
    for (const choice of choices) {
      const option = document.createElement("option");
      option.value = choice;
      const type = key === "type" ? typeOf(choice) : null;
      option.textContent = choice === "" ? "(choose)" : type ? type.title : choice;
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
    if (owner[key] !== undefined) control.value = Array.isArray(value) ? value.join(", ") : value;
    else if (spec.default !== undefined) control.placeholder = `${spec.default}`;
    control.addEventListener("input", () => {
      const text = control.value.trim();
      const number = Number(text);
      set(kind === "number" && text !== "" && Number.isFinite(number) ? number : text);
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
  const more = Object.keys(properties).filter((k) => !GROUPS.some(([, keys]) => keys.includes(k))
                                                   && k !== "sections");
  const groups = [...GROUPS, ["More", more]];
  $("book-fields").replaceChildren();
  $("settings").replaceChildren();
  groups.forEach(([title, keys], index) => {
    const box = document.createElement("fieldset");
    box.className = "group";
    const legend = document.createElement("legend");
    legend.textContent = title;
    box.append(legend);
    for (const key of keys.filter((k) => k in properties)) {
      const control = field(studio.book, key, properties[key], key, changed);
      if (control) box.append(control);
    }
    (index === 0 ? $("book-fields") : $("settings")).append(box);  // sections come between
  });
  renderSections();
}

function typeOf(name) {
  return studio.schema.types.find((t) => t.name === name);
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
    const type = typeOf(section.type);
    legend.textContent = `Section ${index + 1}: ${section.title || (type ? type.title : section.type)}`;
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
        renderSections();
      } else if (key === "title") {
        legend.textContent = `Section ${index + 1}: ${section.title || (type ? type.title : "")}`;
      }
      if (key !== "title") showExample(card, section);
      changed();
    };
    for (const key of Object.keys(shared)) {
      if (key === "from" && section.from === undefined) continue; // banks: only when opened with one
      const control = field(section, key, shared[key], `sections[${index}].${key}`, onChange);
      if (control) card.append(control);
    }
    if (type) {
      const options = document.createElement("fieldset");
      options.className = "options";
      const optionsLegend = document.createElement("legend");
      optionsLegend.textContent = `${type.title} options`;
      options.append(optionsLegend);
      for (const [key, spec] of Object.entries(type.options)) {
        const control = field(section, key, spec, `sections[${index}].${key}`, onChange);
        if (control) options.append(control);
      }
      card.append(options);
      const about = document.createElement("details");
      about.className = "about";
      const summary = document.createElement("summary");
      summary.textContent = `Rules and example: ${type.title}`;
      const rules = document.createElement("p");
      rules.className = "rules";
      rules.textContent = type.rules;
      const example = document.createElement("img");
      example.className = "example";
      example.alt = `A solved example of ${type.title}: the puzzle, then its answer`;
      about.append(summary, rules, example);
      card.append(about);
      showExample(card, section);
    }
    const remove = document.createElement("button");
    remove.type = "button";
    remove.className = "remove";
    remove.textContent = `Remove section ${index + 1}`;
    remove.addEventListener("click", () => {
      studio.book.sections.splice(index, 1);
      renderSections();
      changed();
    });
    card.append(remove);
    holder.append(card);
  });
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
      place.textContent = error.message;
      place.hidden = false;
      const control = wrap.querySelector(":scope > input, :scope > select, :scope > textarea");
      if (control) control.setAttribute("aria-invalid", "true");
      return;
    }
    key = key.includes(".") || key.includes("[") ? key.replace(/(\.[^.[\]]+|\[\d+\])$/, "") : "";
  }
  const general = $("book-error");
  general.textContent = error.text || error.message;
  general.hidden = false;
}

function showErrors(errors) {
  clearErrors();
  for (const error of errors || []) showError(error);
}

// --- preview -------------------------------------------------------------------------------------

function changed() {
  clearTimeout(studio.timer);
  studio.timer = setTimeout(preview, PREVIEW_DELAY);
}

async function preview() {
  const asked = ++studio.asked;
  document.body.dataset.preview = "running";
  $("preview-status").textContent = "Drawing the pages…";
  const {ok, data} = await api("POST", "/api/jobs", {purpose: "preview", book: studio.book});
  if (asked !== studio.asked) return;
  $("save-yaml").hidden = !ok;
  if (!ok) {
    showErrors(data.errors);
    $("preview-status").textContent = "The preview waits until the marked problem is fixed.";
    document.body.dataset.preview = "error";
    return;
  }
  clearErrors();
  offerYaml(data.yaml, data.name);
  document.querySelectorAll("#sections .rules").forEach((rules, index) => {
    rules.textContent = data.rules[index]; // as this section's page prints them (a variant's own)
  });
  const job = await follow(data.id, (status) => {
    if (asked === studio.asked) $("preview-status").textContent = describe(status, "Drawing the pages");
  });
  if (asked !== studio.asked) return;
  if (job.state === "failed") {
    showErrors([job.error]);
    $("preview-status").textContent = "The preview stopped: see the marked problem.";
    document.body.dataset.preview = "error";
  } else if (job.state === "done") {
    showPages(job.pages);
    $("preview-status").textContent = `${job.pages.length} pages, as they will print.`;
    document.body.dataset.preview = "ready";
    document.body.dataset.drawn = ++studio.drawn; // previews shown so far: tests wait on it
  }
}

async function follow(id, report) {
  for (;;) {
    const {ok, data} = await api("GET", `/api/jobs/${id}`);
    if (!ok) return {state: "failed", error: (data.errors || [{message: "the job was lost"}])[0]};
    report(data);
    if (data.state !== "running") return data;
    await new Promise((resolve) => setTimeout(resolve, POLL));
  }
}

function describe(status, doing) {
  const {label, done, total} = status.progress;
  return label ? `${doing}: ${label}, ${done} of ${total} puzzles` : `${doing}…`;
}

function showPages(pages) {
  const holder = $("pages");
  const figures = [...holder.children];
  let number = 0;
  let answer = 0;
  pages.forEach((page, index) => {
    const answers = page.part.endsWith("-answers.pdf");
    const caption = answers ? `Answer key page ${++answer}` : `Page ${++number}`;
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

// The config as the server wrote it, the text every preview and build is made from.
function offerYaml(text, name) {
  const link = $("save-yaml");
  if (link.href) URL.revokeObjectURL(link.href);
  link.href = URL.createObjectURL(new Blob([text], {type: "application/yaml"}));
  link.download = name;
}

// --- building the files --------------------------------------------------------------------------

async function build() {
  $("downloads").replaceChildren();
  const {ok, data} = await api("POST", "/api/jobs", {purpose: "build", book: studio.book});
  if (!ok) {
    showErrors(data.errors);
    $("build-status").textContent = "Fix the marked problem first.";
    return;
  }
  studio.buildJob = data.id;
  const bar = $("build-progress");
  $("build").disabled = true;
  $("cancel").hidden = false;
  bar.hidden = false;
  const job = await follow(data.id, (status) => {
    $("build-status").textContent = describe(status, "Making the book");
    bar.max = Math.max(status.progress.total, 1);
    bar.value = status.progress.done;
  });
  $("build").disabled = false;
  $("cancel").hidden = true;
  bar.hidden = true;
  if (job.state === "done") {
    $("build-status").textContent = "Your files are ready.";
    for (const file of job.files) {
      const item = document.createElement("li");
      const link = document.createElement("a");
      link.href = `/api/jobs/${job.id}/files/${encodeURIComponent(file.name)}`;
      link.download = file.name;
      link.textContent = `${file.name} (${Math.max(1, Math.round(file.size / 1024))} kB)`;
      item.append(link);
      $("downloads").append(item);
    }
  } else if (job.state === "cancelled") {
    $("build-status").textContent = "Cancelled.";
  } else {
    showErrors([job.error]);
    $("build-status").textContent = `The build stopped: ${job.error.message}`;
  }
}

async function cancel() {
  if (studio.buildJob) await api("POST", `/api/jobs/${studio.buildJob}/cancel`, {});
}

// --- opening a config ----------------------------------------------------------------------------

async function openFile(file) {
  const text = await file.text();
  const {ok, data} = await api("POST", "/api/open", {yaml: text});
  if (!ok) {
    showErrors(data.errors);
    return;
  }
  studio.book = data.book;
  renderBook();
  $("open-file").value = "";
  preview();
}

async function start() {
  studio.schema = (await api("GET", "/api/schema")).data;
  studio.book = newBook();
  renderBook();
  $("add-section").addEventListener("click", () => {
    const last = studio.book.sections[studio.book.sections.length - 1];
    studio.book.sections.push(last ? {type: last.type, difficulty: last.difficulty, count: last.count}
                                   : newBook().sections[0]);
    renderSections();
    changed();
  });
  $("new-book").addEventListener("click", () => {
    studio.book = newBook();
    renderBook();
    changed();
  });
  $("open-file").addEventListener("change", (event) => {
    if (event.target.files.length) openFile(event.target.files[0]);
  });
  $("build").addEventListener("click", build);
  $("cancel").addEventListener("click", cancel);
  document.documentElement.classList.add("ready");
  preview();
}

document.addEventListener("DOMContentLoaded", start);
