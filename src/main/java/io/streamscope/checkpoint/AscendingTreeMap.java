package io.streamscope.checkpoint;

import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * A {@link TreeMap} of batch ids already in ascending order, built in one pass, as TreeMap builds the copy of a sorted
 * map: 10,000 batches put one by one cost some 140,000 key comparisons on the thread that joins a checkpoint's logs,
 * most of them before the JIT has compiled {@code TreeMap.put}.
 */
final class AscendingTreeMap {

    private AscendingTreeMap() {
    }

    /**
     * The map of {@code keys[i]} to {@code values.get(i)}.
     *
     * @throws IllegalArgumentException when the keys are not strictly ascending, or not as many as the values
     */
    static <V> TreeMap<Long, V> of(long[] keys, List<V> values) {
        if (keys.length != values.size()) {
            throw new IllegalArgumentException(keys.length + " keys for " + values.size() + " values");
        }
        for (int at = 1; at < keys.length; at++) {
            if (keys[at - 1] >= keys[at]) {
                throw new IllegalArgumentException("keys not ascending at " + at + ": " + keys[at - 1] + ", " + keys[at]);
            }
        }
        return new TreeMap<>(new SortedView<>(keys, values));
    }

    /**
     * The two lists as a sorted map, for TreeMap's constructor only, which reads its comparator, size and entries
     * (in order): the views of a part of it are never asked for.
     */
    private static final class SortedView<V> extends AbstractMap<Long, V> implements SortedMap<Long, V> {
        private final long[] keys;
        private final List<V> values;

        SortedView(long[] keys, List<V> values) {
            this.keys = keys;
            this.values = values;
        }

        @Override
        public Set<Entry<Long, V>> entrySet() {
            return new AbstractSet<>() {
                @Override
                public Iterator<Entry<Long, V>> iterator() {
                    return new Iterator<>() {
                        private int at;

                        @Override
                        public boolean hasNext() {
                            return at < keys.length;
                        }

                        @Override
                        public Entry<Long, V> next() {
                            if (at == keys.length) {
                                throw new NoSuchElementException();
                            }
                            Entry<Long, V> entry = new SimpleImmutableEntry<>(keys[at], values.get(at));
                            at++;
                            return entry;
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
        public Comparator<? super Long> comparator() {
            return null;
        }

        @Override
        public Long firstKey() {
            if (keys.length == 0) {
                throw new NoSuchElementException();
            }
            return keys[0];
        }

        @Override
        public Long lastKey() {
            if (keys.length == 0) {
                throw new NoSuchElementException();
            }
            return keys[keys.length - 1];
        }

        @Override
        public SortedMap<Long, V> subMap(Long fromKey, Long toKey) {
            throw new UnsupportedOperationException("a view for TreeMap's constructor only");
        }

        @Override
        public SortedMap<Long, V> headMap(Long toKey) {
            throw new UnsupportedOperationException("a view for TreeMap's constructor only");
        }

        @Override
        public SortedMap<Long, V> tailMap(Long fromKey) {
            throw new UnsupportedOperationException("a view for TreeMap's constructor only");
        }
    }
}
