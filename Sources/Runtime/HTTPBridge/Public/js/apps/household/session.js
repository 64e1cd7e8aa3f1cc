// The signed-in ledger session: its token, kept in this browser's localStorage, and the calls made with it.
import { call } from "../../api.js";

const tokenKey = "reckon.ledger.token";
const householdKey = "reckon.ledger.household";

export const session = {
  get token() { return localStorage.getItem(tokenKey); },
  set token(value) { value ? localStorage.setItem(tokenKey, value) : localStorage.removeItem(tokenKey); },
  get household() { return localStorage.getItem(householdKey); },
  set household(value) { value ? localStorage.setItem(householdKey, value) : localStorage.removeItem(householdKey); },
};

/** A ledger op with the session's token; writes get a fresh Idempotency-Key. */
export function ledger(op, args = {}, { write = false } = {}) {
  return call("ledger", op, args, { token: session.token, key: write ? crypto.randomUUID() : undefined });
}

/** Signs `username` in (after signing up when `create`), keeping the token. */
export async function signIn(username, password, create) {
  if (create) await call("ledger", "auth.signup", { username, password });
  session.token = (await call("ledger", "auth.login", { username, password })).token;
}

/** Signs out here and on the server. */
export async function signOut() {
  try { await ledger("auth.logout", {}, { write: true }); } finally { session.token = null; session.household = null; }
}
