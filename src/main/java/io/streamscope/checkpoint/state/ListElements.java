package io.streamscope.checkpoint.state;

import java.util.ArrayList;
import java.util.List;

/**
 * A list state's row split into one row per element, as Spark's State Data Source shows list state
 * ({@code flattenCollectionTypes}, true by default: {@code key}, {@code list_element}), each element with its index
 * and its own mark. Each element's value is a one-element list value, which the store's decoding reads as such.
 * <ul>
 *   <li>an appended list (a merge): the elements it had keep no mark, the ones after them are appended;</li>
 *   <li>a list replaced by a put: elements are matched by their bytes, so an element kept is unmarked, a new one
 *       added and one gone deleted (at its old index, with its value). Matching by index instead would show every
 *       element of a sliding "last N" list as old → new although only its ends changed;</li>
 *   <li>an added, deleted or unchanged list: each element so.</li>
 * </ul>
 * The batch's records go with the first element only, so counts of puts and deletes stay one per record.
 */
public final class ListElements {

    /** Receives an element's row (its value one element) and its index in the list (its old index when deleted). */
    public interface Sink {
        void accept(MarkedRecord element, int index);
    }

    private ListElements() {
    }

    /**
     * Hands {@code sink} the elements of {@code record}, a list state's row; a row with no value, or one whose bytes are
     * no list, goes out whole with index -1 (its decoding then says what is wrong).
     */
    public static void split(MarkedRecord record, Sink sink) {
        List<byte[]> now;
        List<byte[]> before;
        try {
            now = record.value() == null ? null : ListValueFormat.split(record.value());
            before = record.oldValue() == null ? null : ListValueFormat.split(record.oldValue());
        } catch (RowFormatException e) {
            sink.accept(record, -1);
            return;
        }
        if (now == null || now.isEmpty() && (before == null || before.isEmpty())) {
            sink.accept(record, -1);
            return;
        }
        Emitter out = new Emitter(record, sink);
        switch (record.mark()) {
            case APPENDED -> {
                int kept = before == null ? 0 : Math.min(before.size(), now.size());
                for (int i = 0; i < now.size(); i++) {
                    out.emit(i < kept ? ChangeMark.UNCHANGED : ChangeMark.APPENDED, now.get(i), i);
                }
            }
            case UPDATED -> {
                if (before == null) {
                    now.forEach(element -> out.emit(ChangeMark.UPDATED, element, out.index()));
                    return;
                }
                List<byte[]> gone = new ArrayList<>(before);
                boolean[] kept = new boolean[now.size()];
                boolean changed = false;
                for (int i = 0; i < now.size(); i++) {
                    int match = indexOf(gone, now.get(i));
                    if (match >= 0) {
                        gone.set(match, null);
                    }
                    kept[i] = match >= 0;
                    changed |= !kept[i];
                }
                changed |= gone.stream().anyMatch(java.util.Objects::nonNull);
                // the same list put again is still Spark's update (its change feed and numRowsUpdated count it)
                ChangeMark keptMark = changed ? ChangeMark.UNCHANGED : ChangeMark.UPDATED;
                for (int i = 0; i < now.size(); i++) {
                    out.emit(kept[i] ? keptMark : ChangeMark.ADDED, now.get(i), i);
                }
                for (int i = 0; i < gone.size(); i++) {
                    if (gone.get(i) != null) {
                        out.emit(ChangeMark.DELETED, gone.get(i), i);
                    }
                }
            }
            default -> {
                for (int i = 0; i < now.size(); i++) {
                    out.emit(record.mark(), now.get(i), i);
                }
            }
        }
    }

    private static int indexOf(List<byte[]> elements, byte[] element) {
        for (int i = 0; i < elements.size(); i++) {
            if (elements.get(i) != null && java.util.Arrays.equals(elements.get(i), element)) {
                return i;
            }
        }
        return -1;
    }

    private static final class Emitter {
        private final MarkedRecord record;
        private final Sink sink;
        private int emitted;

        Emitter(MarkedRecord record, Sink sink) {
            this.record = record;
            this.sink = sink;
        }

        int index() {
            return emitted;
        }

        void emit(ChangeMark mark, byte[] element, int index) {
            sink.accept(new MarkedRecord(record.partition(), mark, record.key(), element, null,
                    emitted++ == 0 ? record.records() : List.of()), index);
        }
    }
}
