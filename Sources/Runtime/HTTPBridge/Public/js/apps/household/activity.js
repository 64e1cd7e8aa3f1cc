// The household's activity feed, newest first: who did what and when, in this browser's time zone. The newest page
// comes from `activity.list` (newest first, `before`), live changes are put on top as the page's event stream brings
// them (each cursor once: none repeated, and the stream resumes after the last one, so none is missed), and older
// pages come when the list's end scrolls into view, or on the button there.
import { day, money, when } from "../../format.js";
import { t } from "../../i18n.js";
import { card, h } from "../../ui.js";
import { ledger } from "./session.js";

const pageSize = 20;

/** What each action says, `{who}` the member who did it. `e` is the entry: its `before` and `after` views;
 * `name(id)` a member's name. */
const sentences = {
  "household.created": () => t("{who} made the household"),
  "request.sent": (e) => t("{who} invited {user}", { user: who(e.after?.user) }),
  "request.accepted": () => t("{who} joined the household"),
  "request.declined": () => t("{who} declined an invitation"),
  "request.retracted": (e) => t("{who} took back the invitation to {user}", { user: who(e.after?.user) }),
  "member.left": () => t("{who} left the household"),
  "bill.added": (e) => t("{who} added the bill “{description}”, {amount}", bill(e.after)),
  "bill.edited": (e) => t("{who} changed the bill “{description}”, now {amount}", bill(e.after)),
  "bill.deleted": (e) => t("{who} deleted the bill “{description}”, {amount}", bill(e.before)),
  "bill.recurred": (e) => t("{who} has the repeating bill “{description}” due, {amount}", bill(e.after)),
  "payment.recorded": (e, name) => t("{who} recorded {amount} paid by {from} to {to}", payment(e.after, name)),
  "payment.edited": (e, name) => t("{who} changed the payment by {from} to {to}, now {amount}", payment(e.after, name)),
  "payment.deleted": (e, name) => t("{who} deleted the payment of {amount} by {from}", payment(e.before, name)),
  "recurring.added": (e) => t("{who} set up the repeating bill “{description}”", e.after),
  "recurring.paused": (e) => t("{who} paused the repeating bill “{description}”", e.before ?? e.after),
  "recurring.active": (e) => t("{who} resumed the repeating bill “{description}”", e.after),
  "recurring.ended": (e) => t("{who} ended the repeating bill “{description}”", e.after),
  "event.added": (e) => t("{who} put “{title}” on the calendar", e.after),
  "event.edited": (e) => t("{who} changed “{title}” on the calendar", e.after),
  "event.deleted": (e) => t("{who} took “{title}” off the calendar", e.before),
  "shopping.added": (e) => t("{who} put {name} on the shopping list", e.after),
  "shopping.merged": (e) => t("{who} added more {name} to the shopping list", e.after),
  "shopping.edited": (e) => t("{who} changed {name} on the shopping list", e.after),
  "shopping.removed": (e) => t("{who} took {name} off the shopping list", e.before),
  "shopping.bought": (e) => t("{who} bought {name}", e.before),
  "shopping.restocked": (e) => t("{who} put {name} back on the list: it ran out", e.after),
  "stock.added": (e) => t("{who} put {name} in the cupboard", e.after),
  "stock.merged": (e) => t("{who} added more {name} to the cupboard", e.after),
  "stock.edited": (e) => t("{who} changed {name} in the cupboard", e.after),
  "stock.consumed": (e) => t("{who} used some {name}", e.after),
  "stock.removed": (e) => t("{who} took {name} out of the cupboard", e.before),
  // Reminders (for webhooks), recorded by Reckon itself: no member did them.
  "stock.expiring": (e) => t("Reminder: {names} best before {date} or earlier", due(e.after)),
  "stock.low": (e) => t("Reminder: {names} running low", due(e.after)),
  "recurring.due": (e) => t("Reminder: the repeating bills {names} are due {date}", due(e.after)),
};

/** A reminder's places in a sentence: what is due (names or descriptions), and the day. */
const due = (view) =>
  ({ names: view.items.map((item) => item.name ?? item.description).join(", "), date: day(view.date) });

/** A bill's places in a sentence: its description, and its amount as money. */
const bill = (view) => ({ description: view.description, amount: money(view.amount, view.currency) });

/** A payment's places in a sentence: its amount as money, and who paid whom. */
const payment = (view, name) =>
  ({ amount: money(view.amount, view.currency), from: name(view.from), to: name(view.to) });

/** A user the server names (an invitation's), as the page calls them. */
const who = (user) => user?.displayName ?? user?.username ?? t("someone");

/** One entry as a list item: "Ana added the bill “Groceries”, $84.30", the member's name in bold, and when. */
function item(entry, names) {
  const name = (id) => names[id] ?? t("a former member");
  const says = sentences[entry.action];
  const sentence = says ? says(entry, name)
    : t("{who} {action} ({entity})", { action: entry.action.replace(".", " "), entity: entry.entity });
  const [before, after] = split(sentence);
  const actor = sentence.includes("{who}") ? [h("strong", {}, name(entry.userId))] : [];
  return h("li", { "data-cursor": String(entry.cursor) }, before, ...actor, after,
    h("time", { class: "muted small", datetime: entry.at }, ` · ${when(entry.at)}`));
}

/** A sentence's text before its `{who}` place and after it (all of it after, when it has none). */
function split(sentence) {
  const at = sentence.indexOf("{who}");
  return at < 0 ? ["", sentence] : [sentence.slice(0, at), sentence.slice(at + "{who}".length)];
}

/** The feed's card for `home`; `newest()` loads its first page and answers the newest cursor, for the live stream
 * to start after; `add(entries)` puts live entries on top. */
export function activityFeed(home, names) {
  const list = h("ol", {});
  const older = h("button", { type: "button", class: "quiet", hidden: true }, t("Show older changes"));
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
  const scroller = h("div", { class: "feed", tabindex: "0", role: "region",
    "aria-label": t("Activity, newest first") }, list, older);
  new IntersectionObserver((seen) => { if (seen.some((entry) => entry.isIntersecting)) more(); }, { root: scroller })
    .observe(older);
  // Whether changes show as they happen: the page's event stream open, or being opened again.
  const status = h("p", { class: "muted", role: "status", "data-live": "connecting" }, t("Connecting…"));
  return {
    card: card(t("Activity"), status, scroller),
    /** Shows the live stream's `state`: "live" (open) or "reconnecting". */
    live(state) {
      status.dataset.live = state;
      status.textContent = state === "live" ? t("Live: changes show as they happen") : t("Reconnecting…");
    },
    async newest() {
      list.replaceChildren();
      const first = await page(0);
      newestCursor = first.entries[0]?.cursor ?? 0;
      if (!first.entries.length) list.append(h("li", { class: "muted" }, t("Nothing has happened here yet.")));
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
