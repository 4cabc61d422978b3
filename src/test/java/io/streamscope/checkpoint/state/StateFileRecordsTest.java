package io.streamscope.checkpoint.state;

import net.jpountz.lz4.LZ4BlockOutputStream;
import net.jpountz.lz4.LZ4Factory;
import net.jpountz.xxhash.XXHashFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.xerial.snappy.SnappyOutputStream;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Records read in place from the decompressed block where they lie whole, and through the stream where they cross
 * into the next block: every record comes out as written, whatever the block size, and damage after records read in
 * place is still reported at the right record.
 */
class StateFileRecordsTest {

    private static final int LZ4_SEED = 0x9747b28c;

    @TempDir
    Path folder;

    /** One record as written: a null value is a delete; a merge only in a typed changelog. */
    private record Written(byte[] key, byte[] value, StateRecord.Kind kind) {
        String describe() {
            return kind + " " + HexFormat.of().formatHex(key) + (value == null ? "" : "=" + HexFormat.of().formatHex(value));
        }
    }

    @Test
    void hdfsFilesReadAsWrittenWhereverTheBlocksEnd() throws Exception {
        for (Codec codec : Codec.values()) {
            for (int blockSize : codec.blockSizes) {
                List<Written> records = randomRecords(new Random(blockSize), 3_000, false);
                Path file = write(codec, blockSize, out -> writePlain(out, records));
                List<StateRecord> read = new ArrayList<>();
                StateFileReader.read(file, read::add);
                assertEquals(describe(records), describeRead(read), codec + ", blocks of " + blockSize);
                RecordBuffer buffer = new RecordBuffer();
                StateFileReader.read(file, (StateFileReader.RecordSink) buffer);
                buffer.settle();
                assertEquals(lastOfEachKey(records), live(buffer), codec + ", blocks of " + blockSize + ", into a buffer");
            }
        }
    }

    @Test
    void typedChangelogsReadAsWrittenWhereverTheBlocksEnd() throws Exception {
        for (Codec codec : Codec.values()) {
            for (int blockSize : codec.blockSizes) {
                List<Written> records = randomRecords(new Random(blockSize + 1), 3_000, true);
                Path file = write(codec, blockSize, out -> {
                    out.writeUTF("v2");
                    for (Written record : records) {
                        out.writeByte(record.kind() == StateRecord.Kind.PUT ? 0x01 : record.kind() == StateRecord.Kind.DELETE ? 0x10 : 0x11);
                        out.writeInt(record.key().length);
                        out.write(record.key());
                        out.writeInt(record.value() == null ? -1 : record.value().length);
                        if (record.value() != null) {
                            out.write(record.value());
                        }
                    }
                    out.writeByte(0);
                });
                List<StateRecord> read = new ArrayList<>();
                StateFileReader.Header header = StateFileReader.readChangelog(file, read::add);
                assertEquals(2, header.changelogVersion());
                assertEquals(describe(records), describeRead(read), codec + ", blocks of " + blockSize);
            }
        }
    }

    /**
     * A v1 changelog has no header: the bytes peeked for one are pushed back, taken by the first record read through
     * the stream, and the rest are read in place. A first key of 2^17 bytes makes the peek read a would-be header's
     * text too (its size's high bytes, 0 and 2, read as a length of 2). The key starts with 8 zero bytes, which read
     * in place from where the peek left the block would be a record of an empty key and value.
     */
    @Test
    void v1ChangelogsReadAsWrittenAfterThePeekForAHeader() throws Exception {
        for (int firstKeySize : new int[]{-1, 1 << 17}) {
            for (int blockSize : Codec.LZ4.blockSizes) {
                List<Written> records = new ArrayList<>();
                if (firstKeySize >= 0) {
                    byte[] key = new byte[firstKeySize];
                    new Random(17).nextBytes(key);
                    Arrays.fill(key, 0, 8, (byte) 0);
                    records.add(new Written(key, new byte[]{1}, StateRecord.Kind.PUT));
                }
                records.addAll(randomRecords(new Random(blockSize + 2), 2_000, false));
                Path file = write(Codec.LZ4, blockSize, out -> writePlain(out, records));
                List<StateRecord> read = new ArrayList<>();
                StateFileReader.Header header = StateFileReader.readChangelog(file, read::add);
                assertEquals(1, header.changelogVersion());
                assertEquals(describe(records), describeRead(read), "blocks of " + blockSize + ", a first key of " + firstKeySize);
            }
        }
    }

