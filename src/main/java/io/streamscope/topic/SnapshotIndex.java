package io.streamscope.topic;

import io.streamscope.task.Progress;
import io.streamscope.task.Work;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;
import java.util.TreeMap;

/**
 * Where each record of a snapshot file is: per partition, the offsets in order with the byte position, length,
 * line number and timestamp of their line. Built by one pass that checks every line, so a damaged file is reported
 * at once (file and line) and reads later never hold the whole file in memory.
 */
final class SnapshotIndex {

    /** One partition's records, sorted by offset. */
    static final class Partition {
        long[] offsets = new long[16];
        long[] positions = new long[16];
        int[] lengths = new int[16];
        int[] lines = new int[16];
        long[] timestamps = new long[16];
        int size;

        void add(long offset, long position, int length, int line, long timestamp) {
            if (size == offsets.length) {
                int capacity = size * 2;
                offsets = Arrays.copyOf(offsets, capacity);
                positions = Arrays.copyOf(positions, capacity);
                lengths = Arrays.copyOf(lengths, capacity);
                lines = Arrays.copyOf(lines, capacity);
                timestamps = Arrays.copyOf(timestamps, capacity);
            }
            offsets[size] = offset;
            positions[size] = position;
            lengths[size] = length;
            lines[size] = line;
            timestamps[size] = timestamp;
            size++;
        }

        long first() {
            return offsets[0];
        }

        long end() {
            return offsets[size - 1] + 1;
        }

        /** The index of the first record at or after {@code offset}. */
        int lowerBound(long offset) {
            int found = Arrays.binarySearch(offsets, 0, size, offset);
            return found >= 0 ? found : -found - 1;
        }

        void sortByOffset(String file) throws TopicException {
            boolean sorted = true;
            for (int i = 1; i < size && sorted; i++) {
                sorted = offsets[i - 1] < offsets[i];
            }
            if (sorted) {
                return;
            }
            Integer[] order = new Integer[size];
            for (int i = 0; i < size; i++) {
                order[i] = i;
            }
            Arrays.sort(order, (a, b) -> Long.compare(offsets[a], offsets[b]));
            long[] o = new long[size];
            long[] p = new long[size];
            int[] len = new int[size];
            int[] ln = new int[size];
            long[] t = new long[size];
            for (int i = 0; i < size; i++) {
                int from = order[i];
                o[i] = offsets[from];
                p[i] = positions[from];
                len[i] = lengths[from];
                ln[i] = lines[from];
                t[i] = timestamps[from];
                if (i > 0 && o[i] == o[i - 1]) {
                    throw new TopicException(file + ": offset " + o[i] + " appears twice (lines " + ln[i - 1] + " and "
                            + ln[i] + ")");
                }
            }
            offsets = o;
            positions = p;
            lengths = len;
            lines = ln;
            timestamps = t;
        }
    }

    private final Map<Integer, Partition> partitions;

    private SnapshotIndex(Map<Integer, Partition> partitions) {
        this.partitions = partitions;
    }

    Map<Integer, Partition> partitions() {
        return partitions;
    }

    /** Lines between two reports (and questions to the cancellation): a few milliseconds of scanning. */
    static final int LINES_PER_CHUNK = 4096;

    /**
     * Reads the whole file once, telling {@code work} the bytes scanned of the file's size and asking its cancellation
     * every {@value #LINES_PER_CHUNK} lines.
     */
    static SnapshotIndex scan(Path file, String topic, Work work) throws TopicException {
        Map<Integer, Partition> partitions = new TreeMap<>();
        String name = file.getFileName().toString();
        try (InputStream in = Files.newInputStream(file)) {
            long size = Files.size(file);
            String what = "topic file " + name;
            LineScanner lines = new LineScanner(in);
            while (lines.next()) {
                if (lines.number() % LINES_PER_CHUNK == 0) {
                    work.check();
                    work.report(what, lines.position(), size, Progress.Unit.BYTES);
                }
                if (lines.isBlank()) {
                    continue;
                }
                String where = name + " line " + lines.number();
                TopicRecord record = SnapshotFormat.parse(lines.buffer(), lines.start(), lines.length(), topic, 0, where);
                partitions.computeIfAbsent(record.partition(), p -> new Partition())
                        .add(record.offset(), lines.position(), lines.length(), lines.number(), record.timestamp());
            }
        } catch (NoSuchFileException e) {
            throw new TopicException("snapshot file " + file + " does not exist");
        } catch (IOException e) {
            throw new TopicException("cannot read snapshot file " + file + ": " + e.getMessage(), e);
        }
        for (Map.Entry<Integer, Partition> partition : partitions.entrySet()) {
            partition.getValue().sortByOffset(name + " partition " + partition.getKey());
        }
        work.report("topic file " + name, fileSize(file), fileSize(file), Progress.Unit.BYTES);
        return new SnapshotIndex(partitions);
    }

    private static long fileSize(Path file) {
        try {
            return Files.size(file);
        } catch (IOException e) {
            return 0;
        }
    }

    /** Splits a stream into lines on {@code \n} (a trailing {@code \r} is dropped), tracking byte positions. */
    private static final class LineScanner {
        private final InputStream in;
        private final byte[] chunk = new byte[64 * 1024];
        private int chunkLength;
        private int chunkPos;
        private byte[] line = new byte[8 * 1024];
        private int lineLength;
        private long streamPosition;
        private long linePosition;
        private int number;
        private boolean eof;

        LineScanner(InputStream in) {
            this.in = in;
        }

        boolean next() throws IOException {
            if (eof) {
                return false;
            }
            lineLength = 0;
            linePosition = streamPosition;
            boolean any = false;
            while (true) {
                if (chunkPos == chunkLength) {
                    chunkLength = in.read(chunk);
                    chunkPos = 0;
                    if (chunkLength <= 0) {
                        eof = true;
                        chunkLength = 0;
                        if (any) {
                            number++;
                            trimCarriageReturn();
                        }
                        return any;
                    }
                }
                any = true;
                int newline = -1;
                for (int i = chunkPos; i < chunkLength; i++) {
                    if (chunk[i] == '\n') {
                        newline = i;
                        break;
                    }
                }
                int end = newline < 0 ? chunkLength : newline;
                append(chunkPos, end - chunkPos);
                streamPosition += (newline < 0 ? end : newline + 1) - chunkPos;
                chunkPos = newline < 0 ? end : newline + 1;
                if (newline >= 0) {
                    number++;
                    trimCarriageReturn();
                    return true;
                }
            }
        }

        private void append(int from, int count) {
            if (lineLength + count > line.length) {
                line = Arrays.copyOf(line, Math.max(line.length * 2, lineLength + count));
            }
            System.arraycopy(chunk, from, line, lineLength, count);
            lineLength += count;
        }

        private void trimCarriageReturn() {
            if (lineLength > 0 && line[lineLength - 1] == '\r') {
                lineLength--;
            }
        }

        boolean isBlank() {
            for (int i = 0; i < lineLength; i++) {
                byte b = line[i];
                if (b != ' ' && b != '\t') {
                    return false;
                }
            }
            return true;
        }

        byte[] buffer() {
            return line;
        }

        int start() {
            return 0;
        }

        int length() {
            return lineLength;
        }

        long position() {
            return linePosition;
        }

        int number() {
            return number;
        }
    }
}
