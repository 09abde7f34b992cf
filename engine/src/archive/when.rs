//! When a drill card is due, in words a player reads: in their local time, and how far off
//! ("in 10 minutes, at 14:35", "tomorrow at 09:00"), never a raw UTC stamp.

use super::drill::{Time, parse_time};
use chrono::{DateTime, Local, TimeZone};

/// When `due` (RFC 3339, as the archive keeps it) comes, seen at `now`, in the user's local
/// time: "now", "in 10 minutes, at 14:35", "in 3 hours, at 18:00", "tomorrow at 09:00",
/// "on Wed 16 Dec at 09:00 (in 9 days)". A text that is no time is given back as it is.
pub fn due_words(due: &str, now: Time) -> String {
    due_words_in(due, now, &Local)
}

/// [`due_words`] in the time zone `zone` (tests name one).
pub fn due_words_in<Z: TimeZone>(due: &str, now: Time, zone: &Z) -> String
where
    Z::Offset: std::fmt::Display,
{
    let Ok(due) = parse_time(due) else {
        return due.to_string();
    };
    // Due times are kept to the second and `now` is not: a minute's schedule reads 59.x s
    // off. To the nearest minute; under half a minute is now.
    let millis = (due - now).num_milliseconds();
    if millis < 30_000 {
        return "now".to_string();
    }
    let (at, today): (DateTime<Z>, DateTime<Z>) =
        (due.with_timezone(zone), now.with_timezone(zone));
    let clock = at.format("%H:%M");
    let minutes = (millis + 30_000) / 60_000;
    let days = (at.date_naive() - today.date_naive()).num_days();
    match (minutes, days) {
        (m, _) if m < 60 => format!("in {m} minute{}, at {clock}", plural(m)),
        (m, 0) => {
            let h = (m + 30) / 60;
            format!("in {h} hour{}, at {clock}", plural(h))
        }
        (_, 1) => format!("tomorrow at {clock}"),
        (_, d) if d < 7 => format!("on {} at {clock} (in {d} days)", at.format("%a %-d %b")),
        (_, d) => format!("on {} (in {d} days)", at.format("%a %-d %b %Y at %H:%M")),
    }
}

fn plural(n: i64) -> &'static str {
    if n == 1 { "" } else { "s" }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::{FixedOffset, Utc};

    fn at(text: &str) -> Time {
        parse_time(text).unwrap()
    }

    #[test]
    fn a_due_time_reads_in_local_time_and_in_words() {
        let now = at("2026-12-07T13:25:00Z");
        let utc = Utc;
        let words = |due: &str| due_words_in(due, now, &utc);
        assert_eq!(words("2026-12-07T13:25:00Z"), "now");
        assert_eq!(words("2026-12-07T13:25:20Z"), "now");
        // A minute's schedule kept to the second, seen from a time with its fraction.
        let later = now + chrono::Duration::milliseconds(900);
        assert_eq!(
            due_words_in("2026-12-07T13:26:00Z", later, &utc),
            "in 1 minute, at 13:26"
        );
        assert_eq!(words("2026-12-07T13:25:40Z"), "in 1 minute, at 13:25");
        assert_eq!(words("2026-12-07T12:00:00Z"), "now");
        assert_eq!(words("2026-12-07T13:26:00Z"), "in 1 minute, at 13:26");
        assert_eq!(words("2026-12-07T13:34:30Z"), "in 10 minutes, at 13:34");
        assert_eq!(words("2026-12-07T17:25:00Z"), "in 4 hours, at 17:25");
        assert_eq!(words("2026-12-08T09:00:00Z"), "tomorrow at 09:00");
        assert_eq!(
            words("2026-12-10T09:00:00Z"),
            "on Thu 10 Dec at 09:00 (in 3 days)"
        );
        assert_eq!(
            words("2027-01-20T09:00:00Z"),
            "on Wed 20 Jan 2027 at 09:00 (in 44 days)"
        );
        // Not a time: as it is.
        assert_eq!(words("soon"), "soon");
        // In the user's zone: 23:30 UTC is tomorrow in Berlin, and 00:30 there.
        let berlin = FixedOffset::east_opt(3600).unwrap();
        assert_eq!(
            due_words_in("2026-12-07T23:30:00Z", now, &berlin),
            "tomorrow at 00:30"
        );
        // Never a raw UTC stamp.
        assert!(!words("2026-12-08T09:00:00Z").contains('T'));
    }
}
