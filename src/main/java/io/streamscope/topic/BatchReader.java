package io.streamscope.topic;

import io.streamscope.checkpoint.Batch;
import io.streamscope.checkpoint.BatchSource;
import io.streamscope.checkpoint.KafkaOffsets;
import io.streamscope.checkpoint.KafkaPartition;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.function.Function;

/**
 * Batch → records: for each Kafka source of a checkpoint batch, the records of each partition in
 * {@code [start, end)}, exactly the ones the batch read. Offsets the source no longer has are reported, never
 * silently missing.
 */
public final class BatchReader {

    /** One range to read and where it came from. */
    public record PlannedRange(int sourceIndex, OffsetRange range, boolean startAssumed) {
    }

    /** The ranges of a batch, and what could not be planned. */
    public record Plan(long batchId, List<PlannedRange> ranges, List<String> notes) {

        public Plan {
            ranges = List.copyOf(ranges);
            notes = List.copyOf(notes);
        }

        public long offsets() {
            return ranges.stream().mapToLong(r -> r.range().size()).sum();
        }
    }

    private BatchReader() {
    }

    /** The offset ranges {@code batch} read, from its start and end offsets, without touching any topic. */
    public static Plan plan(Batch batch) {
        List<PlannedRange> ranges = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        for (BatchSource source : batch.sources()) {
            String name = "source " + source.index();
            if (source.endOffset() == null) {
                notes.add(name + " has no end offset in batch " + batch.id() + " (\"-\" or unreadable), so it read nothing"
                        + " that can be named");
                continue;
            }
            Optional<SortedMap<KafkaPartition, Long>> end = KafkaOffsets.parse(source.endOffset());
            if (end.isEmpty()) {
                notes.add(name + " is not a Kafka source: its records are not in a topic");
                continue;
            }
            Optional<SortedMap<KafkaPartition, Long>> start = KafkaOffsets.parse(source.startOffset());
            if (start.isEmpty()) {
                notes.add(name + ": the start offsets of batch " + batch.id() + " are unknown (earlier batches were"
                        + " purged), so its records cannot be told apart from the ones before");
                continue;
            }
            for (Map.Entry<KafkaPartition, Long> partition : end.get().entrySet()) {
                Long from = start.get().get(partition.getKey());
                boolean assumed = from == null;
                if (assumed) {
                    from = 0L;
                    notes.add(name + ": partition " + partition.getKey() + " first appears in batch " + batch.id()
                            + "; Spark read it from its earliest offset, taken here as 0");
                }
                long until = partition.getValue();
                if (until < from) {
                    notes.add(name + ": the offset of " + partition.getKey() + " went backwards from " + from + " to "
                            + until + " (topic re-created?), so this batch read nothing from it that can be named");
                    until = from;
                }
                ranges.add(new PlannedRange(source.index(), new OffsetRange(partition.getKey(), from, until), assumed));
            }
        }
        return new Plan(batch.id(), ranges, notes);
    }

    /** Reads the records of {@code batch} from {@code topics}. */
    public static BatchRecords read(TopicSource topics, Batch batch, ReadOptions options) throws TopicException {
        Mapped<TopicRecord> read = read(topics, batch, options, record -> record);
        List<PartitionRecords> partitions = new ArrayList<>();
        for (int i = 0; i < read.reads().size(); i++) {
            PlannedRange planned = read.plan().ranges().get(i);
            partitions.add(new PartitionRecords(planned.sourceIndex(), planned.range(), planned.startAssumed(),
                    read.values().get(i), read.reads().get(i).missing()));
        }
        return new BatchRecords(batch.id(), partitions, read.plan().notes());
    }

    /**
     * A batch's records, each made into a value as it arrives.
     *
     * @param values per planned range, its records' values in offset order
     * @param reads  per planned range, what was read and what is missing
     */
    public record Mapped<T>(Plan plan, List<List<T>> values, List<RangeRead> reads) {
    }

    /**
     * Reads the records of {@code batch}, each given to {@code map} on this thread as it arrives, while the source
     * may already read the next ones.
     */
    public static <T> Mapped<T> read(TopicSource topics, Batch batch, ReadOptions options, Function<TopicRecord, T> map)
            throws TopicException {
        Plan plan = plan(batch);
        List<T> all = new ArrayList<>();
        List<RangeRead> reads = topics.read(plan.ranges().stream().map(PlannedRange::range).toList(), options,
                record -> all.add(map.apply(record)));
        List<List<T>> values = new ArrayList<>();
        int next = 0;
        for (RangeRead read : reads) {
            int count = Math.toIntExact(read.recordsRead());
            values.add(all.subList(next, next + count));
            next += count;
        }
        return new Mapped<>(plan, values, reads);
    }
}
