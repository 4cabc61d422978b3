package io.streamscope.checkpoint;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Random;
import java.util.SortedMap;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@link PartitionLongs} against {@link TreeMap}, the oracle, on random partitions put in any order, some twice. */
class PartitionLongsTest {

    @Test
    void answersAsATreeMapOfTheSameEntriesDoes() {
        Random random = new Random(42);
        for (int round = 0; round < 2_000; round++) {
            int size = round % 10 == 0 ? 70 + random.nextInt(60) : random.nextInt(20); // both ways of sorting
            TreeMap<KafkaPartition, Long> expected = new TreeMap<>();
            PartitionLongs.Builder builder = new PartitionLongs.Builder(random.nextInt(4));
            for (int i = 0; i < size; i++) {
                KafkaPartition partition = KafkaPartition.of(random.nextBoolean() ? "orders" : "refunds", random.nextInt(size + 1));
                long value = random.nextLong();
                expected.put(partition, value); // a partition put twice keeps its last value
                builder.put(partition, value);
            }
            PartitionLongs actual = builder.build();
            assertSameAnswers(expected, actual);
            KafkaPartition from = KafkaPartition.of("orders", random.nextInt(size + 2));
            KafkaPartition to = KafkaPartition.of("refunds", random.nextInt(size + 2));
            assertSameAnswers(expected.headMap(to), actual.headMap(to));
            assertSameAnswers(expected.tailMap(from), actual.tailMap(from));
            assertSameAnswers(expected.subMap(from, to), actual.subMap(from, to));
        }
    }

    private static void assertSameAnswers(SortedMap<KafkaPartition, Long> expected, SortedMap<KafkaPartition, Long> actual) {
        assertEquals(expected, actual);
        assertEquals(actual, expected);
        assertEquals(expected.hashCode(), actual.hashCode());
        assertEquals(expected.toString(), actual.toString());
        assertEquals(List.copyOf(expected.keySet()), List.copyOf(actual.keySet()));
        assertEquals(List.copyOf(expected.values()), List.copyOf(actual.values()));
        assertEquals(expected.size(), actual.size());
        if (!expected.isEmpty()) {
            assertEquals(expected.firstKey(), actual.firstKey());
            assertEquals(expected.lastKey(), actual.lastKey());
        }
        for (int p = -1; p < 140; p++) {
            KafkaPartition partition = KafkaPartition.of("orders", p);
            assertEquals(expected.get(partition), actual.get(partition));
            assertEquals(expected.containsKey(partition), actual.containsKey(partition));
        }
        assertNull(actual.get("orders-1"));
    }

    @Test
    void anEmptyMapHasNoFirstOrLastKey() {
        PartitionLongs empty = new PartitionLongs.Builder(0).build();
        assertTrue(empty.isEmpty());
        assertThrows(NoSuchElementException.class, empty::firstKey);
        assertThrows(NoSuchElementException.class, empty::lastKey);
        assertEquals(Map.of(), empty);
    }

    @Test
    void isImmutable() {
        PartitionLongs map = new PartitionLongs.Builder(1).put(KafkaPartition.of("orders", 0), 7).build();
        assertThrows(UnsupportedOperationException.class, () -> map.put(KafkaPartition.of("orders", 1), 1L));
        assertThrows(UnsupportedOperationException.class, () -> map.entrySet().iterator().next().setValue(3L));
        assertThrows(UnsupportedOperationException.class, () -> map.keySet().clear());
        assertEquals(7L, map.get(KafkaPartition.of("orders", 0)));
    }

    @Test
    void batchesOverTheSamePartitionsShareOneKeyArray() {
        List<PartitionLongs> batches = new ArrayList<>();
        for (int batch = 0; batch < 3; batch++) {
            PartitionLongs.Builder builder = new PartitionLongs.Builder(16);
            for (int p = 15; p >= 0; p--) {
                builder.put(KafkaPartition.of("orders", p), (batch + 1) * 1000L + p);
            }
            batches.add(builder.build());
        }
        PartitionLongs second = batches.get(1).sharingKeysOf(batches.get(0));
        assertTrue(second.sameKeysAs(batches.get(0)));
        assertFalse(batches.get(2).sameKeysAs(batches.get(0)));
        assertEquals(batches.get(1), second);
        PartitionLongs rows = second.withValues(new long[16]);
        assertTrue(rows.sameKeysAs(batches.get(0)));
        assertEquals(0L, rows.get(KafkaPartition.of("orders", 9)));
        assertSame(second, PartitionLongs.copyOf(second));
        assertThrows(IllegalArgumentException.class, () -> second.withValues(new long[3]));
    }

    @Test
    void namesEachPartitionWithOneInstance() {
        assertSame(KafkaPartition.of("orders", 3), KafkaPartition.of(new String("orders"), 3));
    }
}
