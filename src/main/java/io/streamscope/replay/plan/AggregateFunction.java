package io.streamscope.replay.plan;

import io.streamscope.sparktypes.SparkType;

import java.util.List;

/**
 * One aggregate as Spark computes it incrementally: an aggregation buffer (the value Spark keeps in the state store,
 * with Spark's field names), updated row by row, and the result computed from it.
 */
public interface AggregateFunction {

    SparkType resultType();

    /** The buffer's fields as Spark names them in the state store's value schema ({@code sum}, {@code isEmpty}…). */
    List<SparkType.Field> bufferFields();

    Object[] initialBuffer();

    /** Adds one input value (null when the argument is NULL). */
    void update(Object[] buffer, Object input);

    Object result(Object[] buffer);

    /** Adds another buffer of the same function into {@code into}, as Spark's merge of partial aggregates does. */
    void merge(Object[] into, Object[] other);

    /**
     * The function {@code name} over an argument of type {@code input}.
     *
     * @throws IllegalArgumentException with Spark's reason when the type does not fit
     */
    static AggregateFunction of(String name, SparkType input, boolean ansi) {
        return switch (name) {
            case "sum" -> new Sum(input, ansi);
            case "count" -> new Count();
            case "avg", "mean" -> new Average(input, ansi);
            case "min", "max" -> new MinMax(name, input);
            default -> throw new IllegalArgumentException("unknown aggregate " + name);
        };
    }
}
