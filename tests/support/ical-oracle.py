import sys, json, datetime, icalendar, recurring_ical_events
from dateutil import tz
cal = icalendar.Calendar.from_ical(open(sys.argv[1], 'rb').read())
start = datetime.datetime.fromisoformat(sys.argv[2].replace('Z', '+00:00'))
end = datetime.datetime.fromisoformat(sys.argv[3].replace('Z', '+00:00'))
out = []
for e in recurring_ical_events.of(cal).between(start, end):
    s = e['DTSTART'].dt
    if not isinstance(s, datetime.datetime):
        continue
    if s.tzinfo is None:
        continue
    if str(e.get('STATUS', '')).upper() == 'CANCELLED':
        continue
    out.append([str(e['UID']), s.astimezone(datetime.timezone.utc).strftime('%Y-%m-%dT%H:%M:%SZ')])
print(json.dumps(sorted(out)))
