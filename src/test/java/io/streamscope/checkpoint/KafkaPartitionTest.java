package io.streamscope.checkpoint;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class KafkaPartitionTest {

    @Test
    void ordersByTopicThenPartitionNumerically() {
        List<KafkaPartition> partitions = new ArrayList<>(List.of(new KafkaPartition("orders", 10),
                new KafkaPartition("clicks", 2), new KafkaPartition("orders", 2), new KafkaPartition("orders", -1),
                new KafkaPartition("clicks", 0), new KafkaPartition("Orders", 5)));
        Collections.shuffle(partitions, new java.util.Random(7));
        Collections.sort(partitions);
        assertEquals("[Orders-5, clicks-0, clicks-2, orders--1, orders-2, orders-10]", partitions.toString());
    }

    @Test
    void equalTopicsInDifferentStringsAreOneTopic() {
        String parsed = new String("orders".toCharArray()); // not the interned literal
        KafkaPartition a = new KafkaPartition("orders", 3);
        KafkaPartition b = new KafkaPartition(parsed, 3);
        assertEquals(0, a.compareTo(b));
        assertEquals(0, b.compareTo(a));
        assertTrue(a.compareTo(new KafkaPartition(parsed, 4)) < 0);
        assertTrue(new KafkaPartition(parsed, 4).compareTo(a) > 0);
        TreeMap<KafkaPartition, Long> offsets = new TreeMap<>();
        offsets.put(a, 1L);
        offsets.put(b, 2L);
        assertEquals(1, offsets.size(), "one key for one topic partition");
        assertEquals(2L, offsets.get(new KafkaPartition("orders", 3)));
    }
}
