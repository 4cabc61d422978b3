package io.streamscope.replay;

import io.streamscope.sparktypes.Row;
import io.streamscope.sparktypes.SparkType;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * A stream-stream join batch by batch, as Spark's {@code StreamingSymmetricHashJoinExec} runs it: the left rows
 * (not late) are joined with the right state and all kept in the left state; then the right rows with the left
 * state (this batch's left rows included) and kept unless the state watermark already evicts them; matched flags
 * are set on the state rows a new row matched; at the end each side's state rows at or before its state watermark
 * are evicted, and an outer join emits those that never matched, with nulls for the other side. The watermark is the
 * smaller of the two sides' (Spark's default {@code min} policy), each side's never going back.
 */
final class JoinExecution implements MicroBatchReplay.BatchRunner {

    /** A row of a side's join state and whether a row of the other side ever matched it. */
    private static final class Held {
        final Row row;
        boolean matched;

        Held(Row row, boolean matched) {
            this.row = row;
            this.matched = matched;
        }
    }

    private final StreamJoin join;
    private final JobInput input;
    private final List<Held> leftState = new ArrayList<>();
    private final List<Held> rightState = new ArrayList<>();
    private final AppendOnlyRows appended = new AppendOnlyRows();
    private Long leftWatermark;
    private Long rightWatermark;
    private Optional<EventTimeStats> leftStats = Optional.empty();
    private Optional<EventTimeStats> rightStats = Optional.empty();

    JoinExecution(StreamJoin join, JobInput input) {
        this.join = join;
        this.input = input;
    }

    @Override
    public BatchExecution.Output run(long batchId, List<Row> rows, long watermarkMs, long lateWatermarkMs) {
        List<Integer> sources = input.sourcesOf(batchId);
        List<Row> left = new ArrayList<>();
        List<Row> right = new ArrayList<>();
        List<Integer> leftIndex = new ArrayList<>();
        List<Integer> rightIndex = new ArrayList<>();
        for (int i = 0; i < rows.size(); i++) {
            if (sources.get(i) == join.left().index()) {
                left.add(rows.get(i));
                leftIndex.add(i);
            } else {
                right.add(rows.get(i));
                rightIndex.add(i);
            }
        }
        leftStats = stats(left, join.leftTime());
        rightStats = stats(right, join.rightTime());
        List<Row> joined = new ArrayList<>();
        List<Row> late = new ArrayList<>();
        List<DroppedRow> dropped = new ArrayList<>();
        OptionalLong leftBound = join.leftState().at(watermarkMs);
        OptionalLong rightBound = join.rightState().at(watermarkMs);
        int removedRight = 0;
        int removedLeft = 0;
        int updated = 0;
        for (int i = 0; i < left.size(); i++) {
            Row row = left.get(i);
            if (isLate(row, join.leftTime(), lateWatermarkMs)) {
                late.add(row);
                dropped.add(lateRow(leftIndex.get(i), lateWatermarkMs));
                continue;
            }
            boolean matched = false;
            for (Held held : rightState) {
                Row pair = pair(row, held.row);
                if (Boolean.TRUE.equals(join.condition().eval(pair))) {
                    matched = true;
                    held.matched = true;
                    if (join.type() != JoinType.LEFT_SEMI) {
                        joined.add(pair);
                    }
                }
            }
            if (join.type() == JoinType.LEFT_SEMI && matched) {
                joined.add(pair(row, null));
            } else {
                leftState.add(new Held(row, matched));
                updated++;
            }
        }
        for (int i = 0; i < right.size(); i++) {
            Row row = right.get(i);
            if (isLate(row, join.rightTime(), lateWatermarkMs)) {
                late.add(row);
                dropped.add(lateRow(rightIndex.get(i), lateWatermarkMs));
                continue;
            }
            boolean matched = false;
            for (Held held : leftState) {
                if (join.type() == JoinType.LEFT_SEMI && held.matched) {
                    continue;
                }
                Row pair = pair(held.row, row);
                if (Boolean.TRUE.equals(join.condition().eval(pair))) {
                    matched = true;
                    held.matched = true;
                    joined.add(join.type() == JoinType.LEFT_SEMI ? pair(held.row, null) : pair);
                }
            }
            boolean evictedNow = rightBound.isPresent() && atOrBefore(row, join.rightTime(), rightBound.getAsLong());
            if (!evictedNow || join.type().emitsUnmatchedRight() && !matched) {
                rightState.add(new Held(row, matched));
                updated++;
            }
        }
        if (leftBound.isPresent()) {
            removedLeft = evict(leftState, join.leftTime(), leftBound.getAsLong(), join.type().emitsUnmatchedLeft(),
                    true, joined);
        }
        if (rightBound.isPresent()) {
            removedRight = evict(rightState, join.rightTime(), rightBound.getAsLong(), join.type().emitsUnmatchedRight(),
                    false, joined);
        }
        List<Row> sink = RowPipeline.applyAll(join.after(), joined);
        appended.addAll(sink);
        List<ResultChange> changes = sink.stream().map(r -> new ResultChange(ResultChange.Kind.ADDED, null, r)).toList();
        // Spark counts the outer side's evictions with the emitted rows, not as removals
        int removed = (join.type().emitsUnmatchedLeft() ? 0 : removedLeft) + (join.type().emitsUnmatchedRight() ? 0 : removedRight);
        OperatorMetrics metrics = new OperatorMetrics(0, "symmetricHashJoin", leftState.size() + rightState.size(),
                updated, removed, late.size());
        dropped.sort(java.util.Comparator.comparingInt(DroppedRow::inputIndex));
        return new BatchExecution.Output(sink, appended.prefix(), changes, late, leftStats.or(() -> rightStats),
                state(), List.of(metrics), dropped);
    }

