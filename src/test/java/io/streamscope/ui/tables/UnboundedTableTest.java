package io.streamscope.ui.tables;

import io.streamscope.replay.BatchStep;
import io.streamscope.replay.OutputMode;
import io.streamscope.replay.Replay;
import io.streamscope.replay.JobInput;
import io.streamscope.sparktypes.Row;
import io.streamscope.sparktypes.SparkType;
import io.streamscope.topic.DdlParser;
import io.streamscope.topic.SchemaException;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.LongFunction;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

class UnboundedTableTest {

    private static final SparkType.Struct SCHEMA = schema();
    /** Input rows per batch 0–5; batches 1 and 4 read nothing. */
    private static final int[] ROWS = {2, 0, 3, 1, 0, 2};
    /** Rows each batch 0–5 appends to the sink; batches 2 and 4 append nothing. */
    private static final int[] SINK = {1, 2, 0, 3, 0, 1};

    private final Replay replay = replay();
    private final UnboundedTable table = new UnboundedTable();
    /** What the view shows: every change applied as the view applies it. */
    private final List<ShownRow> shown = new ArrayList<>();
    private final List<Long> coordinatesAsked = new ArrayList<>();

    private UnboundedTable.Change select(Replay of, long batchId) {
        return apply(table.select(of, UnboundedTable.inputRows(this::coordinates), batchId));
    }

    private UnboundedTable.Change apply(UnboundedTable.Change change) {
        if (change.rebuilt()) {
            assertEquals(0, change.keep(), "a rebuild keeps nothing");
            shown.clear();
        }
        assertTrue(change.keep() <= shown.size(), change.keep() + " kept of " + shown.size());
        shown.subList(change.keep(), shown.size()).clear();
        shown.addAll(change.added());
        assertEquals(shown.size(), table.size());
        return change;
    }

    private List<JobInput.Coordinates> coordinates(long batchId) {
        coordinatesAsked.add(batchId);
        List<JobInput.Coordinates> where = new ArrayList<>();
        for (int i = 0; i < ROWS[(int) batchId]; i++) {
            where.add(new JobInput.Coordinates("orders", (int) batchId % 2, offset(batchId, i)));
        }
        return where;
    }

    /** The rows on show are exactly those of batches 0–{@code batchId}, in order, as a fresh table builds them. */
    private void assertShowsUpTo(long batchId) {
        List<String> expected = new ArrayList<>();
        List<Boolean> starts = new ArrayList<>();
        for (int batch = 0; batch <= batchId && batch < ROWS.length; batch++) {
            for (int i = 0; i < ROWS[batch]; i++) {
                expected.add(batch + ":" + (batch % 2) + ":" + offset(batch, i) + ":" + (1000 + offset(batch, i)));
                starts.add(i == 0);
            }
        }
        assertEquals(expected, shown.stream().map(r -> r.batchId() + ":" + r.cell(0) + ":" + r.cell(1) + ":" + r.cell(2))
                .toList(), "batch, partition, offset, order_id of every row up to batch " + batchId);
        assertEquals(starts, shown.stream().map(ShownRow::batchStart).toList(), "a divider where each batch begins");
    }

    @Test
    void theFirstSelectionBuildsTheRowsUpToTheBatch() {
        UnboundedTable.Change change = select(replay, 2);
        assertTrue(change.rebuilt());
        assertEquals(5, change.added().size());
        assertShowsUpTo(2);
        assertEquals("1", shown.get(0).cell(3), "customer_id, after partition, offset and order_id");
    }

    @Test
    void steppingForwardAddsOnlyTheNewBatchsRows() {
        select(replay, 2);
        coordinatesAsked.clear();

        UnboundedTable.Change change = select(replay, 3);

        assertFalse(change.rebuilt());
        assertEquals(5, change.keep(), "every row on show stays");
        assertEquals(List.of(3L), change.added().stream().map(ShownRow::batchId).toList());
        assertEquals(List.of(3L), coordinatesAsked, "only batch 3's rows are looked at");
        assertShowsUpTo(3);
    }

