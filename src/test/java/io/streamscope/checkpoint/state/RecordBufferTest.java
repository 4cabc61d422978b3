package io.streamscope.checkpoint.state;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** One partition's records in a reused buffer: the last record of each key wins, deletes remove, keys come sorted. */
class RecordBufferTest {

    @Test
    void lastRecordOfAKeyWinsAndDeletesRemove() throws Exception {
        RecordBuffer buffer = new RecordBuffer();
        read(buffer, new Object[][]{{"b", "1"}, {"a", "1"}, {"c", "1"}, {"b", "2"}, {"c", null}, {"a", "2"}, {"a", "3"}});
        assertEquals(List.of("a=3", "b=2"), live(buffer));
    }

    @Test
    void agreesWithAMapOnRandomRecordsAndIsReusable() throws Exception {
        Random random = new Random(3);
        RecordBuffer buffer = new RecordBuffer();
        for (int round = 0; round < 20; round++) {
            TreeMap<String, String> expected = new TreeMap<>();
            Object[][] records = new Object[2_000 + random.nextInt(3_000)][];
            for (int i = 0; i < records.length; i++) {
                String key = "k" + random.nextInt(700);
                String value = random.nextInt(10) == 0 ? null : "v" + i + "x".repeat(random.nextInt(40));
                records[i] = new Object[]{key, value};
                if (value == null) {
                    expected.remove(key);
                } else {
                    expected.put(key, value);
                }
            }
            buffer.clear();
            read(buffer, records);
            List<String> wanted = new ArrayList<>();
            expected.forEach((key, value) -> wanted.add(key + "=" + value));
            assertEquals(wanted, live(buffer), "round " + round);
        }
    }

    @Test
    void aClaimedSizeBeyondTheDataIsATruncationNotAnAllocation() {
        byte[] claimsMore = new byte[1000];
        assertThrows(EOFException.class, () -> new RecordBuffer().key(new DataInputStream(new ByteArrayInputStream(claimsMore)), 200_000_000));
    }

    private static void read(RecordBuffer buffer, Object[][] records) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        DataOutputStream out = new DataOutputStream(bytes);
        for (Object[] record : records) {
            out.write(((String) record[0]).getBytes());
            if (record[1] != null) {
                out.write(((String) record[1]).getBytes());
            }
        }
        DataInputStream in = new DataInputStream(new ByteArrayInputStream(bytes.toByteArray()));
        for (Object[] record : records) {
            buffer.key(in, ((String) record[0]).length());
            if (record[1] == null) {
                buffer.value(in, -1, StateRecord.Kind.DELETE);
            } else {
                buffer.value(in, ((String) record[1]).length(), StateRecord.Kind.PUT);
            }
        }
        buffer.settle();
    }

    private static List<String> live(RecordBuffer buffer) {
        List<String> live = new ArrayList<>();
        for (int i = 0; i < buffer.liveCount(); i++) {
            int record = buffer.live(i);
            byte[] data = buffer.data();
            live.add(new String(Arrays.copyOfRange(data, buffer.keyAt(record), buffer.keyAt(record) + buffer.keyLength(record)))
                    + "=" + new String(Arrays.copyOfRange(data, buffer.valueAt(record), buffer.valueAt(record) + buffer.valueLength(record))));
        }
        return live;
    }
}
