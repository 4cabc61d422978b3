package io.streamscope.replay.query;

import java.math.BigDecimal;
import java.util.Locale;

/**
 * Interval strings as {@code withWatermark} and {@code window} take them: {@code "10 minutes"},
 * {@code "1 hour 30 minutes"}, {@code "interval 5 seconds"}. A month counts 31 days, as in Spark's watermark delay.
 */
public final class Durations {

    private static final long SECOND = 1000;
    private static final long DAY = 86_400 * SECOND;

    private Durations() {
    }

    /** The interval in milliseconds; throws {@link IllegalArgumentException} with what is wrong. */
    public static long parseMillis(String text) {
        String[] words = text.trim().toLowerCase(Locale.ROOT).split("\\s+");
        int i = words.length > 0 && words[0].equals("interval") ? 1 : 0;
        if (i >= words.length || words[i].isEmpty()) {
            throw new IllegalArgumentException("empty interval \"" + text + "\"");
        }
        BigDecimal total = BigDecimal.ZERO;
        while (i < words.length) {
            if (i + 1 >= words.length) {
                throw new IllegalArgumentException("interval \"" + text + "\" has a number without a unit");
            }
            BigDecimal amount;
            try {
                amount = new BigDecimal(words[i]);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("interval \"" + text + "\": \"" + words[i] + "\" is not a number");
            }
            total = total.add(amount.multiply(BigDecimal.valueOf(unitMillis(words[i + 1], text))));
            i += 2;
        }
        return total.longValue();
    }

    private static long unitMillis(String unit, String text) {
        String singular = unit.endsWith("s") && unit.length() > 1 ? unit.substring(0, unit.length() - 1) : unit;
        return switch (singular) {
            case "year" -> 12 * 31 * DAY;
            case "month" -> 31 * DAY;
            case "week" -> 7 * DAY;
            case "day" -> DAY;
            case "hour" -> 3600 * SECOND;
            case "minute" -> 60 * SECOND;
            case "second" -> SECOND;
            case "millisecond" -> 1;
            default -> throw new IllegalArgumentException("interval \"" + text + "\": unknown unit \"" + unit + "\"");
        };
    }
}
