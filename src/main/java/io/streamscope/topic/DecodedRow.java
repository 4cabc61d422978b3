package io.streamscope.topic;

import io.streamscope.sparktypes.Row;
import io.streamscope.sparktypes.SparkType;

import java.util.Arrays;
import java.util.Objects;

/**
 * What {@code from_json(value, schema)} gives for one record in PERMISSIVE mode, and how it came about.
 *
 * @param row     the struct; null when from_json gives null (see {@link Outcome#NULL})
 * @param outcome how the value matched the schema
 * @param problem for {@code PARTIAL} and {@code MALFORMED}, the first reason (field and value); otherwise null
 */
public record DecodedRow(Row row, Outcome outcome, String problem) {

    public enum Outcome {
        /** Every field as the schema says (absent JSON keys are null, as in Spark). */
        PARSED,
        /** Some values did not match their type and are null; the rest is kept (Spark 3.4+ partial results). */
        PARTIAL,
        /** Not a JSON object (malformed JSON, an array, a scalar, {@code null}): every field is null. */
        MALFORMED,
        /** A null value (tombstone) or an empty/blank text: from_json gives a null struct. */
        NULL
    }

    /** The row as {@code select("o.*")} sees it: a null struct becomes a row of nulls. */
    public Row rowOrNulls(SparkType.Struct schema) {
        return row != null ? row : nulls(schema);
    }

    /** Whether every field is null (also for a null struct). */
    public boolean allNull() {
        return row == null || row.values().stream().allMatch(Objects::isNull);
    }

    static Row nulls(SparkType.Struct schema) {
        return new Row(schema, Arrays.asList(new Object[schema.size()]));
    }
}