    /** Records before the damage are read in place; the damaged one through the stream, which counts the same. */
    @Test
    void damageAfterRecordsReadInPlaceNamesItsRecord() throws Exception {
        List<Written> records = randomRecords(new Random(7), 500, false).stream()
                .map(record -> new Written(record.key(), record.value() == null ? new byte[1] : record.value(), StateRecord.Kind.PUT)).toList();
        Path file = write(Codec.LZ4, 64 * 1024, out -> {
            for (Written record : records) {
                out.writeInt(record.key().length);
                out.write(record.key());
                out.writeInt(record.value().length);
                out.write(record.value());
            }
            out.writeInt(3);
            out.write(new byte[]{1, 2, 3});
            out.writeInt(-7);
            out.writeInt(-1);
        });
        List<StateRecord> read = new ArrayList<>();
        StateFileException e = assertThrows(StateFileException.class, () -> StateFileReader.read(file, read::add));
        assertTrue(e.getMessage().contains("record 500: implausible value size -7"), e.getMessage());
        assertEquals(500, read.size());
    }

    @Test
    void aMergeInAnHdfsFileIsRefusedInPlaceAsThroughTheStream() throws Exception {
        Path file = write(Codec.LZ4, 64 * 1024, out -> {
            out.writeUTF("v2");
            out.writeByte(0x01);
            out.writeInt(1);
            out.write('a');
            out.writeInt(1);
            out.write('1');
            out.writeByte(0x11);
            out.writeInt(1);
            out.write('a');
            out.writeInt(1);
            out.write('2');
            out.writeByte(0);
        });
        RecordBuffer buffer = new RecordBuffer();
        StateFileException e = assertThrows(StateFileException.class, () -> StateFileReader.readChangelog(file, buffer));
        assertTrue(e.getMessage().contains("near record 1: a merge record in a file that holds puts and deletes only"), e.getMessage());
    }

    /**
     * The arrays a thread reads files with are lent to one open file at a time: files read on the same thread while
     * another is open (here from inside its first record) each read as written, and so does the outer one after.
     */
    @Test
    void filesReadWhileAnotherIsOpenOnTheSameThreadReadAsWritten() throws Exception {
        List<Written> outerRecords = randomRecords(new Random(11), 3_000, false);
        Path outer = write(Codec.LZ4, 32 * 1024, out -> writePlain(out, outerRecords));
        List<Written> lz4Records = randomRecords(new Random(12), 3_000, false);
        Path lz4 = write(Codec.LZ4, 1024, out -> writePlain(out, lz4Records));
        List<Written> snappyRecords = randomRecords(new Random(13), 3_000, false);
        Path snappy = write(Codec.SNAPPY, 32 * 1024, out -> writePlain(out, snappyRecords));
        List<Written> zstdRecords = randomRecords(new Random(14), 3_000, false);
        Path zstd = write(Codec.ZSTD, 32 * 1024, out -> writePlain(out, zstdRecords));
        List<StateRecord> lz4Read = new ArrayList<>();
        List<StateRecord> zstdRead = new ArrayList<>();
        List<StateRecord> snappyRead = new ArrayList<>();
        List<StateRecord> outerRead = new ArrayList<>();
        StateFileReader.read(outer, record -> {
            if (outerRead.isEmpty()) {
                try {
                    StateFileReader.read(lz4, lz4Read::add);
                    StateFileReader.read(snappy, snappyRead::add);
                    StateFileReader.read(zstd, zstdRead::add);
                } catch (IOException | StateFileException e) {
                    throw new AssertionError(e);
                }
            }
            outerRead.add(record);
        });
        assertEquals(describe(lz4Records), describeRead(lz4Read), "LZ4, read inside the other file");
        assertEquals(describe(snappyRecords), describeRead(snappyRead), "Snappy, read inside the other file");
        assertEquals(describe(zstdRecords), describeRead(zstdRead), "zstd, read inside the other file");
        assertEquals(describe(outerRecords), describeRead(outerRead), "the file read around them");
    }

