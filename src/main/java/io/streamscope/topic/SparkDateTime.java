package io.streamscope.topic;

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Spark's lenient date and timestamp string parsing ({@code SparkDateTimeUtils.stringToTimestamp},
 * {@code stringToTimestampWithoutTimeZone}, {@code stringToDate}, {@code getZoneId}), which is what from_json uses
 * when no {@code timestampFormat}/{@code dateFormat} option is given (Spark 3.3+, non-legacy parser policy). The
 * algorithm follows Spark's byte by byte, so edge cases (one-digit months, a space or {@code T} between date and
 * time, up to 6 fraction digits kept and the rest cut, zone ids such as {@code Z}, {@code +01:00}, {@code UTC},
 * {@code GMT+1}, {@code Europe/Paris}) come out the same.
 */
final class SparkDateTime {

    static final long MICROS_PER_SECOND = 1_000_000L;

    private static final Pattern SINGLE_HOUR_TZ = Pattern.compile("(\\+|\\-)(\\d):");
    private static final Pattern SINGLE_MINUTE_TZ = Pattern.compile("(\\+|\\-)(\\d\\d):(\\d)$");

    private SparkDateTime() {
    }

    /** Microseconds since the epoch, or empty when Spark would not parse {@code text}. */
    static Optional<Long> stringToTimestamp(String text, ZoneId sessionZone, Clock clock) {
        try {
            Parsed parsed = parseTimestampString(text.getBytes(StandardCharsets.UTF_8));
            if (parsed == null) {
                return Optional.empty();
            }
            ZoneId zone = parsed.zone != null ? parsed.zone : sessionZone;
            LocalTime time = LocalTime.of(parsed.segments[3], parsed.segments[4], parsed.segments[5],
                    Math.toIntExact(parsed.segments[6] * 1000L));
            // Spark takes today's date for a time without a date; the clock keeps that deterministic here.
            LocalDate date = parsed.justTime ? LocalDate.now(clock.withZone(zone))
                    : LocalDate.of(parsed.segments[0], parsed.segments[1], parsed.segments[2]);
            LocalDateTime local = LocalDateTime.of(date, time);
            // A fixed offset needs no zone rules (ZoneOffset.getRules() builds a new ZoneRules at each call).
            Instant instant = zone instanceof ZoneOffset offset ? local.toInstant(offset)
                    : ZonedDateTime.of(local, zone).toInstant();
            return Optional.of(instantToMicros(instant));
        } catch (DateTimeException | ArithmeticException e) {
            return Optional.empty();
        }
    }

    /** Microseconds of a wall-clock time taken as UTC, or empty (also when the text names a zone). */
    static Optional<Long> stringToTimestampWithoutTimeZone(String text) {
        try {
            Parsed parsed = parseTimestampString(text.getBytes(StandardCharsets.UTF_8));
            if (parsed == null || parsed.justTime || parsed.zone != null) {
                return Optional.empty();
            }
            LocalDateTime local = LocalDateTime.of(LocalDate.of(parsed.segments[0], parsed.segments[1], parsed.segments[2]),
                    LocalTime.of(parsed.segments[3], parsed.segments[4], parsed.segments[5],
                            Math.toIntExact(parsed.segments[6] * 1000L)));
            return Optional.of(instantToMicros(local.toInstant(ZoneOffset.UTC)));
        } catch (DateTimeException | ArithmeticException e) {
            return Optional.empty();
        }
    }

    /** Days since the epoch, or empty. Accepts {@code [+-]yyyy*[-[m]m[-[d]d[( |T)*]]]}. */
    static Optional<Integer> stringToDate(String text) {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        int[] segments = {1, 1, 1};
        int sign = 1;
        int i = 0;
        int value = 0;
        int digits = 0;
        int j = trimmedStart(bytes);
        int end = trimmedEnd(j, bytes);
        if (j == end) {
            return Optional.empty();
        }
        if (bytes[j] == '-' || bytes[j] == '+') {
            sign = bytes[j] == '-' ? -1 : 1;
            j++;
        }
        while (j < end && i < 3 && !(bytes[j] == ' ' || bytes[j] == 'T')) {
            byte b = bytes[j];
            if (i < 2 && b == '-') {
                if (!validDateDigits(i, digits)) {
                    return Optional.empty();
                }
                segments[i] = value;
                value = 0;
                digits = 0;
                i++;
            } else {
                int parsed = b - '0';
                if (parsed < 0 || parsed > 9) {
                    return Optional.empty();
                }
                value = value * 10 + parsed;
                digits++;
            }
            j++;
        }
        if (!validDateDigits(i, digits)) {
            return Optional.empty();
        }
        if (i < 2 && j < end) {
            return Optional.empty();
        }
        segments[i] = value;
        try {
            return Optional.of(Math.toIntExact(LocalDate.of(sign * segments[0], segments[1], segments[2]).toEpochDay()));
        } catch (DateTimeException | ArithmeticException e) {
            return Optional.empty();
        }
    }

    private static boolean validDateDigits(int segment, int digits) {
        return (segment == 0 && digits >= 4 && digits <= 7) || (segment != 0 && digits > 0 && digits <= 2);
    }

    /** Spark's legacy fallback: {@code cleanLegacyTimestampStr} drops every "GMT". */
    static String cleanLegacy(String text) {
        return text.replace("GMT", "");
    }

    static Instant microsToInstant(long micros) {
        long seconds = Math.floorDiv(micros, MICROS_PER_SECOND);
        return Instant.ofEpochSecond(seconds, (micros - seconds * MICROS_PER_SECOND) * 1000L);
    }

    static LocalDateTime microsToLocalDateTime(long micros) {
        return LocalDateTime.ofInstant(microsToInstant(micros), ZoneOffset.UTC);
    }

