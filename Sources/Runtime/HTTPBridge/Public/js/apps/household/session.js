// The signed-in ledger session: its token, kept in this browser's localStorage, and the calls made with it, which
// fall back on what was kept offline (offline.js) when Reckon cannot be reached.
import { call } from "../../api.js";
import { canWait, forget, hold, recall, remember, sendWaiting, waiting } from "./offline.js";

const tokenKey = "reckon.ledger.token";
const householdKey = "reckon.ledger.household";
const userKey = "reckon.ledger.username";

export const session = {
  get token() { return localStorage.getItem(tokenKey); },
  set token(value) { value ? localStorage.setItem(tokenKey, value) : localStorage.removeItem(tokenKey); },
  get household() { return localStorage.getItem(householdKey); },
  set household(value) { value ? localStorage.setItem(householdKey, value) : localStorage.removeItem(householdKey); },
};

/** A ledger op with the session's token; writes get a fresh Idempotency-Key; `signal` gives the call up. When Reckon
 * cannot be reached, a read answers what was last seen (unless `live`: a wait, which must really wait), and a write
 * that can wait goes to the outbox and answers `{queued: true}`. */
export async function ledger(op, args = {}, { write = false, signal, live = false } = {}) {
  const key = write ? crypto.randomUUID() : undefined;
  try {
    const result = await call("ledger", op, args, { token: session.token, key, signal });
    if (!write && !live) remember(op, args, result);
    if (waiting().some((item) => !item.problem)) sendWaiting(send);
    return result;
  } catch (error) {
    if (error.status !== 0 || error.code === "cancelled" || live) throw error;
    const kept = write ? null : recall(op, args);
    if (kept) return kept;
    if (!write || !canWait(op)) throw error;
    hold(op, args, key);
    return { queued: true };
  }
}

/** Sends a change from the outbox with the key it was made with. */
const send = (item) => call("ledger", item.op, item.args, { token: session.token, key: item.key });

window.addEventListener("online", () => sendWaiting(send));

/** Sends what the outbox holds now (a page that opens with changes left from an earlier visit). */
export const sendHeld = () => sendWaiting(send);

/** Signs `username` in (after signing up when `create`), keeping the token. */
export async function signIn(username, password, create) {
  if (create) await call("ledger", "auth.signup", { username, password });
  session.token = (await call("ledger", "auth.login", { username, password })).token;
  // What someone else's session kept is not this user's to see or send; this user's own is kept.
  if (localStorage.getItem(userKey) !== username.trim().toLowerCase()) forget();
  localStorage.setItem(userKey, username.trim().toLowerCase());
}

/** Signs out here and on the server. */
export async function signOut() {
  try {
    await ledger("auth.logout", {}, { write: true });
  } finally {
    session.token = null;
    session.household = null;
    localStorage.removeItem(userKey);
    forget();
  }
}