    @Test
    void steppingBackDropsOnlyTheRowsOfTheBatchLeft() {
        select(replay, 3);
        coordinatesAsked.clear();

        UnboundedTable.Change change = select(replay, 2);

        assertFalse(change.rebuilt());
        assertEquals(5, change.keep());
        assertTrue(change.added().isEmpty());
        assertEquals(List.of(), coordinatesAsked);
        assertShowsUpTo(2);
    }

    @Test
    void jumpingToTheEndAndBackComputesTheDifference() {
        select(replay, 0);

        UnboundedTable.Change toEnd = select(replay, 5);
        assertFalse(toEnd.rebuilt());
        assertEquals(2, toEnd.keep());
        assertEquals(List.of(2L, 2L, 2L, 3L, 5L, 5L), toEnd.added().stream().map(ShownRow::batchId).toList());
        assertShowsUpTo(5);

        UnboundedTable.Change toHome = select(replay, 0);
        assertFalse(toHome.rebuilt());
        assertEquals(2, toHome.keep());
        assertTrue(toHome.added().isEmpty());
        assertShowsUpTo(0);

        select(replay, 3);
        assertShowsUpTo(3);
        select(replay, 1);
        assertShowsUpTo(1);
    }

    @Test
    void batchesWithoutRowsChangeNothingAndTheNextBatchStillGetsItsDivider() {
        select(replay, 0);

        UnboundedTable.Change empty = select(replay, 1);
        assertFalse(empty.rebuilt());
        assertEquals(2, empty.keep());
        assertTrue(empty.added().isEmpty(), "batch 1 read nothing");

        select(replay, 2);
        assertTrue(shown.get(2).batchStart(), "batch 2's first row starts a batch");
        UnboundedTable.Change overAnEmptyBatch = select(replay, 5);
        assertEquals(List.of(3L, 5L, 5L), overAnEmptyBatch.added().stream().map(ShownRow::batchId).toList());
        assertShowsUpTo(5);
        UnboundedTable.Change backOverIt = select(replay, 3);
        assertEquals(6, backOverIt.keep());
        assertShowsUpTo(3);
    }

    @Test
    void theSameBatchAgainChangesNothing() {
        select(replay, 3);
        UnboundedTable.Change again = select(replay, 3);
        assertFalse(again.rebuilt());
        assertEquals(6, again.keep());
        assertTrue(again.added().isEmpty());
    }

    @Test
    void aNewReplayRebuildsEvenAtTheSameBatch() {
        select(replay, 3);
        Replay rerun = replay(); // the same rows, another run (the query, mode, checkpoint or topic changed)

        UnboundedTable.Change change = select(rerun, 3);
        assertTrue(change.rebuilt());
        assertEquals(6, change.added().size());
        assertShowsUpTo(3);

        UnboundedTable.Change forward = select(rerun, 5);
        assertFalse(forward.rebuilt(), "then it steps incrementally again");
        assertEquals(6, forward.keep());
    }

    @Test
    void afterClearTheSameReplayRebuilds() {
        select(replay, 2);
        table.clear();
        assertEquals(0, table.size());
        shown.clear();

        UnboundedTable.Change change = select(replay, 2);
        assertTrue(change.rebuilt());
        assertShowsUpTo(2);
    }

    @Test
    void aBatchTheReplayLacksShowsTheBatchesBeforeIt() {
        Replay shorter = new Replay(null, OutputMode.APPEND, replay.steps().subList(0, 4), List.of(), Optional.of("stopped"));
        select(shorter, 5);
        assertShowsUpTo(3);
    }

    @Test
    void unknownCoordinatesLeaveThePartitionAndOffsetBlank() {
        LongFunction<List<JobInput.Coordinates>> none = batchId -> List.of();
        UnboundedTable.Change change = table.select(replay, UnboundedTable.inputRows(none), 0);
        assertEquals(List.of("", "", "1000", "1"), change.added().get(0).cells());
    }

