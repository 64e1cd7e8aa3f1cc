// Small DOM helpers shared by the apps: elements, labelled fields with their error slot, tables, and the banner.
import { plainNumber } from "./format.js";
import { missing, say } from "./messages.js";

/** An element with attributes (`on…` ones are listeners) and children (strings become text). */
export function h(tag, attributes = {}, ...children) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === null || value === false) continue;
    if (name.startsWith("on")) element.addEventListener(name.slice(2), value);
    // Through CSSOM: the Content Security Policy refuses style attributes, but not styles set by script.
    else if (name === "style") element.style.cssText = value;
    else element.setAttribute(name, value === true ? "" : value);
  }
  element.append(...children.flat().filter((child) => child !== null && child !== undefined));
  return element;
}

let fieldCount = 0;

/** A labelled input (or select) with an optional hint and a slot for its error; `name` is the op's argument. */
export function field(label, control, hint) {
  fieldCount += 1;
  const id = `field-${fieldCount}`;
  control.id = id;
  const error = h("p", { class: "error", id: `${id}-error`, hidden: true });
  const described = [error.id];
  const parts = [h("label", { for: id }, label), control];
  if (hint) {
    const note = h("p", { class: "hint", id: `${id}-hint` }, hint);
    described.push(note.id);
    parts.push(note);
  }
  control.setAttribute("aria-describedby", described.join(" "));
  return h("div", { class: "field" }, ...parts, error);
}

/** An input element. */
export const input = (name, attributes = {}) => h("input", { name, ...attributes });

/** A select of `[value, label]` options. */
export function select(name, options, selected) {
  return h("select", { name }, ...options.map(([value, label]) =>
    h("option", { value, selected: value === selected }, label)));
}

/** The named controls' values of `form`, trimmed (passwords as typed), numbers ungrouped (format.js `plainNumber`), empty
 * ones left out. */
export function values(form) {
  const result = {};
  for (const control of form.elements) {
    if (!control.name) continue;
    const value = control.type === "password" ? control.value : (control.value ?? "").trim();
    if (value === "") continue;
    result[control.name] = control.type === "checkbox" ? control.checked
      : control.inputMode === "decimal" ? plainNumber(value) : value;
  }
  return result;
}

/** Clears a form's field errors. */
export function clearErrors(form) {
  for (const control of form.elements) control.removeAttribute("aria-invalid");
  for (const error of form.querySelectorAll(".error")) { error.hidden = true; error.textContent = ""; }
  form.querySelector(".problem")?.remove();
}

/** Each named control's label on `form` (name → the label's text). */
function labels(form) {
  const named = {};
  for (const control of form.elements) {
    const label = control.name && control.id && form.querySelector(`label[for="${control.id}"]`);
    if (label) named[control.name] = label.textContent.trim();
  }
  return named;
}

/** Shows `error` at its field when the form has it (by the whole name, its last part or its first), else under the
 * form, in the form's own words (messages.js). */
export function showError(form, error) {
  const parts = error.field ? error.field.split(".") : [];
  const control = [error.field, parts[parts.length - 1], parts[0]]
    .map((name) => name && form.elements.namedItem(name)).find((found) => found && found.id);
  const named = labels(form);
  if (control && error.field) named[error.field] = named[control.name];
  const message = say(error, named);
  if (control) {
    control.setAttribute("aria-invalid", "true");
    const slot = document.getElementById(`${control.id}-error`);
    slot.textContent = message;
    slot.hidden = false;
    control.focus();
  } else {
    form.append(h("p", { class: "problem", role: "alert" }, message));
  }
}

/** The problems of `form`'s required controls left empty, one a control, before anything is sent. */
function emptyRequired(form) {
  const named = labels(form);
  return [...form.elements].filter((control) => control.required && control.name && control.value.trim() === "")
    .map((control) => ({ field: control.name, message: missing(named[control.name] ?? control.name) }));
}

/** Shows every problem of `problems` (`{field, message}`) at its field at once; focuses the first. */
export function showErrors(form, problems) {
  const focused = document.activeElement;
  for (const problem of problems) showError(form, problem);
  const first = form.querySelector("[aria-invalid=true]");
  (first ?? focused)?.focus();
}

/** A form that calls `submit(values)` and shows what it throws where it belongs; required fields left empty are all
 * shown at once, and nothing is sent. `result`, when given, is where the form's answer shows: a submit that fails
 * empties it, so no answer stands beside inputs it does not belong to. */
export function form(parts, label, submit, result) {
  const element = h("form", { novalidate: true }, ...parts, h("div", {}, h("button", { type: "submit" }, label)));
  element.addEventListener("submit", async (event) => {
    event.preventDefault();
    clearErrors(element);
    try {
      const empty = emptyRequired(element);
      if (empty.length) throw Object.assign(new Error(empty[0].message), { details: empty });
      await submit(values(element));
    } catch (error) {
      result?.replaceChildren();
      if (error.details?.length) showErrors(element, error.details);
      else showError(element, error);
    }
  });
  return element;
}

/** `content` (a wide table) in a box that scrolls sideways on phones; the box takes the keyboard's focus, so the
 * arrow keys scroll it too, and is named `label` for screen readers. */
export const sideways = (label, content) =>
  h("div", { class: "scroll", tabindex: "0", role: "region", "aria-label": label }, content);

/** A table of `rows` (arrays of cells: text, or elements such as buttons) under `columns` (`[label, numeric]`), scrolling sideways on phones. */
export function table(caption, columns, rows) {
  return sideways(caption, h("table", {},
    h("caption", {}, caption),
    h("thead", {}, h("tr", {}, ...columns.map(([label, numeric]) =>
      h("th", { scope: "col", class: numeric ? "number" : null }, label)))),
    h("tbody", {}, ...rows.map((row) => h("tr", {}, ...row.map((cell, index) =>
      h("td", { class: columns[index][1] ? "number" : null }, cell instanceof Node ? cell : String(cell))))))));
}

/** `content` folded away under `summary` (long schedules). */
export const folded = (summary, content) => h("details", {}, h("summary", {}, summary), content);

/** `element` across the whole row of cards (a wide table). */
export function wide(element) {
  element.classList.add("wide");
  return element;
}

/** A card with a heading. */
export const card = (title, ...children) => h("section", { class: "card" }, h("h2", {}, title), ...children);

/** The banner under the header: retries and outages. */
export const banner = {
  show(text) {
    const element = document.getElementById("banner");
    element.textContent = text;
    element.hidden = false;
  },
  clear() {
    const element = document.getElementById("banner");
    if (!element.hidden) { element.hidden = true; element.textContent = ""; }
  },
};
