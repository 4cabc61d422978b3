package io.streamscope.replay.lab;

import io.streamscope.sparktypes.Row;

import java.util.List;

/**
 * The target table of one way of writing, around a crash between the write and Spark's commit.
 *
 * @param write        how the function writes
 * @param afterCrash   the table when the query died (the batch was written, not committed)
 * @param afterRestart the table after Spark re-ran the batch on restart
 * @param duplicates   rows the table holds more than once after the restart
 * @param reason       why the table ends up so
 */
public record TableOutcome(Write write, List<Row> afterCrash, List<Row> afterRestart, List<Row> duplicates, String reason) {

    public TableOutcome {
        afterCrash = List.copyOf(afterCrash);
        afterRestart = List.copyOf(afterRestart);
        duplicates = List.copyOf(duplicates);
    }
}