    // append mode's result table: the sink rows of every batch so far, the selected batch's marked "added"

    private UnboundedTable.Change append(Replay of, long batchId) {
        return apply(table.select(of, UnboundedTable.SINK_ROWS, batchId));
    }

    /**
     * The rows on show are the sink rows of batches 0–{@code batchId} in order, as a fresh table builds them, a divider
     * where each batch begins, and those of {@code batchId} (only) marked added.
     */
    private void assertAppendedUpTo(long batchId) {
        List<String> expected = new ArrayList<>();
        for (int batch = 0; batch <= batchId && batch < SINK.length; batch++) {
            for (int i = 0; i < SINK[batch]; i++) {
                expected.add(batch + ":" + (2000 + sinkOffset(batch, i)) + ":" + batch + (i == 0 ? ":start" : ":")
                        + (batch == batchId ? ":added" : ":"));
            }
        }
        assertEquals(expected, shown.stream().map(r -> r.batchId() + ":" + r.cell(0) + ":" + r.cell(1)
                + (r.batchStart() ? ":start" : ":") + (r.changed() ? ":" + r.kind() : ":")).toList(),
                "batch, order_id, customer_id, divider and mark of every sink row up to batch " + batchId);
        assertEquals(expected, TableRows.result(replay, replay.steps().get((int) Math.min(batchId, SINK.length - 1)),
                OutputMode.APPEND).stream().map(r -> r.batchId() + ":" + r.cell(0) + ":" + r.cell(1)
                + (r.batchStart() ? ":start" : ":") + (r.changed() ? ":" + r.kind() : ":")).toList(),
                "the same rows as the result table built afresh");
    }

    @Test
    void appendModeShowsTheSinkRowsUpToTheBatchTheSelectedOnesMarkedAdded() {
        UnboundedTable.Change change = append(replay, 1);
        assertTrue(change.rebuilt());
        assertEquals(3, change.added().size(), "batch 0's row and batch 1's two; not the input rows");
        assertAppendedUpTo(1);
        assertEquals("", shown.get(0).kind(), "batch 0's row is not batch 1's");
        assertEquals("added", shown.get(1).kind());
    }

    @Test
    void appendModeSteppingForwardAddsTheNewRowsAndMovesTheMark() {
        append(replay, 0);
        ShownRow first = shown.get(0);
        assertEquals("added", first.kind());

        UnboundedTable.Change change = append(replay, 1);
        assertFalse(change.rebuilt());
        assertEquals(1, change.keep(), "batch 0's row stays");
        assertEquals(List.of(1L, 1L), change.added().stream().map(ShownRow::batchId).toList());
        assertSame(first, shown.get(0), "kept as it was, not rebuilt");
        assertEquals("", first.kind(), "and no longer marked: batch 1 is selected");
        assertAppendedUpTo(1);

        UnboundedTable.Change nothingAppended = append(replay, 2);
        assertEquals(3, nothingAppended.keep());
        assertTrue(nothingAppended.added().isEmpty(), "batch 2 appended nothing");
        assertAppendedUpTo(2);
        assertTrue(shown.stream().noneMatch(ShownRow::changed), "no row is batch 2's");

        append(replay, 3);
        assertAppendedUpTo(3);
    }

    @Test
    void appendModeSteppingBackDropsTheLaterRowsAndMarksTheSelectedBatchsAgain() {
        append(replay, 3);
        List<ShownRow> before = List.copyOf(shown);

        UnboundedTable.Change toEmpty = append(replay, 2);
        assertFalse(toEmpty.rebuilt());
        assertEquals(3, toEmpty.keep(), "batch 3's rows dropped");
        assertTrue(toEmpty.added().isEmpty());
        assertAppendedUpTo(2);

        UnboundedTable.Change back = append(replay, 1);
        assertEquals(3, back.keep(), "batch 2 had no rows to drop");
        assertTrue(back.added().isEmpty());
        assertAppendedUpTo(1);
        for (int i = 0; i < shown.size(); i++) {
            assertSame(before.get(i), shown.get(i), "row " + i + " kept, only its mark moved");
        }
    }

