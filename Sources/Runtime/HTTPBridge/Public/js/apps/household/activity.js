// The household's activity feed, newest first: who did what and when, in this browser's time zone. The newest page
// comes from `activity.list` (newest first, `before`), live changes are put on top as the page's event stream brings
// them (each cursor once: none repeated, and the stream resumes after the last one, so none is missed), and older
// pages come when the list's end scrolls into view, or on the button there.
import { card, h, when } from "../../ui.js";
import { ledger } from "./session.js";

const pageSize = 20;

/** What each action says after the member's name. `e` is the entry: its `before` and `after` views. */
const sentences = {
  "household.created": () => "made the household",
  "request.sent": (e) => `invited ${who(e.after?.user)}`,
  "request.accepted": () => "joined the household",
  "request.declined": () => "declined an invitation",
  "request.retracted": (e) => `took back the invitation to ${who(e.after?.user)}`,
  "member.left": () => "left the household",
  "bill.added": (e) => `added the bill “${e.after.description}”, ${amount(e.after)}`,
  "bill.edited": (e) => `changed the bill “${e.after.description}”, now ${amount(e.after)}`,
  "bill.deleted": (e) => `deleted the bill “${e.before.description}”, ${amount(e.before)}`,
  "bill.recurred": (e) => `has the repeating bill “${e.after.description}” due, ${amount(e.after)}`,
  "payment.recorded": (e, name) => `recorded ${amount(e.after)} paid by ${name(e.after.from)} to ${name(e.after.to)}`,
  "payment.edited": (e, name) => `changed the payment by ${name(e.after.from)} to ${name(e.after.to)}, now ${amount(e.after)}`,
  "payment.deleted": (e, name) => `deleted the payment of ${amount(e.before)} by ${name(e.before.from)}`,
  "recurring.added": (e) => `set up the repeating bill “${e.after.description}”`,
  "recurring.paused": (e) => `paused the repeating bill “${(e.before ?? e.after).description}”`,
  "recurring.active": (e) => `resumed the repeating bill “${e.after.description}”`,
  "recurring.ended": (e) => `ended the repeating bill “${e.after.description}”`,
  "event.added": (e) => `put “${e.after.title}” on the calendar`,
  "event.edited": (e) => `changed “${e.after.title}” on the calendar`,
  "event.deleted": (e) => `took “${e.before.title}” off the calendar`,
  "shopping.added": (e) => `put ${e.after.name} on the shopping list`,
  "shopping.merged": (e) => `added more ${e.after.name} to the shopping list`,
  "shopping.edited": (e) => `changed ${e.after.name} on the shopping list`,
  "shopping.removed": (e) => `took ${e.before.name} off the shopping list`,
  "shopping.bought": (e) => `bought ${e.before.name}`,
  "shopping.restocked": (e) => `put ${e.after.name} back on the list: it ran out`,
  "stock.added": (e) => `put ${e.after.name} in the cupboard`,
  "stock.merged": (e) => `added more ${e.after.name} to the cupboard`,
  "stock.edited": (e) => `changed ${e.after.name} in the cupboard`,
  "stock.consumed": (e) => `used some ${e.after.name}`,
  "stock.removed": (e) => `took ${e.before.name} out of the cupboard`,
};

const amount = (view) => `${view.amount} ${view.currency}`;
const who = (user) => user?.displayName ?? user?.username ?? "someone";

/** One entry as a list item: "Ana added the bill “Groceries”, 84.30 CAD", and when. */
function item(entry, names) {
  const name = (id) => names[id] ?? "a former member";
  const says = sentences[entry.action];
  const what = says ? says(entry, name) : `${entry.action.replace(".", " ")} (${entry.entity})`;
  return h("li", { "data-cursor": String(entry.cursor) }, h("strong", {}, name(entry.userId)), ` ${what}`,
    h("time", { class: "muted small", datetime: entry.at }, ` · ${when(entry.at)}`));
}

/** The feed's card for `home`; `newest()` loads its first page and answers the newest cursor, for the live stream
 * to start after; `add(entries)` puts live entries on top. */
export function activityFeed(home, names) {
  const list = h("ol", {});
  const older = h("button", { type: "button", class: "quiet", hidden: true }, "Show older changes");
  let newestCursor = 0;
  let oldestCursor = 0;
  let loading = false;
  const page = async (before) => {
    const result = await ledger("activity.list", { householdId: home.householdId, before, limit: pageSize });
    list.append(...result.entries.filter((entry) => before === 0 || entry.cursor < oldestCursor)
      .map((entry) => item(entry, names)));
    if (result.entries.length) oldestCursor = result.cursor;
    older.hidden = !result.more;
    return result;
  };
  const more = async () => {
    if (loading || older.hidden) return;
    loading = true;
    try { await page(oldestCursor); } finally { loading = false; }
  };
  older.addEventListener("click", more);
  // The list scrolls in its card; the button at its end loads the page before when it scrolls into view.
  const scroller = h("div", { class: "feed", tabindex: "0", role: "region", "aria-label": "Activity, newest first" },
    list, older);
  new IntersectionObserver((seen) => { if (seen.some((entry) => entry.isIntersecting)) more(); }, { root: scroller })
    .observe(older);
  return {
    card: card("Activity", scroller),
    async newest() {
      list.replaceChildren();
      const first = await page(0);
      newestCursor = first.entries[0]?.cursor ?? 0;
      if (!first.entries.length) list.append(h("li", { class: "muted" }, "Nothing has happened here yet."));
      return newestCursor;
    },
    add(entries) {
      const fresh = entries.filter((entry) => entry.cursor > newestCursor).sort((a, b) => b.cursor - a.cursor);
      if (!fresh.length) return;
      list.querySelector("li.muted")?.remove();
      newestCursor = fresh[0].cursor;
      list.prepend(...fresh.map((entry) => item(entry, names)));
    },
  };
}
