// The household's shared calendar: a month grid with every occurrence of repeating events, a form to add one, and the
// iCal address a calendar app can subscribe to.
import { card, field, form, h, input, select, sideways, wide } from "../../ui.js";
import { ledger, session } from "./session.js";

const weekdays = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];

/** The calendar card of `home`, made once: `update()` reads the shown month's occurrences again and leaves the form
 * alone; `changed()` follows an event added here. */
export function calendar(home, changed) {
  let month = new Date().toISOString().slice(0, 7);
  const grid = h("div", {});
  const iso = (date) => date.toISOString().slice(0, 10);
  const update = async () => {
    const [year, number] = month.split("-").map(Number);
    const first = new Date(Date.UTC(year, number - 1, 1));
    const last = new Date(Date.UTC(year, number, 0));
    const { occurrences } = await ledger("events.list", { householdId: home.householdId, from: iso(first), to: iso(last) });
    grid.replaceChildren(monthTable(month, first, last, occurrences));
  };
  const step = (months) => async () => {
    const [year, number] = month.split("-").map(Number);
    month = new Date(Date.UTC(year, number - 1 + months, 1)).toISOString().slice(0, 7);
    await update();
  };
  const add = form([h("div", { class: "row" }, field("Title", input("title", { autocomplete: "off" })),
    field("Day", input("day", { type: "date", value: iso(new Date()) }))),
  h("div", { class: "row" }, field("Repeats", select("frequency", [["", "Never"], ["daily", "Daily"], ["weekly", "Weekly"],
    ["monthly", "Monthly"]], "")), field("Times", input("count", { inputmode: "numeric" }), "blank: without end"))],
  "Add the event", async (values) => {
    const args = { householdId: home.householdId, title: values.title ?? "", start: values.day ?? "", allDay: true };
    if (values.frequency) args.repeat = { frequency: values.frequency, ...(values.count ? { count: Number(values.count) } : {}) };
    await ledger("events.add", args, { write: true });
    changed();
  });
  const address = `${location.origin}/v1/ledger/events.ical?householdId=${encodeURIComponent(home.householdId)}`
    + `&access_token=${encodeURIComponent(session.token)}`;
  // Across the whole row of cards: a month's seven columns fit at a desktop's width without scrolling sideways.
  const cards = [wide(card("Calendar", h("p", { class: "row" },
    h("button", { type: "button", class: "quiet", onclick: step(-1), "aria-label": "Previous month" }, "←"),
    h("button", { type: "button", class: "quiet", onclick: step(1), "aria-label": "Next month" }, "→")), grid, add,
  field("Subscribe in a calendar app", input("ical", { value: address, readonly: true }), "Keep it private: it carries your session.")))];
  return { cards, update };
}

/** The month `month` (YYYY-MM, from `first` to `last`) as a week-by-week table with each day's occurrences. */
function monthTable(month, first, last, occurrences) {
  const byDay = {};
  for (const event of occurrences) (byDay[event.start.slice(0, 10)] ??= []).push(event);
  const lead = (first.getUTCDay() + 6) % 7;
  const cells = [...Array(lead).fill(null), ...Array.from({ length: last.getUTCDate() }, (_, index) => index + 1)];
  const rows = [];
  for (let start = 0; start < cells.length; start += 7) rows.push(cells.slice(start, start + 7));
  const caption = first.toLocaleDateString("en-CA", { month: "long", year: "numeric", timeZone: "UTC" });
  return sideways(caption, h("table", { class: "month" },
    h("caption", {}, caption),
    h("thead", {}, h("tr", {}, ...weekdays.map((day) => h("th", { scope: "col" }, day)))),
    h("tbody", {}, ...rows.map((week) => h("tr", {}, ...week.map((day) => {
      if (day === null) return h("td", {});
      const key = `${month}-${String(day).padStart(2, "0")}`;
      return h("td", {}, h("span", { class: "day" }, String(day)), ...(byDay[key] ?? []).map((event) =>
        h("span", { class: "event" }, event.allDay ? event.title : `${event.start.slice(11, 16)} ${event.title}`)));
    }))))));
}
