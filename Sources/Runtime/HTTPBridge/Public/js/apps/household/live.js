// Live changes: the household's activity as Server-Sent Events, calling `changed` once per burst of events.
// EventSource reconnects by itself after a dropped connection, resuming after the last event id it saw; when it gives
// up (an error answer rather than a lost connection), a new one starts after that id two seconds later, unless the
// session has ended, which `expired()` is told. `shown(state)` hears whether the stream is "live" or "reconnecting".
import { ledger, session } from "./session.js";

/** Follows `householdId` after cursor `after` until the returned function is called; `changed(entries)` gets each
 * burst, `shown(state)` each change between "live" and "reconnecting". */
export function follow(householdId, after, changed, expired, shown) {
  let last = after;
  let source = null;
  let burst = [];
  let timer = null;
  let stopped = false;
  const open = () => {
    source = new EventSource(`/v1/ledger/households/${encodeURIComponent(householdId)}/activity`
      + `?after=${last}&access_token=${encodeURIComponent(session.token)}`);
    source.addEventListener("activity", (event) => {
      last = Number(event.lastEventId) || last;
      burst.push(JSON.parse(event.data));
      clearTimeout(timer);
      timer = setTimeout(() => { const entries = burst; burst = []; changed(entries); }, 50);
    });
    source.addEventListener("open", () => shown("live"));
    source.addEventListener("error", () => {
      if (stopped) return;
      shown("reconnecting");
      if (source.readyState !== EventSource.CLOSED) return;
      setTimeout(async () => {
        if (stopped) return;
        try {
          await ledger("auth.me");
        } catch (error) {
          if (error.code === "unauthenticated") { stopped = true; expired(); return; }
        }
        if (!stopped) open();
      }, 2000);
    });
  };
  open();
  return () => { stopped = true; clearTimeout(timer); source.close(); };
}
