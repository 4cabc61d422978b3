package io.streamscope.replay;

import java.util.AbstractList;
import java.util.Arrays;
import java.util.List;
import java.util.RandomAccess;

/**
 * Where each input row of a batch came from (topic, partition, offset, checkpoint source), kept as arrays: the
 * input table of a million rows keeps four arrays per batch, not a million objects for the collector to copy.
 */
final class RowOrigins {

    private String[] topics = new String[64];
    private int[] partitions = new int[64];
    private long[] offsets = new long[64];
    private int[] sources = new int[64];
    private int size;

    void add(String topic, int partition, long offset, int source) {
        if (size == offsets.length) {
            int capacity = Math.multiplyExact(size, 2);
            topics = Arrays.copyOf(topics, capacity);
            partitions = Arrays.copyOf(partitions, capacity);
            offsets = Arrays.copyOf(offsets, capacity);
            sources = Arrays.copyOf(sources, capacity);
        }
        topics[size] = topic;
        partitions[size] = partition;
        offsets[size] = offset;
        sources[size] = source;
        size++;
    }

    /** The rows' coordinates, in row order: a read-only view of what was added so far. */
    List<JobInput.Coordinates> coordinates() {
        String[] t = Arrays.copyOf(topics, size);
        int[] p = Arrays.copyOf(partitions, size);
        long[] o = Arrays.copyOf(offsets, size);
        return new View<>(size, i -> new JobInput.Coordinates(t[i], p[i], o[i]));
    }

    /** The rows' checkpoint sources, in row order. */
    List<Integer> sources() {
        int[] s = Arrays.copyOf(sources, size);
        return new View<>(size, i -> s[i]);
    }

    private static final class View<T> extends AbstractList<T> implements RandomAccess {
        private final int size;
        private final java.util.function.IntFunction<T> element;

        View(int size, java.util.function.IntFunction<T> element) {
            this.size = size;
            this.element = element;
        }

        @Override
        public T get(int index) {
            java.util.Objects.checkIndex(index, size);
            return element.apply(index);
        }

        @Override
        public int size() {
            return size;
        }
    }
}
