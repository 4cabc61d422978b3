package io.streamscope.replay;

import io.streamscope.checkpoint.Batch;
import io.streamscope.sparktypes.Row;
import io.streamscope.sparktypes.SparkType;

import java.util.List;

/**
 * The stream a query reads: the checkpoint's source records decoded like
 * {@code select(from_json(col("value").cast("string"), schema).alias("o")).select("o.*")}, value columns only.
 */
public interface InputSource {

    /** The value columns, i.e. the schema given to {@code from_json}. */
    SparkType.Struct schema();

    /** The rows batch {@code batch} read: its offset ranges, in partition then offset order. */
    List<Row> rowsOf(Batch batch) throws InputException;

    /** The records of a batch cannot be read (missing from the topic, unreachable broker, unknown offsets). */
    final class InputException extends Exception {
        public InputException(String message) {
            super(message);
        }

        public InputException(String message, Throwable cause) {
            super(message, cause);
        }
    }
}
