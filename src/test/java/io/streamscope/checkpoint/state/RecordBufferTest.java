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
    void itsArraysGrowByHalfOnceLargeAndNeverPastWhatJavaMakes() {
        assertEquals(2048, RecordBuffer.grown(1024, 1025)); // small: double
        assertEquals(5000, RecordBuffer.grown(1024, 5000)); // or what is needed, if more
        assertEquals(3 << 24, RecordBuffer.grown(2 << 24, (2 << 24) + 1)); // large: half as much again
        assertEquals(Integer.MAX_VALUE - 8, RecordBuffer.grown(1_600_000_000, 1_600_000_001L)); // capped
        assertThrows(RecordBuffer.TooLarge.class, () -> RecordBuffer.grown(Integer.MAX_VALUE - 8, Integer.MAX_VALUE));
    }

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

    /**
     * Binary keys where the sort word cannot decide alone: long shared prefixes, keys that are prefixes of others, a
     * trailing zero byte (the word pads with zeros), bytes above 0x7F (unsigned order), many versions of a key.
     */
    @Test
    void binaryKeysSortAsTheirUnsignedBytes() throws Exception {
        Random random = new Random(16);
        RecordBuffer buffer = new RecordBuffer();
        for (int round = 0; round < 30; round++) {
            TreeMap<byte[], byte[]> expected = new TreeMap<>(Arrays::compareUnsigned);
            List<byte[]> keys = new ArrayList<>();
            byte[] prefix = new byte[random.nextInt(12)];
            random.nextBytes(prefix);
            byte[][] heads = new byte[4][10]; // keys sharing ten bytes after the prefix: their words tie
            for (int h = 0; h < heads.length; h++) {
                random.nextBytes(heads[h]);
                heads[h][0] = (byte) (h * 64);
            }
            for (int k = 0; k < 300; k++) {
                byte[] key = Arrays.copyOf(prefix, prefix.length + random.nextInt(14));
                for (int i = prefix.length; i < key.length; i++) {
                    key[i] = (byte) (random.nextInt(3) == 0 ? 0 : random.nextInt(256));
                }
                if (k % 2 == 0) {
                    byte[] head = heads[random.nextInt(heads.length)];
                    key = Arrays.copyOf(key, prefix.length + head.length + random.nextInt(4));
                    System.arraycopy(head, 0, key, prefix.length, head.length);
                }
                keys.add(key);
                keys.add(Arrays.copyOf(key, key.length + 1)); // the same bytes and a zero after them
            }
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            List<int[]> sizes = new ArrayList<>();
            for (int i = 0; i < 3_000; i++) {
                byte[] key = keys.get(random.nextInt(keys.size()));
                byte[] value = random.nextInt(8) == 0 ? null : ("v" + i).getBytes();
                bytes.write(key);
                if (value == null) {
                    expected.remove(key);
                } else {
                    bytes.write(value);
                    expected.put(key, value);
                }
                sizes.add(new int[]{key.length, value == null ? -1 : value.length});
            }
            buffer.clear();
            DataInputStream in = new DataInputStream(new ByteArrayInputStream(bytes.toByteArray()));
            for (int[] size : sizes) {
                buffer.key(in, size[0]);
                buffer.value(in, size[1], size[1] < 0 ? StateRecord.Kind.DELETE : StateRecord.Kind.PUT);
            }
            buffer.settle();
            List<String> wanted = new ArrayList<>();
            expected.forEach((key, value) -> wanted.add(java.util.HexFormat.of().formatHex(key) + "=" + new String(value)));
            List<String> got = new ArrayList<>();
            for (int i = 0; i < buffer.liveCount(); i++) {
                got.add(java.util.HexFormat.of().formatHex(buffer.data(), buffer.liveKeyAt(i), buffer.liveKeyAt(i) + buffer.liveKeyLength(i))
                        + "=" + new String(buffer.data(), buffer.liveValueAt(i), buffer.liveValueLength(i)));
            }
            assertEquals(wanted, got, "round " + round);
        }
    }

    /**
     * Keys as a one-long UnsafeRow key is stored (8 bytes of null bits, then the number little-endian): they share
     * their first 8 bytes, which a word compares at once, until a key with a null bit set ends the shared prefix.
     */
    @Test
    void unsafeRowKeysSortAsTheirBytesWithTheSharedPrefixFoundWordByWord() throws Exception {
        Random random = new Random(8);
        for (int withNull : new int[]{-1, 0, 1_500, 2_999}) {
            TreeMap<String, String> expected = new TreeMap<>();
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            List<int[]> sizes = new ArrayList<>();
            for (int i = 0; i < 3_000; i++) {
                java.nio.ByteBuffer key = java.nio.ByteBuffer.allocate(16).order(java.nio.ByteOrder.LITTLE_ENDIAN);
                key.putLong(i == withNull ? 1 : 0).putLong(random.nextInt(1_000) * 7_919L);
                byte[] value = ("v" + i).getBytes();
                bytes.write(key.array());
                bytes.write(value);
                expected.put(java.util.HexFormat.of().formatHex(key.array()), new String(value));
                sizes.add(new int[]{16, value.length});
            }
            RecordBuffer buffer = new RecordBuffer();
            DataInputStream in = new DataInputStream(new ByteArrayInputStream(bytes.toByteArray()));
            for (int[] size : sizes) {
                buffer.key(in, size[0]);
                buffer.value(in, size[1], StateRecord.Kind.PUT);
            }
            buffer.settle();
            List<String> wanted = new ArrayList<>();
            expected.forEach((key, value) -> wanted.add(key + "=" + value));
            List<String> got = new ArrayList<>();
            for (int i = 0; i < buffer.liveCount(); i++) {
                got.add(java.util.HexFormat.of().formatHex(buffer.data(), buffer.liveKeyAt(i), buffer.liveKeyAt(i) + buffer.liveKeyLength(i))
                        + "=" + new String(buffer.data(), buffer.liveValueAt(i), buffer.liveValueLength(i)));
            }
            assertEquals(wanted, got, "a null bit in key " + withNull);
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
            byte[] data = buffer.data();
            live.add(new String(Arrays.copyOfRange(data, buffer.liveKeyAt(i), buffer.liveKeyAt(i) + buffer.liveKeyLength(i)))
                    + "=" + new String(Arrays.copyOfRange(data, buffer.liveValueAt(i), buffer.liveValueAt(i) + buffer.liveValueLength(i))));
        }
        return live;
    }
}
