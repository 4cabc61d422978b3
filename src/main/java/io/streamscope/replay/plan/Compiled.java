package io.streamscope.replay.plan;

import io.streamscope.sparktypes.Row;
import io.streamscope.sparktypes.SparkType;

/** An expression bound to an input schema: its Spark type and how it computes a value from a row. */
public interface Compiled {

    SparkType type();

    /** The value for {@code row}, in the {@link Row} value model; null for SQL NULL. */
    Object eval(Row row);

    static Compiled of(SparkType type, java.util.function.Function<Row, Object> eval) {
        return new Compiled() {
            @Override
            public SparkType type() {
                return type;
            }

            @Override
            public Object eval(Row row) {
                return eval.apply(row);
            }
        };
    }
}
