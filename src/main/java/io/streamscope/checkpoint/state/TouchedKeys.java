package io.streamscope.checkpoint.state;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import java.util.function.Consumer;

/**
 * The keys one delta or changelog touches, each with its records in file order, in key order. Held per partition and batch: as many entries as the batch wrote.
 */
final class TouchedKeys implements Consumer<StateRecord> {

    private static final byte MERGE_DELIMITER = ',';

    /** What a batch's records did to one key, in file order. */
    static final class Touch {
        private final List<StateRecord> records = new ArrayList<>();

        List<StateRecord> records() {
            return List.copyOf(records);
        }

        boolean onlyMerges() {
            return records.stream().allMatch(record -> record.kind() == StateRecord.Kind.MERGE);
        }

        /** The key's value after the batch, given its value before (null for none); null when deleted. */
        byte[] after(byte[] before) {
            byte[] value = before;
            for (StateRecord record : records) {
                value = switch (record.kind()) {
                    case PUT -> record.value();
                    case DELETE -> null;
                    case MERGE -> value == null ? record.value() : merged(value, record.value());
                };
            }
            return value;
        }

        private static byte[] merged(byte[] base, byte[] added) {
            byte[] merged = new byte[base.length + 1 + added.length];
            System.arraycopy(base, 0, merged, 0, base.length);
            merged[base.length] = MERGE_DELIMITER;
            System.arraycopy(added, 0, merged, base.length + 1, added.length);
            return merged;
        }
    }

    private final TreeMap<ByteKey, Touch> touched = new TreeMap<>();

    @Override
    public void accept(StateRecord record) {
        touched.computeIfAbsent(new ByteKey(record.key()), key -> new Touch()).records.add(record);
    }

    TreeMap<ByteKey, Touch> byKey() {
        return touched;
    }
}
