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

    /** An interval literal's value, months and days kept apart as Spark's {@code CalendarInterval} keeps them. */
    public static io.streamscope.sparktypes.Row.Interval interval(String text) {
        String[] words = text.trim().toLowerCase(Locale.ROOT).split("\\s+");
        if (words.length < 2 || words.length % 2 != 0) {
            throw new IllegalArgumentException("interval \"" + text + "\": expected numbers each with a unit");
        }
        int months = 0;
        int days = 0;
        long micros = 0;
        for (int i = 0; i < words.length; i += 2) {
            long amount;
            try {
                amount = Long.parseLong(words[i]);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("interval \"" + text + "\": \"" + words[i] + "\" is not a whole number");
            }
            String unit = words[i + 1].endsWith("s") ? words[i + 1].substring(0, words[i + 1].length() - 1) : words[i + 1];
            switch (unit) {
                case "year" -> months = Math.addExact(months, Math.toIntExact(amount * 12));
                case "month" -> months = Math.addExact(months, Math.toIntExact(amount));
                case "week" -> days = Math.addExact(days, Math.toIntExact(amount * 7));
                case "day" -> days = Math.addExact(days, Math.toIntExact(amount));
                case "microsecond" -> micros = Math.addExact(micros, amount);
                default -> micros = Math.addExact(micros, Math.multiplyExact(amount, unitMillis(unit, text) * 1000));
            }
        }
        return new io.streamscope.sparktypes.Row.Interval(months, days, micros);
    }
}
