// Live changes: the household's activity as Server-Sent Events (EventSource, which reconnects by itself and resumes
// after the last event id it saw), calling `changed` once per burst of events.
import { session } from "./session.js";

/** Follows `householdId` until the returned function is called; `changed(entries)` gets each burst. */
export function follow(householdId, after, changed) {
  const url = `/v1/ledger/households/${encodeURIComponent(householdId)}/activity`
    + `?after=${after}&access_token=${encodeURIComponent(session.token)}`;
  const source = new EventSource(url);
  let burst = [];
  let timer = null;
  source.addEventListener("activity", (event) => {
    burst.push(JSON.parse(event.data));
    clearTimeout(timer);
    timer = setTimeout(() => { const entries = burst; burst = []; changed(entries); }, 50);
  });
  return () => { clearTimeout(timer); source.close(); };
}
