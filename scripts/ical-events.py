#!/usr/bin/env python3
"""Reads an iCalendar (.ics) file on standard input with the independent `icalendar` parser (PyPI) and prints its
events as JSON: {"events": [{uid, summary, location, dtstart, dtend, tzid, rrule}], "occurrences": [...]}.

dtstart/dtend are ISO 8601 (a date-time with its offset, or a date; an all-day DTEND is exclusive, as in the file);
tzid is DTSTART's TZID parameter or null; rrule maps FREQ, INTERVAL, UNTIL, COUNT to their values (or is null).
With `--between FROM TO` (YYYY-MM-DD), "occurrences" lists every occurrence starting in [FROM, TO), repeats
expanded by `recurring_ical_events`, as {uid, start, end}, sorted. The tests compare all of it with what the
ledger itself says.
"""
import datetime
import json
import sys

import icalendar


def iso(value):
    return value.isoformat() if value is not None else None


def rrule(component):
    rule = component.get("RRULE")
    if rule is None:
        return None
    result = {}
    for key in ("FREQ", "INTERVAL", "UNTIL", "COUNT"):
        if key in rule:
            value = rule[key][0]
            result[key] = iso(value) if isinstance(value, (datetime.date, datetime.datetime)) else value
    return result


def main():
    calendar = icalendar.Calendar.from_ical(sys.stdin.buffer.read())
    events = []
    for event in calendar.walk("VEVENT"):
        start = event["DTSTART"]
        events.append({
            "uid": str(event["UID"]),
            "summary": str(event["SUMMARY"]),
            "location": str(event["LOCATION"]) if "LOCATION" in event else None,
            "dtstart": iso(start.dt),
            "dtend": iso(event["DTEND"].dt) if "DTEND" in event else None,
            "tzid": start.params.get("TZID"),
            "rrule": rrule(event),
        })
    occurrences = []
    if len(sys.argv) == 4 and sys.argv[1] == "--between":
        import recurring_ical_events

        first, last = (datetime.date.fromisoformat(day) for day in sys.argv[2:4])
        for occurrence in recurring_ical_events.of(calendar).between(first, last):
            occurrences.append({
                "uid": str(occurrence["UID"]),
                "start": iso(occurrence["DTSTART"].dt),
                "end": iso(occurrence["DTEND"].dt),
            })
        occurrences.sort(key=lambda o: (o["uid"], o["start"]))
    json.dump({"events": events, "occurrences": occurrences}, sys.stdout, indent=1, ensure_ascii=False)


if __name__ == "__main__":
    main()
