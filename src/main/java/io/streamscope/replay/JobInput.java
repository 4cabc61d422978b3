package io.streamscope.replay;

import io.streamscope.checkpoint.Batch;
import io.streamscope.checkpoint.Checkpoint;
import io.streamscope.sql.Row;
import io.streamscope.sql.SparkType;
import io.streamscope.task.Progress;
import io.streamscope.task.Work;
import io.streamscope.topic.BatchReader;
import io.streamscope.topic.BatchRecords;
import io.streamscope.topic.KafkaColumns;
import io.streamscope.topic.PartitionRecords;
import io.streamscope.topic.ReadOptions;
import io.streamscope.topic.TopicException;
import io.streamscope.topic.TopicRecord;
import io.streamscope.topic.TopicSource;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The query's input rows, batch by batch: each source's records of the batch, exactly its offset ranges, as Spark's
 * Kafka source makes rows of them, through the job's decoding and (in a union) the branch's operations, sources in
 * the checkpoint's order. Records the batch read that the topic source lacks stop the replay at that batch.
 */
public final class JobInput implements InputSource {

    /** Where a row came from: its record's topic, partition and offset. */
    public record Coordinates(String topic, int partition, long offset) {
    }

    private final TopicSource topics;
    private final List<SourcePlan> plans;
    private final SparkType.Struct schema;
    /** Per batch read, where each of its rows came from, in row order. */
    private final Map<Long, List<Coordinates>> coordinates = new ConcurrentHashMap<>();
    /** Per batch read, the checkpoint source index of each of its rows, in row order. */
    private final Map<Long, List<Integer>> sources = new ConcurrentHashMap<>();

    private final Work work;
    /** The batches a replay reads: those with offsets (the others are not replayed). */
    private final long batchesToRead;

    JobInput(TopicSource topics, List<SourcePlan> sources, SparkType.Struct schema, Work work, Checkpoint checkpoint) {
        this.topics = topics;
        this.plans = List.copyOf(sources);
        this.schema = schema;
        this.work = work;
        this.batchesToRead = checkpoint.batches().values().stream().filter(batch -> batch.offsets().isPresent()).count();
    }

    @Override
    public SparkType.Struct schema() {
        return schema;
    }

    /** How many sources the rows come from. */
    public int sourceCount() {
        return plans.size();
    }

    @Override
    public List<Row> rowsOf(Batch batch) throws InputException {
        work.check();
        BatchRecords records;
        try {
            records = BatchReader.read(topics, batch, ReadOptions.fullValues().withCancellation(work.cancellation()));
        } catch (TopicException e) {
            throw new InputException(e.getMessage(), e);
        }
        if (!records.notes().isEmpty()) {
            throw new InputException(String.join("; ", records.notes()));
        }
        if (!records.missing().isEmpty()) {
            throw new InputException("records the batch read are not in " + topics.description() + ": "
                    + records.missing());
        }
        List<Row> rows = new ArrayList<>();
        List<Coordinates> where = new ArrayList<>();
        List<Integer> from = new ArrayList<>();
        for (SourcePlan source : plans) {
            for (PartitionRecords partition : records.partitions()) {
                if (partition.sourceIndex() != source.index()) {
                    continue;
                }
                for (TopicRecord record : partition.records()) {
                    Row row = source.direct() != null
                            ? source.direct().decode(record.value()).rowOrNulls(source.direct().schema())
                            : RowPipeline.apply(source.decode(), KafkaColumns.row(record, source.includeHeaders()));
                    row = row == null ? null : RowPipeline.apply(source.branch(), row);
                    if (row != null) {
                        rows.add(row);
                        where.add(new Coordinates(record.topic(), record.partition(), record.offset()));
                        from.add(source.index());
                    }
                }
            }
        }
        coordinates.put(batch.id(), List.copyOf(where));
        sources.put(batch.id(), List.copyOf(from));
        work.report("replay, batch " + batch.id(), coordinates.size(), batchesToRead, Progress.Unit.BATCHES);
        return rows;
    }

    /** The checkpoint source each row {@link #rowsOf} gave for a batch came from, in the same order. */
    public List<Integer> sourcesOf(long batchId) {
        return sources.getOrDefault(batchId, List.of());
    }

    /** Where the rows {@link #rowsOf} gave for a batch came from, in the same order; empty if it was not read. */
    public List<Coordinates> coordinatesOf(long batchId) {
        return coordinates.getOrDefault(batchId, List.of());
    }
}