    @Test
    void appendModeJumpsComputeTheDifference() {
        append(replay, 0);

        UnboundedTable.Change toEnd = append(replay, 5);
        assertFalse(toEnd.rebuilt());
        assertEquals(1, toEnd.keep());
        assertEquals(List.of(1L, 1L, 3L, 3L, 3L, 5L), toEnd.added().stream().map(ShownRow::batchId).toList());
        assertAppendedUpTo(5);

        UnboundedTable.Change toHome = append(replay, 0);
        assertFalse(toHome.rebuilt());
        assertEquals(1, toHome.keep());
        assertTrue(toHome.added().isEmpty());
        assertAppendedUpTo(0);

        append(replay, 4);
        assertAppendedUpTo(4);
        append(replay, 3);
        assertAppendedUpTo(3);
        append(replay, 1);
        assertAppendedUpTo(1);
    }

    @Test
    void appendModeRebuildsOnAModeChangeAndTheOldRowsKeepTheirMarks() {
        append(replay, 3);
        List<ShownRow> appended = List.copyOf(shown);
        Replay update = replay(OutputMode.UPDATE); // another mode is another run
        UnboundedTable.Change inUpdate = select(update, 3);
        assertTrue(inUpdate.rebuilt(), "the input table of the rerun");
        Replay backToAppend = replay(OutputMode.APPEND);

        UnboundedTable.Change change = append(backToAppend, 1);
        assertTrue(change.rebuilt());
        assertEquals(3, change.added().size());
        assertAppendedUpTo(1);
        assertEquals(List.of(3L, 3L, 3L), appended.stream().filter(ShownRow::changed).map(ShownRow::batchId).toList(),
                "the old replay's rows are not marked by the new one's selection");
    }

    @Test
    void appendModeAfterClearRebuilds() {
        append(replay, 3);
        table.clear();
        shown.clear();

        UnboundedTable.Change change = append(replay, 3);
        assertTrue(change.rebuilt());
        assertAppendedUpTo(3);
    }

    private static SparkType.Struct schema() {
        try {
            return DdlParser.parseSchema("order_id INT, customer_id INT");
        } catch (SchemaException e) {
            throw new IllegalStateException(e);
        }
    }

    private static long offset(long batchId, int index) {
        long before = 0;
        for (int batch = 0; batch < batchId; batch++) {
            before += ROWS[batch];
        }
        return before + index;
    }

    private static long sinkOffset(long batchId, int index) {
        long before = 0;
        for (int batch = 0; batch < batchId; batch++) {
            before += SINK[batch];
        }
        return before + index;
    }

    private static Replay replay() {
        return replay(OutputMode.APPEND);
    }

    private static Replay replay(OutputMode mode) {
        List<BatchStep> steps = new ArrayList<>();
        for (int batch = 0; batch < ROWS.length; batch++) {
            List<Row> input = new ArrayList<>();
            for (int i = 0; i < ROWS[batch]; i++) {
                input.add(new Row(SCHEMA, List.of((int) (1000 + offset(batch, i)), 1 + i % 3)));
            }
            List<Row> sink = new ArrayList<>();
            for (int i = 0; i < SINK[batch]; i++) {
                sink.add(new Row(SCHEMA, List.of((int) (2000 + sinkOffset(batch, i)), batch)));
            }
            steps.add(new BatchStep(batch, true, false, input, 0, 0, Optional.empty(), 0, Optional.empty(),
                    Optional.empty(), List.of(), sink, List.of(), List.of(), List.of(), List.of(), List.of()));
        }
        return new Replay(null, mode, steps, List.of(), Optional.empty());
    }
}
