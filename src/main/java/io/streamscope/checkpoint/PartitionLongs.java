package io.streamscope.checkpoint;

import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Arrays;
import java.util.Comparator;
import java.util.Iterator;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.Set;
import java.util.SortedMap;

/**
 * An immutable sorted map of Kafka partitions to longs (offsets, rows read) in two arrays. A checkpoint of 10,000
 * batches over 16 partitions holds 160,000 of each; as tree maps of boxed longs they took three times the memory
 * and most of {@code inspect}'s collection time. Batches over the same partitions share one key array. Equal to any
 * map of the same entries, as {@link Map#equals} asks.
 */
final class PartitionLongs extends AbstractMap<KafkaPartition, Long> implements SortedMap<KafkaPartition, Long> {

    private static final PartitionLongs EMPTY = new PartitionLongs(new KafkaPartition[0], new long[0]);

    /** Sorted, without repeats; never changed once the map is made. */
    private final KafkaPartition[] keys;
    private final long[] values;

    private PartitionLongs(KafkaPartition[] keys, long[] values) {
        this.keys = keys;
        this.values = values;
    }

    /** {@code map} itself where it is one of these, else an immutable copy. */
    static SortedMap<KafkaPartition, Long> copyOf(Map<KafkaPartition, Long> map) {
        if (map instanceof PartitionLongs same) {
            return same;
        }
        Builder builder = new Builder(map.size());
        map.forEach((partition, value) -> builder.put(Objects.requireNonNull(partition), Objects.requireNonNull(value)));
        return builder.build();
    }

    static PartitionLongs empty() {
        return EMPTY;
    }

    /** The same partitions as this map, with other values: one per partition, in key order (the array is kept). */
    PartitionLongs withValues(long[] others) {
        if (others.length != keys.length) {
            throw new IllegalArgumentException(others.length + " values for " + keys.length + " partitions");
        }
        return new PartitionLongs(keys, others);
    }

    /** This map, holding {@code other}'s key array where the two have the same partitions: kept once, not twice. */
    PartitionLongs sharingKeysOf(PartitionLongs other) {
        return other != null && other.keys != keys && Arrays.equals(other.keys, keys) ? new PartitionLongs(other.keys, values) : this;
    }

    /** Whether {@code other} holds the same key array (so the same index is the same partition). */
    boolean sameKeysAs(PartitionLongs other) {
        return other.keys == keys;
    }

    /** The value at {@code index} in key order. */
    long valueAt(int index) {
        return values[index];
    }

    KafkaPartition keyAt(int index) {
        return keys[index];
    }

    /**
     * Collects entries in any order; a partition put twice keeps its last value, as {@link java.util.TreeMap#put}
     * would.
     */
    static final class Builder {

        private KafkaPartition[] keys;
        private long[] values;
        private int size;

        Builder(int expected) {
            keys = new KafkaPartition[Math.max(1, expected)];
            values = new long[keys.length];
        }

        Builder put(KafkaPartition partition, long value) {
            if (size == keys.length) {
                keys = Arrays.copyOf(keys, size * 2);
                values = Arrays.copyOf(values, size * 2);
            }
            keys[size] = partition;
            values[size++] = value;
            return this;
        }

        PartitionLongs build() {
            if (size == 0) {
                return EMPTY;
            }
            int[] order = sortedOrder();
            KafkaPartition[] sortedKeys = new KafkaPartition[size];
            long[] sortedValues = new long[size];
            int kept = 0;
            for (int i = 0; i < size; i++) {
                KafkaPartition key = keys[order[i]];
                if (kept > 0 && sortedKeys[kept - 1].equals(key)) {
                    kept--;
                }
                sortedKeys[kept] = key;
                sortedValues[kept++] = values[order[i]];
            }
            return new PartitionLongs(kept == size ? sortedKeys : Arrays.copyOf(sortedKeys, kept),
                    kept == size ? sortedValues : Arrays.copyOf(sortedValues, kept));
        }

        /** Whether each key is greater than the next (so no two are equal). */
        private boolean descending() {
            for (int i = 1; i < size; i++) {
                if (keys[i - 1].compareTo(keys[i]) <= 0) {
                    return false;
                }
            }
            return true;
        }

