package io.streamscope.topic;

import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Spark's stringToTimestamp / stringToDate, on the forms its own DateTimeUtilsSuite exercises. */
class SparkDateTimeTest {

    private static final ZoneId UTC = ZoneOffset.UTC;
    private static final Clock CLOCK = Clock.fixed(Instant.parse("2026-01-22T12:00:00Z"), UTC);

    private static Optional<Instant> ts(String text, ZoneId zone) {
        return SparkDateTime.stringToTimestamp(text, zone, CLOCK).map(SparkDateTime::microsToInstant);
    }

    private static Optional<Instant> ts(String text) {
        return ts(text, UTC);
    }

    private static Optional<Instant> at(String iso) {
        return Optional.of(Instant.parse(iso));
    }

    @Test
    void isoFormsWithAndWithoutZoneAndFraction() {
        assertEquals(at("2026-01-22T09:01:00Z"), ts("2026-01-22T09:01:00Z"));
        assertEquals(at("2026-01-22T09:01:00Z"), ts("2026-01-22 09:01:00"));
        assertEquals(at("2026-01-22T08:01:00Z"), ts("2026-01-22T09:01:00+01:00"));
        assertEquals(at("2026-01-22T08:01:00Z"), ts("2026-01-22T09:01:00+0100"));
        assertEquals(at("2026-01-22T08:01:00Z"), ts("2026-01-22T09:01:00 +1:00"));
        assertEquals(at("2026-01-22T09:01:00.123Z"), ts("2026-01-22T09:01:00.123Z"));
        assertEquals(at("2026-01-22T09:01:00.123456Z"), ts("2026-01-22T09:01:00.123456789Z"));
        assertEquals(at("2026-01-22T09:01:00.100Z"), ts("2026-01-22T09:01:00.1"));
        assertEquals(at("2026-01-22T08:01:00Z"), ts("2026-01-22T09:01:00 Europe/Paris"));
        assertEquals(at("2026-01-22T09:01:00Z"), ts("2026-01-22T09:01:00UTC"));
        assertEquals(at("2026-01-22T07:01:00Z"), ts("2026-01-22T09:01:00GMT+02:00"));
        assertEquals(at("2026-01-22T09:01:00Z"), ts("  2026-01-22T09:01:00Z \n"));
    }

    @Test
    void shortFormsAndOneDigitFields() {
        assertEquals(at("2026-01-01T00:00:00Z"), ts("2026"));
        assertEquals(at("2026-03-01T00:00:00Z"), ts("2026-3"));
        assertEquals(at("2026-03-05T00:00:00Z"), ts("2026-3-5"));
        assertEquals(at("2026-01-22T09:05:00Z"), ts("2026-01-22T9:5"));
        assertEquals(at("2026-01-22T09:05:07Z"), ts("2026-01-22 9:5:7"));
    }

    @Test
    void sessionZoneAppliesOnlyWithoutAZoneInTheText() {
        ZoneId paris = ZoneId.of("Europe/Paris");
        assertEquals(at("2026-01-22T08:01:00Z"), ts("2026-01-22T09:01:00", paris));
        assertEquals(at("2026-01-22T09:01:00Z"), ts("2026-01-22T09:01:00Z", paris));
    }

    @Test
    void aTimeAloneTakesTodaysDate() {
        assertEquals(at("2026-01-22T09:01:00Z"), ts("09:01:00"));
        assertEquals(at("2026-01-22T09:01:00Z"), ts("T09:01:00"));
    }

    @Test
    void notTimestamps() {
        assertEquals(Optional.empty(), ts(""));
        assertEquals(Optional.empty(), ts("yesterday"));
        assertEquals(Optional.empty(), ts("2026-13-01"));
        assertEquals(Optional.empty(), ts("2026-02-30T00:00:00"));
        assertEquals(Optional.empty(), ts("2026-01-22T25:00:00"));
        assertEquals(Optional.empty(), ts("2026-01-22T09:01Z"));
        assertEquals(Optional.empty(), ts("26-01-22"));
        assertEquals(Optional.empty(), ts("2026-01-22T09:01:00 Mars/Olympus"));
        assertEquals(Optional.empty(), ts("2026/01/22"));
    }

    @Test
    void withoutTimeZone() {
        assertEquals(Optional.of(LocalDateTime.parse("2026-01-22T09:01:00.5")),
                SparkDateTime.stringToTimestampWithoutTimeZone("2026-01-22 09:01:00.5").map(SparkDateTime::microsToLocalDateTime));
        assertEquals(Optional.empty(), SparkDateTime.stringToTimestampWithoutTimeZone("2026-01-22T09:01:00Z"));
        assertEquals(Optional.empty(), SparkDateTime.stringToTimestampWithoutTimeZone("09:01:00"));
    }

    @Test
    void dates() {
        assertEquals(Optional.of((int) LocalDate.parse("2026-01-22").toEpochDay()), SparkDateTime.stringToDate("2026-01-22"));
        assertEquals(Optional.of((int) LocalDate.parse("2026-01-22").toEpochDay()), SparkDateTime.stringToDate("2026-1-22T10:00"));
        assertEquals(Optional.of((int) LocalDate.parse("2026-01-22").toEpochDay()), SparkDateTime.stringToDate("2026-01-22 anything"));
        assertEquals(Optional.of((int) LocalDate.parse("2026-02-01").toEpochDay()), SparkDateTime.stringToDate("2026-02"));
        assertEquals(Optional.empty(), SparkDateTime.stringToDate("2026-02x"));
        assertEquals(Optional.empty(), SparkDateTime.stringToDate("2026-02-30"));
        assertEquals(Optional.empty(), SparkDateTime.stringToDate("22/01/2026"));
    }

    @Test
    void zoneIdsInSparksOldForms() {
        assertEquals(ZoneOffset.ofHours(1), SparkDateTime.zoneId("+1:00"));
        assertEquals(ZoneOffset.ofHoursMinutes(1, 5), SparkDateTime.zoneId("+01:5"));
        assertEquals(ZoneId.of("America/Los_Angeles"), SparkDateTime.zoneId("PST"));
    }
}
