// The household's shared calendar: a month grid with every occurrence of repeating events, a form to add one, and the
// iCal address a calendar app can subscribe to.
import { month } from "../../format.js";
import { locale, t } from "../../i18n.js";
import { card, field, form, h, input, select, sideways, wide } from "../../ui.js";
import { ledger, session } from "./session.js";

/** The days of the week, Monday first, as the locale writes them short (`Mon`, `lun.`): 1 January 2024 was a
 * Monday. */
const weekdays = Array.from({ length: 7 }, (_, index) =>
  new Date(Date.UTC(2024, 0, 1 + index)).toLocaleDateString(locale, { weekday: "short", timeZone: "UTC" }));

/** The calendar card of `home`, made once: `update()` reads the shown month's occurrences again and leaves the form
 * alone; `changed()` follows an event added here. */
export function calendar(home, changed) {
  let shown = new Date().toISOString().slice(0, 7);
  const grid = h("div", {});
  const iso = (date) => date.toISOString().slice(0, 10);
  const update = async () => {
    const [year, number] = shown.split("-").map(Number);
    const first = new Date(Date.UTC(year, number - 1, 1));
    const last = new Date(Date.UTC(year, number, 0));
    const { occurrences } = await ledger("events.list",
      { householdId: home.householdId, from: iso(first), to: iso(last) });
    grid.replaceChildren(monthTable(shown, first, last, occurrences));
  };
  const step = (months) => async () => {
    const [year, number] = shown.split("-").map(Number);
    shown = new Date(Date.UTC(year, number - 1 + months, 1)).toISOString().slice(0, 7);
    await update();
  };
  const repeats = [["", t("Never")], ["daily", t("Daily")], ["weekly", t("Weekly")], ["monthly", t("Monthly")]];
  const add = form([h("div", { class: "row" }, field(t("Title"), input("title", { autocomplete: "off" })),
    field(t("Day"), input("day", { type: "date", value: iso(new Date()) }))),
  h("div", { class: "row" }, field(t("Repeats"), select("frequency", repeats, "")),
    field(t("Times"), input("count", { inputmode: "numeric" }), t("blank: without end")))],
  t("Add the event"), async (values) => {
    const args = { householdId: home.householdId, title: values.title ?? "", start: values.day ?? "", allDay: true };
    if (values.frequency) {
      args.repeat = { frequency: values.frequency, ...(values.count ? { count: Number(values.count) } : {}) };
    }
    await ledger("events.add", args, { write: true });
    changed();
  });
  const address = `${location.origin}/v1/ledger/events.ical?householdId=${encodeURIComponent(home.householdId)}`
    + `&access_token=${encodeURIComponent(session.token)}`;
  // Across the whole row of cards: a month's seven columns fit at a desktop's width without scrolling sideways.
  const cards = [wide(card(t("Calendar"), h("p", { class: "row" },
    h("button", { type: "button", class: "quiet", onclick: step(-1), "aria-label": t("Previous month") }, "←"),
    h("button", { type: "button", class: "quiet", onclick: step(1), "aria-label": t("Next month") }, "→")), grid, add,
  field(t("Subscribe in a calendar app"), input("ical", { value: address, readonly: true }),
    t("Keep it private: it carries your session."))))];
  return { cards, update };
}

/** A time of day as an occurrence's start has it (`09:00`, in the event's own time zone), as the locale writes it
 * (`9:00 a.m.`, `09 h 00`). */
const clock = (hours) =>
  new Date(`1970-01-01T${hours}:00Z`).toLocaleTimeString(locale, { timeStyle: "short", timeZone: "UTC" });

/** The month `shown` (YYYY-MM, from `first` to `last`) as a week-by-week table with each day's occurrences. */
function monthTable(shown, first, last, occurrences) {
  const byDay = {};
  for (const event of occurrences) (byDay[event.start.slice(0, 10)] ??= []).push(event);
  const lead = (first.getUTCDay() + 6) % 7;
  const cells = [...Array(lead).fill(null), ...Array.from({ length: last.getUTCDate() }, (_, index) => index + 1)];
  const rows = [];
  for (let start = 0; start < cells.length; start += 7) rows.push(cells.slice(start, start + 7));
  const caption = month(first);
  return sideways(caption, h("table", { class: "month" },
    h("caption", {}, caption),
    h("thead", {}, h("tr", {}, ...weekdays.map((day) => h("th", { scope: "col" }, day)))),
    h("tbody", {}, ...rows.map((week) => h("tr", {}, ...week.map((day) => {
      if (day === null) return h("td", {});
      const key = `${shown}-${String(day).padStart(2, "0")}`;
      return h("td", {}, h("span", { class: "day" }, String(day)), ...(byDay[key] ?? []).map((event) => h("span",
        { class: "event" }, event.allDay ? event.title : `${clock(event.start.slice(11, 16))} ${event.title}`)));
    }))))));
}