    static long instantToMicros(Instant instant) {
        long seconds = instant.getEpochSecond();
        long nanos = instant.getNano();
        if (seconds < 0 && nanos > 0) {
            return Math.addExact(Math.multiplyExact(seconds + 1, MICROS_PER_SECOND), nanos / 1000 - MICROS_PER_SECOND);
        }
        return Math.addExact(Math.multiplyExact(seconds, MICROS_PER_SECOND), nanos / 1000);
    }

    /** Spark's {@code getZoneId}: also accepts the pre-3.0 forms {@code +h:mm} and {@code +hh:m}. */
    static ZoneId zoneId(String id) {
        if (id.equals("Z")) {
            return ZoneOffset.UTC; // what ZoneId.of gives for it, without the two pattern matches per timestamp
        }
        String formatted = SINGLE_HOUR_TZ.matcher(id).replaceFirst("$10$2:");
        formatted = SINGLE_MINUTE_TZ.matcher(formatted).replaceFirst("$1$2:0$3");
        return ZoneId.of(formatted, ZoneId.SHORT_IDS);
    }

    private static final class Parsed {
        final int[] segments;
        final ZoneId zone;
        final boolean justTime;

        Parsed(int[] segments, ZoneId zone, boolean justTime) {
            this.segments = segments;
            this.zone = zone;
            this.justTime = justTime;
        }
    }

    private static boolean validTimestampDigits(int segment, int digits) {
        return segment == 6 || (segment == 0 && digits >= 4 && digits <= 6) || (segment == 7 && digits <= 2)
                || (segment != 0 && segment != 6 && segment != 7 && digits > 0 && digits <= 2);
    }

    /** Spark's {@code parseTimestampString}; null where Spark returns empty segments. */
    private static Parsed parseTimestampString(byte[] bytes) {
        String tz = null;
        int[] segments = {1, 1, 1, 0, 0, 0, 0, 0, 0};
        int i = 0;
        int value = 0;
        int digits = 0;
        int j = trimmedStart(bytes);
        int end = trimmedEnd(j, bytes);
        if (j == end) {
            return null;
        }
        int digitsMilli = 0;
        boolean justTime = false;
        Integer yearSign = null;
        if (bytes[j] == '-' || bytes[j] == '+') {
            yearSign = bytes[j] == '-' ? -1 : 1;
            j++;
        }
        while (j < end) {
            byte b = bytes[j];
            int parsed = b - '0';
            if (parsed < 0 || parsed > 9) {
                if (j == 0 && b == 'T') {
                    justTime = true;
                    i += 3;
                } else if (i < 2) {
                    if (b == '-') {
                        if (!validTimestampDigits(i, digits)) {
                            return null;
                        }
                        segments[i] = value;
                        value = 0;
                        digits = 0;
                        i++;
                    } else if (i == 0 && b == ':' && yearSign == null) {
                        justTime = true;
                        if (!validTimestampDigits(3, digits)) {
                            return null;
                        }
                        segments[3] = value;
                        value = 0;
                        digits = 0;
                        i = 4;
                    } else {
                        return null;
                    }
                } else if (i == 2) {
                    if (b == ' ' || b == 'T') {
                        if (!validTimestampDigits(i, digits)) {
                            return null;
                        }
                        segments[i] = value;
                        value = 0;
                        digits = 0;
                        i++;
                    } else {
                        return null;
                    }
                } else if (i == 3 || i == 4) {
                    if (b == ':') {
                        if (!validTimestampDigits(i, digits)) {
                            return null;
                        }
                        segments[i] = value;
                        value = 0;
                        digits = 0;
                        i++;
                    } else {
                        return null;
                    }
                } else if (i == 5 || i == 6) {
                    if (b == '.' && i == 5) {
                        if (!validTimestampDigits(i, digits)) {
                            return null;
                        }
                        segments[i] = value;
                        value = 0;
                        digits = 0;
                        i++;
                    } else {
                        if (!validTimestampDigits(i, digits)) {
                            return null;
                        }
                        segments[i] = value;
                        value = 0;
                        digits = 0;
                        i++;
                        tz = new String(bytes, j, end - j, StandardCharsets.UTF_8);
                        j = end - 1;
                    }
                    if (i == 6 && b != '.') {
                        i++;
                    }
                } else {
                    if (i < segments.length && (b == ':' || b == ' ')) {
                        if (!validTimestampDigits(i, digits)) {
                            return null;
                        }
                        segments[i] = value;
                        value = 0;
                        digits = 0;
                        i++;
                    } else {
                        return null;
                    }
                }
            } else {
                if (i == 6) {
                    digitsMilli++;
                }
                // Fraction digits past the sixth are dropped, as Spark does.
                if (i != 6 || digits < 6) {
                    value = value * 10 + parsed;
                }
                digits++;
            }
            j++;
        }
        if (!validTimestampDigits(i, digits)) {
            return null;
        }
        segments[i] = value;
        while (digitsMilli < 6) {
            segments[6] *= 10;
            digitsMilli++;
        }
        ZoneId zone = tz == null ? null : zoneId(tz.trim());
        segments[0] *= yearSign == null ? 1 : yearSign;
        return new Parsed(segments, zone, justTime);
    }

    private static int trimmedStart(byte[] bytes) {
        int start = 0;
        while (start < bytes.length && whitespaceOrControl(bytes[start])) {
            start++;
        }
        return start;
    }

    private static int trimmedEnd(int start, byte[] bytes) {
        int end = bytes.length - 1;
        while (end > start && whitespaceOrControl(bytes[end])) {
            end--;
        }
        return end + 1;
    }

    private static boolean whitespaceOrControl(byte b) {
        return Character.isWhitespace(b) || Character.isISOControl(b);
    }
}
