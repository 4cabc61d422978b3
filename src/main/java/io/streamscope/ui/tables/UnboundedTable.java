package io.streamscope.ui.tables;

import io.streamscope.replay.BatchStep;
import io.streamscope.replay.Replay;
import io.streamscope.replay.DroppedRow;
import io.streamscope.replay.JobInput;
import io.streamscope.sparktypes.Row;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.LongFunction;
import java.util.function.LongSupplier;

/**
 * A table that grows batch by batch as the selected batch moves: the rows of every batch up to the selected one,
 * oldest first, which rows of a batch being up to its {@link Rows} (the unbounded input table: {@link #inputRows};
 * the append-mode result table: {@link #SINK_ROWS}). Moving to another batch of the same replay only adds the rows of
 * the batches passed going forward, or drops those of the batches left behind going back, whatever the distance; a
 * new replay starts over. Each move is a {@link Change} for the view to apply. No JavaFX.
 */
public final class UnboundedTable {

    /**
     * How the rows on show become the selected batch's: keep the first {@code keep}, drop the rest, add {@code added}
     * at the bottom. {@code rebuilt}: the rows are those of a new replay (nothing of the old one is kept). Rows that
     * mark the selected batch's own ({@link #SINK_ROWS}) read it when drawn, so a move also moves their mark.
     */
    public record Change(int keep, List<ShownRow> added, boolean rebuilt) {

        public Change {
            added = List.copyOf(added);
        }
    }

    /** Which rows of a batch the table shows, and how each is drawn. */
    public interface Rows {

        /** How many rows {@code step} adds to the table. */
        int count(BatchStep step);

        /**
         * Adds {@code step}'s {@link #count} rows to {@code into}, the first with a divider above it.
         *
         * @param selected the batch selected whenever a row is drawn (for rows that mark the selected batch's own)
         */
        void add(BatchStep step, LongSupplier selected, List<ShownRow> into);
    }

    /**
     * Append mode's result table: what the sink received, every batch up to the selected one; the selected batch's
     * own rows are marked {@code added}, the mark moving with the selection.
     */
    public static final Rows SINK_ROWS = new Rows() {
        @Override
        public int count(BatchStep step) {
            return step.sinkRows().size();
        }

        @Override
        public void add(BatchStep step, LongSupplier selected, List<ShownRow> into) {
            List<Row> sink = step.sinkRows();
            for (int j = 0; j < sink.size(); j++) {
                Row row = sink.get(j);
                into.add(ShownRow.lazy(() -> TableRows.texts(row), step.batchId(), j == 0, selected));
            }
        }
    };

    /**
     * The unbounded input table: every input row, led by its record's partition and offset.
     *
     * @param coordinates where each input row of a batch came from, in row order (empty when unknown)
     */
    public static Rows inputRows(LongFunction<List<JobInput.Coordinates>> coordinates) {
        return inputRows(coordinates, false);
    }

    /**
     * The unbounded input table: every input row, led by its record's topic (when {@code withTopic}: several sources),
     * partition and offset; the rows a stateful operator dropped ({@link BatchStep#dropped()}) say so.
     */
    public static Rows inputRows(LongFunction<List<JobInput.Coordinates>> coordinates, boolean withTopic) {
        return new Rows() {
            @Override
            public int count(BatchStep step) {
                return step.inputRows().size();
            }

            @Override
            public void add(BatchStep step, LongSupplier selected, List<ShownRow> into) {
                List<Row> input = step.inputRows();
                List<JobInput.Coordinates> where = coordinates.apply(step.batchId());
                boolean known = where.size() == input.size();
                DroppedRow[] dropped = new DroppedRow[input.size()];
                for (DroppedRow row : step.dropped()) {
                    if (row.inputIndex() >= 0 && row.inputIndex() < dropped.length) {
                        dropped[row.inputIndex()] = row;
                    }
                }
                for (int j = 0; j < input.size(); j++) {
                    Row row = input.get(j);
                    JobInput.Coordinates at = known ? where.get(j) : null;
                    into.add(ShownRow.input(() -> TableRows.inputCells(row, at, withTopic), step.batchId(), j == 0,
                            dropped[j]));
                }
            }
        };
    }

    /** The batch selected, as the rows of one replay read it; a new replay gets its own. */
    private static final class Selection implements LongSupplier {
        private long batchId = -1;

        @Override
        public long getAsLong() {
            return batchId;
        }
    }

    private Replay replay;
    private Rows rows;
    private Selection selection = new Selection();
    private long[] batchIds = new long[0];
    /** {@code rowsBefore[i]}: how many rows the steps before step {@code i} have; one more entry than steps. */
    private int[] rowsBefore = {0};
    private int shownSteps;

    /**
     * Moves to {@code batchId} of {@code replay}: the rows of every step up to it. A replay other than the one on show
     * (another run: a query, mode, checkpoint or topic changed) rebuilds the rows.
     *
     * @param rows which rows of a step to show; taken on a rebuild only (a replay shows the same rows throughout)
     */
    public Change select(Replay replay, Rows rows, long batchId) {
        boolean rebuilt = replay != this.replay;
        if (rebuilt) {
            index(replay, rows);
        }
        selection.batchId = batchId;
        int from = rebuilt ? 0 : shownSteps;
        int to = stepsUpTo(batchId);
        shownSteps = to;
        if (to <= from) {
            return new Change(rowsBefore[to], List.of(), rebuilt);
        }
        return new Change(rowsBefore[from], rowsOf(from, to), rebuilt);
    }

    /** Forgets the replay: the next {@link #select} rebuilds. */
    public void clear() {
        replay = null;
        rows = null;
        selection = new Selection();
        batchIds = new long[0];
        rowsBefore = new int[] {0};
        shownSteps = 0;
    }

    /** How many rows are on show after the last change. */
    public int size() {
        return rowsBefore[shownSteps];
    }

    private void index(Replay replay, Rows rows) {
        this.replay = replay;
        this.rows = rows;
        selection = new Selection(); // the old replay's rows keep their marks
        List<BatchStep> steps = replay.steps();
        batchIds = new long[steps.size()];
        rowsBefore = new int[steps.size() + 1];
        for (int i = 0; i < steps.size(); i++) {
            batchIds[i] = steps.get(i).batchId();
            rowsBefore[i + 1] = rowsBefore[i] + rows.count(steps.get(i));
        }
        shownSteps = 0;
    }

    /** How many steps have an id up to {@code batchId} (the steps are in id order). */
    private int stepsUpTo(long batchId) {
        int found = Arrays.binarySearch(batchIds, batchId);
        return found >= 0 ? found + 1 : -found - 1;
    }

    /** The rows of steps {@code from} (inclusive) to {@code to} (exclusive); their texts are made when drawn. */
    private List<ShownRow> rowsOf(int from, int to) {
        List<ShownRow> added = new ArrayList<>(rowsBefore[to] - rowsBefore[from]);
        for (int i = from; i < to; i++) {
            rows.add(replay.steps().get(i), selection, added);
        }
        return added;
    }
}
