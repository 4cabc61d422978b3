package io.streamscope.topic;

import io.streamscope.task.Work;

import io.streamscope.checkpoint.KafkaPartition;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Consumer;
import java.util.stream.Collectors;

/**
 * Reads topics from offline snapshots in {@link SnapshotFormat}, one file per topic. Opening checks every line once
 * and keeps only an index; records are read from the file when asked for. The files must not change while open.
 */
public final class JsonlTopicSource implements TopicSource {

    private record Snapshot(Path file, SnapshotIndex index, FileChannel channel) {
    }

    private final Map<String, Snapshot> snapshots;

    private JsonlTopicSource(Map<String, Snapshot> snapshots) {
        this.snapshots = snapshots;
    }

    /** One file; the topic is its name without {@code .jsonl} ({@code orders.jsonl} → {@code orders}). */
    public static JsonlTopicSource open(Path file) throws TopicException {
        String name = file.getFileName().toString();
        return open(Map.of(name.endsWith(".jsonl") ? name.substring(0, name.length() - ".jsonl".length()) : name, file));
    }

    /** One file per topic. */
    public static JsonlTopicSource open(Map<String, Path> filesByTopic) throws TopicException {
        return open(filesByTopic, Work.NONE);
    }

    /**
     * Likewise, telling {@code work} the bytes of each file indexed (every file is read once, line by line) and
     * asking its cancellation every few thousand lines.
     *
     * @throws java.util.concurrent.CancellationException when {@code work} is cancelled
     */
    public static JsonlTopicSource open(Map<String, Path> filesByTopic, Work work) throws TopicException {
        Map<String, Snapshot> snapshots = new LinkedHashMap<>();
        try {
            for (Map.Entry<String, Path> entry : new TreeMap<>(filesByTopic).entrySet()) {
                Path file = entry.getValue();
                SnapshotIndex index = SnapshotIndex.scan(file, entry.getKey(), work);
                try {
                    snapshots.put(entry.getKey(), new Snapshot(file, index, FileChannel.open(file, StandardOpenOption.READ)));
                } catch (IOException e) {
                    throw new TopicException("cannot open snapshot file " + file + ": " + e.getMessage(), e);
                }
            }
        } catch (TopicException | RuntimeException e) {
            snapshots.values().forEach(JsonlTopicSource::closeQuietly);
            throw e;
        }
        return new JsonlTopicSource(snapshots);
    }

    @Override
    public String description() {
        return (snapshots.size() == 1 ? "snapshot " : "snapshots ")
                + snapshots.values().stream().map(s -> s.file().getFileName().toString()).collect(Collectors.joining(", "));
    }

    /** The topics this source holds. */
    public List<String> topics() {
        return List.copyOf(snapshots.keySet());
    }

    @Override
    public List<KafkaPartition> partitions(String topic) throws TopicException {
        return snapshot(topic).index().partitions().keySet().stream().map(p -> new KafkaPartition(topic, p)).toList();
    }

    @Override
    public Map<KafkaPartition, Long> beginningOffsets(Collection<KafkaPartition> partitions) throws TopicException {
        Map<KafkaPartition, Long> result = new TreeMap<>();
        for (KafkaPartition partition : partitions) {
            result.put(partition, index(partition).first());
        }
        return result;
    }

    @Override
    public Map<KafkaPartition, Long> endOffsets(Collection<KafkaPartition> partitions) throws TopicException {
        Map<KafkaPartition, Long> result = new TreeMap<>();
        for (KafkaPartition partition : partitions) {
            result.put(partition, index(partition).end());
        }
        return result;
    }

    @Override
    public Map<KafkaPartition, Optional<Long>> offsetsForTimes(Map<KafkaPartition, Long> timestamps) throws TopicException {
        Map<KafkaPartition, Optional<Long>> result = new TreeMap<>();
        for (Map.Entry<KafkaPartition, Long> entry : timestamps.entrySet()) {
            SnapshotIndex.Partition index = index(entry.getKey());
            Optional<Long> found = Optional.empty();
            for (int i = 0; i < index.size && found.isEmpty(); i++) {
                if (index.timestamps[i] >= entry.getValue()) {
                    found = Optional.of(index.offsets[i]);
                }
            }
            result.put(entry.getKey(), found);
        }
        return result;
    }

    @Override
    public List<RangeRead> read(List<OffsetRange> ranges, ReadOptions options, Consumer<TopicRecord> sink)
            throws TopicException {
        ProgressCounter progress = new ProgressCounter(ranges, options);
        List<RangeRead> results = new ArrayList<>();
        for (OffsetRange range : ranges) {
            options.checkCancelled();
            Snapshot snapshot = snapshot(range.partition().topic());
            SnapshotIndex.Partition index = snapshot.index().partitions().get(range.partition().partition());
            if (range.isEmpty()) {
                results.add(new RangeRead(range, 0, List.of()));
            } else if (index == null) {
                results.add(new RangeRead(range, 0, List.of(missing(range.partition(), range.from(), range.until()))));
                progress.covered(range.size());
            } else {
                results.add(readRange(snapshot, index, range, options, sink, progress));
            }
        }
        return results;
    }

