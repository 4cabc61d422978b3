package io.streamscope.replay.plan;

import io.streamscope.sparktypes.Row;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;

/**
 * {@code timestamp ± interval} as Spark's {@code TimeAdd} computes it: months and days on the calendar (in UTC, the
 * samples' session time zone), then the microseconds; null in, null out.
 */
final class TimeArithmetic {

    private TimeArithmetic() {
    }

    static Instant add(Instant time, Row.Interval interval, int sign) {
        if (time == null || interval == null) {
            return null;
        }
        Instant result = time;
        if (interval.months() != 0 || interval.days() != 0) {
            result = result.atZone(ZoneOffset.UTC).plusMonths((long) sign * interval.months())
                    .plusDays((long) sign * interval.days()).toInstant();
        }
        return result.plus(sign * interval.microseconds(), ChronoUnit.MICROS);
    }
}
