package io.streamscope.checkpoint;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class AscendingTreeMapTest {

    @Test
    void isTheTreeMapOfTheSamePutOneByOne() {
        Random random = new Random(20261202);
        for (int round = 0; round < 200; round++) {
            int size = random.nextInt(300);
            long[] keys = new long[size];
            List<String> values = new ArrayList<>();
            TreeMap<Long, String> expected = new TreeMap<>();
            long key = random.nextInt(5) - 2L;
            for (int at = 0; at < size; at++) {
                key += 1 + (random.nextBoolean() ? 0 : random.nextInt(1_000_000));
                keys[at] = key;
                values.add("v" + key);
                expected.put(key, "v" + key);
            }
            TreeMap<Long, String> made = AscendingTreeMap.of(keys, values);
            assertEquals(expected, made);
            assertEquals(List.copyOf(expected.keySet()), List.copyOf(made.keySet()));
            assertEquals(List.copyOf(expected.descendingMap().values()), List.copyOf(made.descendingMap().values()));
            if (size > 0) {
                long probe = keys[random.nextInt(size)] + random.nextInt(3) - 1;
                assertEquals(expected.floorEntry(probe), made.floorEntry(probe));
                assertEquals(expected.headMap(probe), made.headMap(probe));
                assertEquals(expected.tailMap(probe, false), made.tailMap(probe, false));
                made.put(probe, "changed"); // a TreeMap of its own: it takes changes as any other
                expected.put(probe, "changed");
                assertEquals(expected, made);
            }
        }
    }

    @Test
    void refusesKeysOutOfOrderOrUnmatched() {
        assertThrows(IllegalArgumentException.class, () -> AscendingTreeMap.of(new long[]{1, 3, 2}, List.of("a", "b", "c")));
        assertThrows(IllegalArgumentException.class, () -> AscendingTreeMap.of(new long[]{1, 1}, List.of("a", "b")));
        assertThrows(IllegalArgumentException.class, () -> AscendingTreeMap.of(new long[]{1, 2}, List.of("a")));
        assertEquals(new TreeMap<>(), AscendingTreeMap.of(new long[0], List.of()));
    }
}