    /**
     * A store is hundreds of files read one after another on a thread: the second read of a file takes the arrays the
     * first gave back (the file's bytes, its blocks as stored and decompressed), so it allocates far less than the
     * file holds. Made anew for each file, they had been four fifths of what a 1M-key state read allocated.
     */
    @Test
    void aFileReadAgainOnTheSameThreadAllocatesNoArraysForItsBytes() throws Exception {
        var threads = (com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean();
        for (Codec codec : Codec.values()) {
            List<Written> records = randomRecords(new Random(21), 6_000, false);
            Path file = write(codec, 32 * 1024, out -> writePlain(out, records));
            long fileBytes = Files.size(file);
            RecordBuffer buffer = new RecordBuffer();
            StateFileReader.read(file, (StateFileReader.RecordSink) buffer); // grows the buffer, and gives the arrays back
            buffer.clear();
            long before = threads.getCurrentThreadAllocatedBytes();
            StateFileReader.read(file, (StateFileReader.RecordSink) buffer);
            long allocated = threads.getCurrentThreadAllocatedBytes() - before;
            assertTrue(fileBytes > 500_000, codec + ": a file of " + fileBytes + " bytes");
            assertTrue(allocated < 64 * 1024, codec + ": the second read of a " + fileBytes + "-byte file allocated "
                    + allocated + " bytes");
            buffer.settle();
            assertEquals(lastOfEachKey(records), live(buffer), codec + ", read again");
        }
    }

    private enum Codec {
        /** lz4-java's blocks as Spark writes them (32 KB), and small ones that most records cross. */
        LZ4(new int[]{64, 100, 1024, 32 * 1024}),
        /** snappy-java's chunks: its smallest (1 KB) and Spark's default (32 KB). */
        SNAPPY(new int[]{1024, 32 * 1024}),
        /** zstd-jni's frames behind Spark's output buffer (32 KB by default): read in blocks of 64 KB decompressed. */
        ZSTD(new int[]{1024, 32 * 1024});

        final int[] blockSizes;

        Codec(int[] blockSizes) {
            this.blockSizes = blockSizes;
        }
    }

    private interface Records {
        void write(DataOutputStream out) throws IOException;
    }

    /** Records framed as an HDFS delta or a v1 changelog holds them: sizes and bytes, -1 for a delete, -1 at the end. */
    private static void writePlain(DataOutputStream out, List<Written> records) throws IOException {
        for (Written record : records) {
            out.writeInt(record.key().length);
            out.write(record.key());
            out.writeInt(record.value() == null ? -1 : record.value().length);
            if (record.value() != null) {
                out.write(record.value());
            }
        }
        out.writeInt(-1);
    }

    private Path write(Codec codec, int blockSize, Records records) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        OutputStream compressed = switch (codec) {
            case LZ4 -> new LZ4BlockOutputStream(bytes, blockSize, LZ4Factory.fastestInstance().fastCompressor(),
                    XXHashFactory.fastestInstance().newStreamingHash32(LZ4_SEED).asChecksum(), false);
            case SNAPPY -> new SnappyOutputStream(bytes, blockSize);
            case ZSTD -> new java.io.BufferedOutputStream(new com.github.luben.zstd.ZstdOutputStreamNoFinalizer(bytes, 1), blockSize);
        };
        try (DataOutputStream out = new DataOutputStream(compressed)) {
            records.write(out);
        }
        Path file = Files.createTempFile(folder, codec.name(), ".delta");
        Files.write(file, bytes.toByteArray());
        return file;
    }

    /** Keys of 0–40 bytes from a small set (so that keys repeat), values of 0–300 bytes, a tenth deleted. */
    private static List<Written> randomRecords(Random random, int count, boolean merges) {
        List<Written> records = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            byte[] key = new byte[random.nextInt(41)];
            new Random(random.nextInt(400)).nextBytes(key);
            int roll = random.nextInt(10);
            if (roll == 0) {
                records.add(new Written(key, null, StateRecord.Kind.DELETE));
            } else {
                byte[] value = new byte[random.nextInt(301)];
                random.nextBytes(value);
                records.add(new Written(key, value, merges && roll == 1 ? StateRecord.Kind.MERGE : StateRecord.Kind.PUT));
            }
        }
        return records;
    }

    private static List<String> describe(List<Written> records) {
        return records.stream().map(Written::describe).toList();
    }

    private static List<String> describeRead(List<StateRecord> records) {
        return records.stream().map(record -> new Written(record.key(), record.value(), record.kind()).describe()).toList();
    }

    private static List<String> lastOfEachKey(List<Written> records) {
        TreeMap<String, String> state = new TreeMap<>();
        for (Written record : records) {
            String key = HexFormat.of().formatHex(record.key());
            if (record.value() == null) {
                state.remove(key);
            } else {
                state.put(key, HexFormat.of().formatHex(record.value()));
            }
        }
        List<String> rows = new ArrayList<>();
        state.forEach((key, value) -> rows.add(key + "=" + value));
        return rows;
    }

    private static List<String> live(RecordBuffer buffer) {
        List<String> rows = new ArrayList<>();
        for (int i = 0; i < buffer.liveCount(); i++) {
            byte[] data = buffer.data();
            rows.add(HexFormat.of().formatHex(Arrays.copyOfRange(data, buffer.liveKeyAt(i), buffer.liveKeyAt(i) + buffer.liveKeyLength(i)))
                    + "=" + HexFormat.of().formatHex(Arrays.copyOfRange(data, buffer.liveValueAt(i), buffer.liveValueAt(i) + buffer.liveValueLength(i))));
        }
        return rows;
    }
}
