package io.streamscope.checkpoint.state;

import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * The one walk behind {@link StateReader#markedRows}: a partition's rows at one version against another, both in key
 * order, each row handed out once with its {@link ChangeMark} (deleted rows in key order among the others). Either
 * the later version's rows (a comparison of contents) or the keys its delta/changelog touched (Spark's own records,
 * the rows between them unchanged) are walked against the earlier version's rows.
 */
final class MarkedRows {

    private MarkedRows() {
    }

    /**
     * Compares contents: a key only after is added, only before deleted, with other value bytes updated. The rows'
     * bytes are read ahead of the walk ({@link RecordBuffer#touch}): in key order a large partition's rows lie all
     * over its buffer, and the walks here had waited on a cache miss for each (a third of the window's pass on 10M keys).
     */
    static void compare(int partition, RecordBuffer before, RecordBuffer after, Consumer<MarkedRecord> sink) {
        int i = 0;
        int j = 0;
        int warmed = 0;
        int beforeTouchedTo = 0;
        int afterTouchedTo = 0;
        while (i < before.liveCount() || j < after.liveCount()) {
            if (i >= beforeTouchedTo) {
                warmed += before.touch(i, RecordBuffer.TOUCH_AHEAD);
                beforeTouchedTo = i + RecordBuffer.TOUCH_AHEAD;
            }
            if (j >= afterTouchedTo) {
                warmed += after.touch(j, RecordBuffer.TOUCH_AHEAD);
                afterTouchedTo = j + RecordBuffer.TOUCH_AHEAD;
            }
            int order = i == before.liveCount() ? 1 : j == after.liveCount() ? -1 : Arrays.compareUnsigned(before.data(),
                    before.liveKeyAt(i), before.liveKeyAt(i) + before.liveKeyLength(i), after.data(), after.liveKeyAt(j),
                    after.liveKeyAt(j) + after.liveKeyLength(j));
            if (order < 0) {
                byte[] last = value(before, i);
                sink.accept(new MarkedRecord(partition, ChangeMark.DELETED, key(before, i), last, last, List.of()));
                i++;
            } else if (order > 0) {
                sink.accept(new MarkedRecord(partition, ChangeMark.ADDED, key(after, j), value(after, j), null, List.of()));
                j++;
            } else {
                boolean same = Arrays.equals(before.data(), before.liveValueAt(i), before.liveValueAt(i) + before.liveValueLength(i),
                        after.data(), after.liveValueAt(j), after.liveValueAt(j) + after.liveValueLength(j));
                sink.accept(same ? new MarkedRecord(partition, ChangeMark.UNCHANGED, key(after, j), value(after, j), null, List.of())
                        : new MarkedRecord(partition, ChangeMark.UPDATED, key(after, j), value(after, j), value(before, i), List.of()));
                i++;
                j++;
            }
        }
        RecordBuffer.touched(warmed);
    }

    /**
     * Applies the batch's records to the rows before it, as Spark does: a touched key that was there is updated (even
     * with the same bytes: a put), one that was not is added, a deleted one keeps its last value; merges only append.
     * The rows before are read ahead of the walk, as in {@link #compare}.
     */
    static void replay(int partition, RecordBuffer before, TouchedKeys touched, Consumer<MarkedRecord> sink) {
        Iterator<Map.Entry<ByteKey, TouchedKeys.Touch>> changes = touched.byKey().entrySet().iterator();
        Map.Entry<ByteKey, TouchedKeys.Touch> change = changes.hasNext() ? changes.next() : null;
        int i = 0;
        int warmed = 0;
        int touchedTo = 0;
        while (i < before.liveCount() || change != null) {
            if (i >= touchedTo) {
                warmed += before.touch(i, RecordBuffer.TOUCH_AHEAD);
                touchedTo = i + RecordBuffer.TOUCH_AHEAD;
            }
            int order = i == before.liveCount() ? 1 : change == null ? -1 : Arrays.compareUnsigned(before.data(),
                    before.liveKeyAt(i), before.liveKeyAt(i) + before.liveKeyLength(i), change.getKey().bytes(), 0,
                    change.getKey().bytes().length);
            if (order < 0) {
                sink.accept(new MarkedRecord(partition, ChangeMark.UNCHANGED, key(before, i), value(before, i), null, List.of()));
                i++;
                continue;
            }
            byte[] old = order == 0 ? value(before, i) : null;
            TouchedKeys.Touch touch = change.getValue();
            byte[] after = touch.after(old);
            byte[] key = change.getKey().bytes();
            ChangeMark mark = after == null ? ChangeMark.DELETED : touch.onlyMerges() ? ChangeMark.APPENDED
                    : old == null ? ChangeMark.ADDED : ChangeMark.UPDATED;
            sink.accept(new MarkedRecord(partition, mark, key, after == null ? old : after, old, touch.records()));
            if (order == 0) {
                i++;
            }
            change = changes.hasNext() ? changes.next() : null;
        }
        RecordBuffer.touched(warmed);
    }

    /** The touched keys alone, without the state before: each put an update, a key's deletion a delete. */
    static void touched(int partition, TouchedKeys touched, Consumer<MarkedRecord> sink) {
        touched.byKey().forEach((key, touch) -> {
            byte[] after = touch.after(null);
            boolean deleted = touch.records().get(touch.records().size() - 1).kind() == StateRecord.Kind.DELETE;
            ChangeMark mark = deleted ? ChangeMark.DELETED : touch.onlyMerges() ? ChangeMark.APPENDED : ChangeMark.UPDATED;
            sink.accept(new MarkedRecord(partition, mark, key.bytes(), after, null, touch.records()));
        });
    }

    /** The key of the {@code i}-th live record in key order. */
    private static byte[] key(RecordBuffer buffer, int i) {
        return Arrays.copyOfRange(buffer.data(), buffer.liveKeyAt(i), buffer.liveKeyAt(i) + buffer.liveKeyLength(i));
    }

    private static byte[] value(RecordBuffer buffer, int i) {
        return Arrays.copyOfRange(buffer.data(), buffer.liveValueAt(i), buffer.liveValueAt(i) + buffer.liveValueLength(i));
    }
}
