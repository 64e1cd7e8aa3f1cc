// The ceiling estimator: walk the product tree level by level (breadcrumbs and back), fill the product's own input
// form as the catalogue describes it, and read the bill of materials as a printable table with its warnings. The
// catalogue's products and node names stay as they come; its labels, helps, notes and warnings are shown in the
// page's language where the dictionaries have them (words/fr-CA/ceiling-results.json).
import { call } from "../api.js";
import { decimal } from "../format.js";
import { known, language, phrase, t } from "../i18n.js";
import { say } from "../messages.js";
import { card, field, form, h, input, select, table } from "../ui.js";

/** The catalogue's units (`m2`, `pc`), as the page writes them. */
const units = { m: phrase("m"), m2: phrase("m2"), pc: phrase("pc") };

/** A unit of the catalogue's in the page's words; one the page does not know, as it came. */
const unitWord = (unit) => (units[unit] ? t(units[unit]) : unit);

/** The catalogue's notes worded with figures in them: each one's pattern, and the page's words for it, its places
 * the pattern's named groups. */
const figured = [
  [/^Perimeter estimated as (?<perimeter>\S+) m, assuming a square room/,
    phrase("Perimeter estimated as {perimeter} m, assuming a square room (4 × √area); give length and width, or a measured perimeter, for long or irregular rooms.")],
  [/^The pack size of (?<product>.+) \((?<size>\d+)\) is a placeholder; confirm it\.$/,
    phrase("The pack size of {product} ({size}) is a placeholder; confirm it.")],
];

/** A text of the catalogue's (a label, a help, a note, a warning) in the page's language: by the dictionaries, or by
 * the page's words for a note with figures in it (the figures written the locale's way); else as it came. */
function catalogueText(text) {
  if (language === "en") return text;
  for (const [pattern, words] of figured) {
    const groups = pattern.exec(text)?.groups;
    if (groups) return t(words, Object.fromEntries(Object.entries(groups).map(([name, got]) => [name, decimal(got)])));
  }
  return known(text);
}

/** The ceiling page: the tree's root, or the node or product the hash names (#/ceiling/regal_600x600). */
export function ceiling(node) {
  const view = h("div", { "aria-live": "polite" });
  show(view, node);
  return [h("h1", {}, t("Ceiling")), view];
}

/** Shows in `view` the tree's level at `node` (the root when none), or the product's form when `node` is a leaf. */
async function show(view, node) {
  try {
    const menu = await call("calc", "ceiling.menu", node ? { node } : {});
    if (menu.node.leaf) {
      view.replaceChildren(...await product(menu.node.id));
      return;
    }
    view.replaceChildren(
      crumbs(menu.path),
      card(menu.node.id === "root" ? t("Choose a system") : menu.node.name,
        h("ul", { class: "choices" }, ...menu.children.map((child) => h("li", {},
          h("a", { href: `#/ceiling/${child.id}` }, child.name),
          child.subtitle ? h("span", { class: "muted" }, ` ${child.subtitle}`) : null)))));
  } catch (error) {
    view.replaceChildren(crumbs([]), h("p", { class: "problem", role: "alert" }, say(error)));
  }
}

/** Breadcrumbs from the root to `path`'s last node, with a link back one level. */
function crumbs(path) {
  const trail = [{ id: "", name: t("All systems") }, ...path];
  const back = trail.length > 1 ? trail[trail.length - 2] : null;
  return h("nav", { "aria-label": t("Breadcrumbs"), class: "crumbs" },
    h("ol", {}, ...trail.map((step, index) => h("li", {}, index === trail.length - 1
      ? h("span", { "aria-current": "page" }, step.name)
      : h("a", { href: step.id ? `#/ceiling/${step.id}` : "#/ceiling" }, step.name)))),
    back ? h("a", { href: back.id ? `#/ceiling/${back.id}` : "#/ceiling", class: "back" }, t("← Back")) : null);
}

