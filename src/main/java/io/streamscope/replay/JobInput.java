package io.streamscope.replay;

import io.streamscope.checkpoint.Batch;
import io.streamscope.checkpoint.Checkpoint;
import io.streamscope.sparktypes.Row;
import io.streamscope.sparktypes.SparkType;
import io.streamscope.task.Progress;
import io.streamscope.task.Work;
import io.streamscope.topic.BatchReader;
import io.streamscope.topic.KafkaColumns;
import io.streamscope.topic.MissingRange;
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
        SourcePlan early = decodedOnArrival(BatchReader.plan(batch));
        boolean[] failed = {false};
        BatchReader.Mapped<Input> read;
        try {
            read = BatchReader.read(topics, batch, ReadOptions.fullValues().withCancellation(work.cancellation()),
                    record -> early == null ? new Input(record, null, null) : decodeOnArrival(early, record, failed));
        } catch (TopicException e) {
            throw new InputException(e.getMessage(), e);
        }
        if (!read.plan().notes().isEmpty()) {
            throw new InputException(String.join("; ", read.plan().notes()));
        }
        List<MissingRange> missing = read.reads().stream().flatMap(r -> r.missing().stream()).toList();
        if (!missing.isEmpty()) {
            throw new InputException("records the batch read are not in " + topics.description() + ": " + missing);
        }
        List<Row> rows = new ArrayList<>();
        RowOrigins origins = new RowOrigins();
        for (SourcePlan source : plans) {
            for (int i = 0; i < read.values().size(); i++) {
                if (read.plan().ranges().get(i).sourceIndex() != source.index()) {
                    continue;
                }
                for (Input input : read.values().get(i)) {
                    if (input.failure() != null) {
                        throw input.failure();
                    }
                    Row row = early != null ? input.row() : rowOf(source, input.record());
                    if (row != null) {
                        rows.add(row);
                        origins.add(input.record().topic(), input.record().partition(), input.record().offset(),
                                source.index());
                    }
                }
            }
        }
        coordinates.put(batch.id(), origins.coordinates());
        sources.put(batch.id(), origins.sources());
        work.report("replay, batch " + batch.id(), coordinates.size(), batchesToRead, Progress.Unit.BATCHES);
        return rows;
    }

    /**
     * A record and, when decoded as it arrived, its row (null: the branch dropped it) or what the decoding threw,
     * thrown when the rows are put together, where decoding after the read would have thrown it.
     */
    private record Input(TopicRecord record, Row row, RuntimeException failure) {
    }

    /**
     * The source whose records are decoded as they arrive (while the next are fetched): the only one, when the batch
     * reads nothing else and names every range it read (nearly every query). Otherwise each record waits for the
     * read's end, where its range tells its source.
     */
    private SourcePlan decodedOnArrival(BatchReader.Plan plan) {
        if (plans.size() != 1 || !plan.notes().isEmpty()) {
            return null;
        }
        SourcePlan only = plans.get(0);
        return plan.ranges().stream().allMatch(range -> range.sourceIndex() == only.index()) ? only : null;
    }

    private static Input decodeOnArrival(SourcePlan source, TopicRecord record, boolean[] failed) {
        if (failed[0]) {
            return new Input(record, null, null); // never looked at: the rows stop at the failure before it
        }
        try {
            return new Input(record, rowOf(source, record), null);
        } catch (RuntimeException e) {
            failed[0] = true;
            return new Input(record, null, e);
        }
    }

    /** The record through the source's decoding and its branch's operations; null when they drop it. */
    private static Row rowOf(SourcePlan source, TopicRecord record) {
        Row row = source.direct() != null
                ? source.direct().decode(record.value()).rowOrNulls(source.direct().schema())
                : RowPipeline.apply(source.decode(), KafkaColumns.row(record, source.includeHeaders()));
        return row == null ? null : RowPipeline.apply(source.branch(), row);
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