    @Override
    public long nextWatermark(long currentMs, BatchExecution.Output output) {
        leftStats.ifPresent(stats -> leftWatermark = Math.max(leftWatermark == null ? Long.MIN_VALUE : leftWatermark,
                stats.maxMs() - join.leftDelayMs()));
        rightStats.ifPresent(stats -> rightWatermark = Math.max(rightWatermark == null ? Long.MIN_VALUE : rightWatermark,
                stats.maxMs() - join.rightDelayMs()));
        if (join.leftTime() < 0 && join.rightTime() < 0) {
            return currentMs;
        }
        // WatermarkTracker: a side that has seen no row counts as 0; a side without a watermark does not count
        long left = leftWatermark == null ? 0 : leftWatermark;
        long right = rightWatermark == null ? 0 : rightWatermark;
        long global = join.leftTime() < 0 ? right : join.rightTime() < 0 ? left
                : join.maxWatermark() ? Math.max(left, right) : Math.min(left, right);
        return Math.max(currentMs, global);
    }

    /** Removes the state rows at or before the bound; an outer side emits the unmatched ones with nulls. */
    private int evict(List<Held> state, int time, long bound, boolean emitUnmatched, boolean leftSide, List<Row> out) {
        int removed = 0;
        for (Iterator<Held> it = state.iterator(); it.hasNext(); ) {
            Held held = it.next();
            if (atOrBefore(held.row, time, bound)) {
                it.remove();
                removed++;
                if (emitUnmatched && !held.matched) {
                    out.add(leftSide ? pair(held.row, null) : pair(null, held.row));
                }
            }
        }
        return removed;
    }

    /** The joined row: left values then right values; a missing side is nulls. */
    private Row pair(Row left, Row right) {
        int leftSize = join.left().output().size();
        Object[] values = new Object[join.joined().size()];
        for (int i = 0; i < leftSize; i++) {
            values[i] = left == null ? null : left.values().get(i);
        }
        for (int i = leftSize; i < values.length; i++) {
            values[i] = right == null ? null : right.values().get(i - leftSize);
        }
        return Row.adopt(join.joined(), values);
    }

    private static boolean isLate(Row row, int time, long lateWatermarkMs) {
        return time >= 0 && atOrBefore(row, time, lateWatermarkMs);
    }

    /** Spark's watermark predicate: the event time (a window's end) at or before the watermark. */
    private static boolean atOrBefore(Row row, int time, long watermarkMs) {
        return time >= 0 && WatermarkClock.atOrBefore(row.values().get(time), watermarkMs);
    }

    private static DroppedRow lateRow(int index, long lateWatermarkMs) {
        return new DroppedRow(index, DroppedRow.Reason.LATE, "Late: its event time is at or before the watermark "
                + WatermarkClock.text(lateWatermarkMs) + ", so the join drops it: it is neither joined nor kept");
    }

    /** Each side's state rows, as the join's keyWithIndexToValue stores hold them: the row and {@code matched}. */
    private List<StateEntry> state() {
        List<StateEntry> entries = new ArrayList<>();
        add(entries, "left-keyWithIndexToValue", leftState, join.left().output(), join.leftKeys());
        add(entries, "right-keyWithIndexToValue", rightState, join.right().output(), join.rightKeys());
        return entries;
    }

    private static void add(List<StateEntry> entries, String store, List<Held> state, SparkType.Struct schema,
                            List<Integer> keys) {
        List<SparkType.Field> keyFields = new ArrayList<>();
        for (int k = 0; k < keys.size(); k++) {
            keyFields.add(new SparkType.Field("field" + k, schema.field(keys.get(k)).type(), true));
        }
        SparkType.Struct keySchema = new SparkType.Struct(keyFields);
        List<SparkType.Field> valueFields = new ArrayList<>(schema.fields());
        valueFields.add(new SparkType.Field("matched", SparkType.Atomic.BOOLEAN, false));
        SparkType.Struct valueSchema = new SparkType.Struct(valueFields);
        for (Held held : state) {
            Object[] key = new Object[keys.size()];
            for (int k = 0; k < key.length; k++) {
                key[k] = held.row.values().get(keys.get(k));
            }
            Object[] value = new Object[valueFields.size()];
            for (int i = 0; i < schema.size(); i++) {
                value[i] = held.row.values().get(i);
            }
            value[schema.size()] = held.matched;
            entries.add(new StateEntry(0, store, Row.adopt(keySchema, key), Row.adopt(valueSchema, value)));
        }
    }

    private static Optional<EventTimeStats> stats(List<Row> rows, int column) {
        return column < 0 ? Optional.empty() : EventTimeStats.of(rows, column);
    }
}