/** Product `id`'s page: its breadcrumbs, its input form, and where the bill of materials shows. */
async function product(id) {
  const description = await call("calc", "ceiling.inputs", { product: id });
  const out = h("div", { "aria-live": "polite" });
  const fields = description.inputs.map(control);
  const ask = form([h("p", { class: "hint" }, geometryHint(description.geometry, description.inputs)), ...fields],
    t("Estimate"), async (values) => {
      const inputs = {};
      for (const item of description.inputs) {
        if (item.type === "boolean") inputs[item.name] = values[item.name] === true;
        else if (values[item.name] !== undefined) inputs[item.name] = values[item.name];
      }
      out.replaceChildren(...materials(await call("calc", "ceiling.estimate", { product: id, inputs })));
    }, out);
  const last = description.path[description.path.length - 1];
  return [crumbs(description.path), card(last.name, ask), out];
}

/** One catalogue input as a field: a number with its unit and bounds, a yes/no checkbox, or a choice. */
function control(item) {
  const name = catalogueText(item.label);
  const label = item.unit ? t("{label} ({unit})", { label: name, unit: unitWord(item.unit) }) : name;
  const help = item.help ? catalogueText(item.help) : undefined;
  if (item.type === "boolean") {
    const box = input(item.name, { type: "checkbox", checked: item.default === true, value: "yes" });
    return h("div", { class: "field check" }, h("label", {}, box, ` ${name}`),
      help ? h("p", { class: "hint" }, help) : null);
  }
  if (item.choices) {
    const choices = item.choices.map((choice) => [choice.value, catalogueText(choice.label)]);
    return field(label, select(item.name, choices, item.default), help);
  }
  const bounds = item.min && item.max ? t("{min} to {max}", { min: decimal(item.min), max: decimal(item.max) }) : "";
  // ui.js ungroups only decimal inputs: a whole number's default stays as it came, as it is sent.
  const value = item.integer ? item.default ?? "" : decimal(item.default ?? "");
  return field(label, input(item.name, {
    inputmode: item.integer ? "numeric" : "decimal", value, required: item.required,
  }), [help, bounds].filter(Boolean).join(" · ") || undefined);
}

/** The ways the room may be given (`geometry`: sets of input names, best first), as a sentence of their labels. */
function geometryHint(geometry, inputs) {
  const labels = Object.fromEntries(inputs.map((item) => [item.name, catalogueText(item.label).toLowerCase()]));
  const ways = geometry.map((set) => set.map((name) => labels[name] ?? name)
    .reduce((first, second) => t("{first} and {second}", { first, second })))
    .reduce((first, second) => t("{first}, or {second}", { first, second }));
  return t("Give the room as {ways}.", { ways });
}

/** The estimate's bill of materials: the room, the warnings, the components and the notes, with a Print button. */
function materials(result) {
  const room = {
    area: decimal(result.areaM2), perimeter: decimal(result.perimeterM), version: result.catalogueVersion,
  };
  return [
    card(t("Bill of materials"),
      h("p", {}, result.perimeterEstimated
        ? t("{area} m² with a perimeter of {perimeter} m (estimated); catalogue {version}.", room)
        : t("{area} m² with a perimeter of {perimeter} m; catalogue {version}.", room)),
      ...result.warnings.map((warning) => h("p", { class: "problem" }, catalogueText(warning))),
      components(result.components),
      ...result.notes.map((note) => h("p", { class: "muted" }, catalogueText(note))),
      h("button", { type: "button", class: "quiet", onclick: () => window.print() }, t("Print"))),
  ];
}

/** The components as a table a phone shows whole: what to buy and how many first, the catalogue's product beside its
 * name; a Packs column only when some component comes in packs. */
function components(parts) {
  const packed = parts.some((part) => part.packs !== undefined && part.packs !== null);
  const columns = [[t("Component"), false], [t("Quantity"), true], ...(packed ? [[t("Packs"), true]] : []),
    [t("Spares"), true]];
  return table(t("Components"), columns, parts.map((part) => [
    h("span", {}, part.name, h("span", { class: "muted small" }, ` ${part.productName}`)),
    `${decimal(part.quantity)} ${unitWord(part.unit)}`,
    ...(packed ? [part.packs !== undefined && part.packs !== null
      ? `${decimal(part.packs)} × ${decimal(part.packSize)}` : ""] : []),
    decimal(part.spares),
  ]));
}
