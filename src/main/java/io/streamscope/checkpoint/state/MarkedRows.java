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

    /** Compares contents: a key only after is added, only before deleted, with other value bytes updated. */
    static void compare(int partition, RecordBuffer before, RecordBuffer after, Consumer<MarkedRecord> sink) {
        int i = 0;
        int j = 0;
        while (i < before.liveCount() || j < after.liveCount()) {
            int a = i < before.liveCount() ? before.live(i) : -1;
            int b = j < after.liveCount() ? after.live(j) : -1;
            int order = a < 0 ? 1 : b < 0 ? -1 : Arrays.compareUnsigned(before.data(), before.keyAt(a),
                    before.keyAt(a) + before.keyLength(a), after.data(), after.keyAt(b), after.keyAt(b) + after.keyLength(b));
            if (order < 0) {
                byte[] last = value(before, a);
                sink.accept(new MarkedRecord(partition, ChangeMark.DELETED, key(before, a), last, last, List.of()));
                i++;
            } else if (order > 0) {
                sink.accept(new MarkedRecord(partition, ChangeMark.ADDED, key(after, b), value(after, b), null, List.of()));
                j++;
            } else {
                boolean same = Arrays.equals(before.data(), before.valueAt(a), before.valueAt(a) + before.valueLength(a),
                        after.data(), after.valueAt(b), after.valueAt(b) + after.valueLength(b));
                sink.accept(same ? new MarkedRecord(partition, ChangeMark.UNCHANGED, key(after, b), value(after, b), null, List.of())
                        : new MarkedRecord(partition, ChangeMark.UPDATED, key(after, b), value(after, b), value(before, a), List.of()));
                i++;
                j++;
            }
        }
    }

    /**
     * Applies the batch's records to the rows before it, as Spark does: a touched key that was there is updated (even
     * with the same bytes: a put), one that was not is added, a deleted one keeps its last value; merges only append.
     */
    static void replay(int partition, RecordBuffer before, TouchedKeys touched, Consumer<MarkedRecord> sink) {
        Iterator<Map.Entry<ByteKey, TouchedKeys.Touch>> changes = touched.byKey().entrySet().iterator();
        Map.Entry<ByteKey, TouchedKeys.Touch> change = changes.hasNext() ? changes.next() : null;
        int i = 0;
        while (i < before.liveCount() || change != null) {
            int a = i < before.liveCount() ? before.live(i) : -1;
            int order = a < 0 ? 1 : change == null ? -1 : Arrays.compareUnsigned(before.data(), before.keyAt(a),
                    before.keyAt(a) + before.keyLength(a), change.getKey().bytes(), 0, change.getKey().bytes().length);
            if (order < 0) {
                sink.accept(new MarkedRecord(partition, ChangeMark.UNCHANGED, key(before, a), value(before, a), null, List.of()));
                i++;
                continue;
            }
            byte[] old = order == 0 ? value(before, a) : null;
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

    private static byte[] key(RecordBuffer buffer, int record) {
        return Arrays.copyOfRange(buffer.data(), buffer.keyAt(record), buffer.keyAt(record) + buffer.keyLength(record));
    }

    private static byte[] value(RecordBuffer buffer, int record) {
        return Arrays.copyOfRange(buffer.data(), buffer.valueAt(record), buffer.valueAt(record) + buffer.valueLength(record));
    }
}
