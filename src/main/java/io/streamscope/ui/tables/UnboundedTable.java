package io.streamscope.ui.tables;

import io.streamscope.replay.BatchStep;
import io.streamscope.replay.Replay;
import io.streamscope.replay.TopicInput;
import io.streamscope.sql.Row;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.LongFunction;

/**
 * The unbounded input table as the selected batch moves: every input row of the batches up to the selected one,
 * oldest first, each led by its record's partition and offset. Moving to another batch of the same replay only adds
 * the rows of the batches passed going forward, or drops those of the batches left behind going back, whatever the
 * distance; a new replay starts over. Each move is a {@link Change} for the view to apply. No JavaFX.
 */
public final class UnboundedTable {

    /**
     * How the rows on show become the selected batch's: keep the first {@code keep}, drop the rest, add {@code added}
     * at the bottom. {@code rebuilt}: the rows are those of a new replay (nothing of the old one is kept).
     */
    public record Change(int keep, List<ShownRow> added, boolean rebuilt) {

        public Change {
            added = List.copyOf(added);
        }
    }

    private Replay replay;
    private LongFunction<List<TopicInput.Coordinates>> coordinates;
    private long[] batchIds = new long[0];
    /** {@code rowsBefore[i]}: how many input rows the steps before step {@code i} have; one more entry than steps. */
    private int[] rowsBefore = {0};
    private int shownSteps;

    /**
     * Moves to {@code batchId} of {@code replay}: the rows of every step up to it. A replay other than the one on show
     * (another run: a query, mode, checkpoint or topic changed) rebuilds the rows.
     *
     * @param coordinates where each input row of a batch came from, in row order (empty when unknown)
     */
    public Change select(Replay replay, LongFunction<List<TopicInput.Coordinates>> coordinates, long batchId) {
        boolean rebuilt = replay != this.replay;
        if (rebuilt) {
            index(replay, coordinates);
        }
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
        coordinates = null;
        batchIds = new long[0];
        rowsBefore = new int[] {0};
        shownSteps = 0;
    }

    /** How many rows are on show after the last change. */
    public int size() {
        return rowsBefore[shownSteps];
    }

    private void index(Replay replay, LongFunction<List<TopicInput.Coordinates>> coordinates) {
        this.replay = replay;
        this.coordinates = coordinates;
        List<BatchStep> steps = replay.steps();
        batchIds = new long[steps.size()];
        rowsBefore = new int[steps.size() + 1];
        for (int i = 0; i < steps.size(); i++) {
            batchIds[i] = steps.get(i).batchId();
            rowsBefore[i + 1] = rowsBefore[i] + steps.get(i).inputRows().size();
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
        List<ShownRow> rows = new ArrayList<>(rowsBefore[to] - rowsBefore[from]);
        for (int i = from; i < to; i++) {
            BatchStep step = replay.steps().get(i);
            List<Row> input = step.inputRows();
            List<TopicInput.Coordinates> where = coordinates.apply(step.batchId());
            boolean known = where.size() == input.size();
            for (int j = 0; j < input.size(); j++) {
                Row row = input.get(j);
                TopicInput.Coordinates at = known ? where.get(j) : null;
                rows.add(ShownRow.lazy(() -> TableRows.inputCells(row, at), step.batchId(), j == 0));
            }
        }
        return rows;
    }
}
