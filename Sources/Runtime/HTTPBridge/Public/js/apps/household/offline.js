// The household offline, kept in this browser's localStorage: the last answer to each read (bills, balances, the
// list, the stock, ...), shown when Reckon cannot be reached and marked as such; and the outbox, the changes made
// meanwhile, each with the Idempotency-Key it was given when it was made, sent in order once Reckon answers again.
// A change sent twice (an answer lost on the way, two tabs sending at once) is stored once: the server answers a
// repeated key with the first answer. A change Reckon refuses once it is back (a 412 for an entry changed by someone
// else meanwhile, a member who left) stays in the outbox as a conflict, shown with its reason, until dismissed.
import { time } from "../../format.js";
import { t } from "../../i18n.js";
import { banner } from "../../ui.js";

const seenPrefix = "reckon.ledger.seen.";
const outboxKey = "reckon.ledger.outbox";

/** Writes that can wait for the connection: they need no answer to go on. */
const queueable = new Set(["bills.add", "bills.edit", "bills.delete", "payments.record", "payments.edit",
  "payments.delete", "shopping.add", "shopping.edit", "shopping.bought", "shopping.remove", "inventory.add",
  "inventory.edit", "inventory.consume", "inventory.remove", "events.add"]);

/** Keeps a read's answer; the page, answered again, is no longer marked offline. */
export function remember(op, args, result) {
  document.body.classList.remove("offline");
  try {
    localStorage.setItem(seenPrefix + op + JSON.stringify(args), JSON.stringify({ at: Date.now(), result }));
  } catch {
    // storage full: the app works online as before
  }
}

/** The last answer kept for a read, marking the page as offline; null when there is none. */
export function recall(op, args) {
  const kept = JSON.parse(localStorage.getItem(seenPrefix + op + JSON.stringify(args)) ?? "null");
  if (!kept) return null;
  banner.show(
    t("Offline: showing what this browser last saw, at {time}. Changes are kept and sent when Reckon can be reached.",
      { time: time(new Date(kept.at).toISOString()) }));
  document.body.classList.add("offline");
  return kept.result;
}

/** Whether `op` may wait in the outbox. */
export const canWait = (op) => queueable.has(op);

/** The changes waiting, oldest first: `{key, op, args, at, problem?}`, the problem being Reckon's refusal
 * (`{code, message, field}`). */
export const waiting = () => JSON.parse(localStorage.getItem(outboxKey) ?? "[]");

function save(items) {
  localStorage.setItem(outboxKey, JSON.stringify(items));
  window.dispatchEvent(new Event("reckon-outbox"));
}

/** Puts a change in the outbox. */
export function hold(op, args, key) {
  save([...waiting(), { key, op, args, at: new Date().toISOString() }]);
}

/** Takes a change out of the outbox (sent, or dismissed). */
export const drop = (key) => save(waiting().filter((item) => item.key !== key));

let sending = null;

/** Sends the waiting changes in order with `send(item)`, stopping at the first that finds Reckon still away; a refused
 * one is kept as a conflict. Calls made while a round runs share it. */
export function sendWaiting(send) {
  sending ??= (async () => {
    try {
      for (const item of waiting().filter((entry) => !entry.problem)) {
        try {
          await send(item);
          drop(item.key);
        } catch (error) {
          if (error.status === 0 || error.status === 429 || error.status >= 500 || error.code === "unauthenticated") {
            return;
          }
          const problem = { code: error.code, message: error.message, field: error.field };
          save(waiting().map((entry) => entry.key === item.key ? { ...entry, problem } : entry));
        }
      }
      window.dispatchEvent(new Event("reckon-sent"));
    } finally {
      sending = null;
    }
  })();
  return sending;
}

/** Forgets every answer kept and every change waiting (signing out). */
export function forget() {
  for (const name of Object.keys(localStorage)) if (name.startsWith(seenPrefix)) localStorage.removeItem(name);
  save([]);
}