        /**
         * The indexes in key order, stably: of a partition put twice, the last one put comes last. Spark writes a
         * topic's partitions in hash order, a few dozen at most as a rule: those are sorted in place.
         */
        private int[] sortedOrder() {
            int[] order = new int[size];
            if (size > 64) {
                Integer[] boxed = new Integer[size];
                for (int i = 0; i < size; i++) {
                    boxed[i] = i;
                }
                Arrays.sort(boxed, Comparator.comparing((Integer i) -> keys[i]));
                for (int i = 0; i < size; i++) {
                    order[i] = boxed[i];
                }
                return order;
            }
            if (descending()) { // Spark's usual order for the partitions of a topic: backwards
                for (int i = 0; i < size; i++) {
                    order[i] = size - 1 - i;
                }
                return order;
            }
            for (int i = 0; i < size; i++) {
                int at = i;
                while (at > 0 && keys[order[at - 1]].compareTo(keys[i]) > 0) {
                    order[at] = order[at - 1];
                    at--;
                }
                order[at] = i;
            }
            return order;
        }
    }

    private int indexOf(Object key) {
        if (!(key instanceof KafkaPartition partition)) {
            return -1;
        }
        int low = 0;
        int high = keys.length - 1;
        while (low <= high) {
            int middle = (low + high) >>> 1;
            int compared = keys[middle].compareTo(partition);
            if (compared < 0) {
                low = middle + 1;
            } else if (compared > 0) {
                high = middle - 1;
            } else {
                return middle;
            }
        }
        return -1;
    }

    @Override
    public int size() {
        return keys.length;
    }

    @Override
    public boolean containsKey(Object key) {
        return indexOf(key) >= 0;
    }

    @Override
    public Long get(Object key) {
        int index = indexOf(key);
        return index < 0 ? null : values[index];
    }

    @Override
    public Set<Entry<KafkaPartition, Long>> entrySet() {
        return new AbstractSet<>() {
            @Override
            public Iterator<Entry<KafkaPartition, Long>> iterator() {
                return new Iterator<>() {
                    private int next;

                    @Override
                    public boolean hasNext() {
                        return next < keys.length;
                    }

                    @Override
                    public Entry<KafkaPartition, Long> next() {
                        if (next >= keys.length) {
                            throw new NoSuchElementException();
                        }
                        int at = next++;
                        return new SimpleImmutableEntry<>(keys[at], values[at]);
                    }
                };
            }

            @Override
            public int size() {
                return keys.length;
            }
        };
    }

    @Override
    public Comparator<? super KafkaPartition> comparator() {
        return null; // the partitions' natural order
    }

    @Override
    public KafkaPartition firstKey() {
        if (keys.length == 0) {
            throw new NoSuchElementException();
        }
        return keys[0];
    }

    @Override
    public KafkaPartition lastKey() {
        if (keys.length == 0) {
            throw new NoSuchElementException();
        }
        return keys[keys.length - 1];
    }

    @Override
    public SortedMap<KafkaPartition, Long> headMap(KafkaPartition toKey) {
        return range(0, insertionPoint(toKey));
    }

    @Override
    public SortedMap<KafkaPartition, Long> tailMap(KafkaPartition fromKey) {
        return range(insertionPoint(fromKey), keys.length);
    }

    @Override
    public SortedMap<KafkaPartition, Long> subMap(KafkaPartition fromKey, KafkaPartition toKey) {
        if (fromKey.compareTo(toKey) > 0) {
            throw new IllegalArgumentException("fromKey > toKey");
        }
        return range(insertionPoint(fromKey), insertionPoint(toKey));
    }

    /** The index of the first key not less than {@code key}. */
    private int insertionPoint(KafkaPartition key) {
        Objects.requireNonNull(key);
        int low = 0;
        int high = keys.length;
        while (low < high) {
            int middle = (low + high) >>> 1;
            if (keys[middle].compareTo(key) < 0) {
                low = middle + 1;
            } else {
                high = middle;
            }
        }
        return low;
    }

    /** Immutable, so a copy of the range serves as the view a sorted map's range is. */
    private PartitionLongs range(int from, int to) {
        return from == 0 && to == keys.length ? this
                : new PartitionLongs(Arrays.copyOfRange(keys, from, to), Arrays.copyOfRange(values, from, to));
    }
}
