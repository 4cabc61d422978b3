package io.streamscope.ui.state;

import io.streamscope.sparktypes.Row;
import io.streamscope.sparktypes.SparkJson;

import java.math.BigDecimal;

/**
 * The state table's column ids ({@code partition}, {@code change}, {@code family}, {@code index}, {@code key:window.start},
 * {@code value:sum}) and each row's sort value for one: numbers as numbers, times and text as their text (ISO times
 * sort as times), missing values first.
 */
final class StateColumnId {

    static final String PARTITION = "partition";
    static final String CHANGE = "change";
    static final String FAMILY = "family";
    static final String INDEX = "index";
    static final String KEY = "key:";
    static final String VALUE = "value:";

    private StateColumnId() {
    }

    static String key(String field) {
        return KEY + field;
    }

    static String value(String field) {
        return VALUE + field;
    }

    /**
     * The value of {@code field} (a flattened path such as {@code window.start}) in a decoded key or value; the whole
     * of it when it is no row, or {@code field} names the whole ({@code key} / {@code value}).
     */
    static Comparable<?> sortValue(Object decoded, String field, String whole) {
        Object value = decoded;
        if (decoded instanceof Row row && !(field.equals(whole) && row.schema().indexOf(whole) < 0)) {
            for (String part : field.split("\\.")) {
                if (!(value instanceof Row step) || step.schema().indexOf(part) < 0) {
                    return null;
                }
                value = step.get(part);
            }
        }
        return comparable(value);
    }

    static Comparable<?> comparable(Object value) {
        if (value == null) {
            return null;
        }
        if (value instanceof BigDecimal decimal) {
            return decimal;
        }
        if (value instanceof Number number) {
            double asDouble = number.doubleValue();
            return Double.isFinite(asDouble) ? new BigDecimal(number.toString()) : BigDecimal.valueOf(
                    Double.isNaN(asDouble) ? Double.MAX_VALUE : Math.copySign(Double.MAX_VALUE, asDouble));
        }
        if (value instanceof String text) {
            return text;
        }
        if (value instanceof Boolean flag) {
            return flag;
        }
        return SparkJson.text(value);
    }
}
