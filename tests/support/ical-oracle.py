# An independent expansion oracle: python's icalendar + recurring-ical-events (dateutil).
#   ical-oracle.py FILE FROM TO            → [[uid, start]] of timed, zoned occurrences
#   ical-oracle.py FILE FROM TO ZONE       → [[uid, start, end]] of every occurrence: floating
#       times read in ZONE (fold=0: a repeated hour is its first occurrence, a skipped one
#       takes the offset before the gap, RFC 5545), all-day ones as dates (YYYY-MM-DD).
# Events the library cannot expand are skipped one UID at a time, like Sage does.
import sys, json, datetime, icalendar, recurring_ical_events
from zoneinfo import ZoneInfo

cal = icalendar.Calendar.from_ical(open(sys.argv[1], 'rb').read())
start = datetime.datetime.fromisoformat(sys.argv[2].replace('Z', '+00:00'))
end = datetime.datetime.fromisoformat(sys.argv[3].replace('Z', '+00:00'))
zone = ZoneInfo(sys.argv[4]) if len(sys.argv) > 4 else None
UTC = datetime.timezone.utc

def utc(d):
    if d.tzinfo is None:
        d = d.replace(tzinfo=zone, fold=0)
    return d.astimezone(UTC).strftime('%Y-%m-%dT%H:%M:%SZ')

def occurrences(calendar):
    try:
        return list(recurring_ical_events.of(calendar).between(start, end))
    except Exception:
        if len(calendar.walk('VEVENT')) <= 1:
            return []
        out = []
        for uid in {str(e.get('UID')) for e in calendar.walk('VEVENT')}:
            one = icalendar.Calendar()
            for c in calendar.subcomponents:
                if c.name == 'VTIMEZONE' or (c.name == 'VEVENT' and str(c.get('UID')) == uid):
                    one.add_component(c)
            out.extend(occurrences(one))
        return out

out = []
for e in occurrences(cal):
    if str(e.get('STATUS', '')).upper() == 'CANCELLED':
        continue
    s = e['DTSTART'].dt
    if zone is None:
        if isinstance(s, datetime.datetime) and s.tzinfo is not None:
            out.append([str(e['UID']), utc(s)])
        continue
    f = e['DTEND'].dt if 'DTEND' in e else s
    if isinstance(s, datetime.datetime):
        out.append([str(e['UID']), utc(s), utc(f)])
    else:
        out.append([str(e['UID']), s.isoformat(), f.isoformat()])
print(json.dumps(sorted(out)))