    private RangeRead readRange(Snapshot snapshot, SnapshotIndex.Partition index, OffsetRange range, ReadOptions options,
                                Consumer<TopicRecord> sink, ProgressCounter progress) throws TopicException {
        List<MissingRange> missing = new ArrayList<>();
        long from = Math.max(range.from(), Math.min(index.first(), range.until()));
        long until = Math.min(range.until(), Math.max(index.end(), from));
        if (from > range.from()) {
            missing.add(missing(range.partition(), range.from(), from));
            progress.covered(from - range.from());
        }
        long records = 0;
        long position = from;
        LineReader reader = new LineReader(snapshot.channel());
        for (int i = index.lowerBound(from); i < index.size && index.offsets[i] < until; i++) {
            if (records % KafkaSettings.CHUNK_RECORDS == 0) {
                options.checkCancelled();
            }
            String where = snapshot.file().getFileName() + " line " + index.lines[i];
            byte[] line = reader.read(index.positions[i], index.lengths[i], where);
            TopicRecord record = SnapshotFormat.parse(line, 0, index.lengths[i], range.partition().topic(),
                    options.maxPayloadBytes(), where);
            if (record.partition() != range.partition().partition() || record.offset() != index.offsets[i]) {
                throw new TopicException(where + " changed since " + snapshot.file() + " was opened");
            }
            sink.accept(record);
            records++;
            if (records % KafkaSettings.CHUNK_RECORDS == 0) {
                long next = index.offsets[i] + 1;
                progress.covered(next - position);
                position = next;
            }
        }
        progress.covered(until - position);
        if (until < range.until()) {
            missing.add(missing(range.partition(), until, range.until()));
            progress.covered(range.until() - until);
        }
        return new RangeRead(range, records, missing);
    }

    private static MissingRange missing(KafkaPartition partition, long from, long until) {
        return new MissingRange(partition, from, until, MissingRange.Cause.NOT_IN_SNAPSHOT);
    }

    private Snapshot snapshot(String topic) throws TopicException {
        Snapshot snapshot = snapshots.get(topic);
        if (snapshot == null) {
            throw new TopicException("no snapshot of topic " + topic + " (" + description() + " hold"
                    + (snapshots.size() == 1 ? "s" : "") + " " + String.join(", ", snapshots.keySet()) + ")");
        }
        return snapshot;
    }

    private SnapshotIndex.Partition index(KafkaPartition partition) throws TopicException {
        SnapshotIndex.Partition index = snapshot(partition.topic()).index().partitions().get(partition.partition());
        if (index == null) {
            throw new TopicException("snapshot of topic " + partition.topic() + " holds no record of partition "
                    + partition.partition());
        }
        return index;
    }

    @Override
    public void close() {
        snapshots.values().forEach(JsonlTopicSource::closeQuietly);
    }

    private static void closeQuietly(Snapshot snapshot) {
        try {
            snapshot.channel().close();
        } catch (IOException e) {
            // read-only file: nothing to lose
        }
    }

    /** Reads lines by position through a 1 MiB window, so consecutive lines cost one system call per window. */
    private static final class LineReader {
        private static final int WINDOW = 1 << 20;
        private final FileChannel channel;
        private final ByteBuffer window = ByteBuffer.allocate(WINDOW);
        private long windowStart = -1;

        LineReader(FileChannel channel) {
            this.channel = channel;
        }

        byte[] read(long position, int length, String where) throws TopicException {
            byte[] line = new byte[length];
            try {
                if (length > WINDOW) {
                    readFully(ByteBuffer.wrap(line), position, where);
                    return line;
                }
                if (windowStart < 0 || position < windowStart || position + length > windowStart + window.limit()) {
                    window.clear();
                    windowStart = position;
                    while (window.hasRemaining()) {
                        if (channel.read(window, windowStart + window.position()) < 0) {
                            break;
                        }
                    }
                    window.flip();
                    if (window.limit() < length) {
                        throw new TopicException(where + " is gone: the snapshot file was truncated after it was opened");
                    }
                }
                window.get((int) (position - windowStart), line);
                return line;
            } catch (IOException e) {
                throw new TopicException("cannot read " + where + ": " + e.getMessage(), e);
            }
        }

        private void readFully(ByteBuffer target, long position, String where) throws IOException, TopicException {
            while (target.hasRemaining()) {
                if (channel.read(target, position + target.position()) < 0) {
                    throw new TopicException(where + " is gone: the snapshot file was truncated after it was opened");
                }
            }
        }
    }
}
