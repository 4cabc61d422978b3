package io.streamscope.replay;

import io.streamscope.checkpoint.Batch;
import io.streamscope.checkpoint.BatchSource;
import io.streamscope.checkpoint.Checkpoint;
import io.streamscope.checkpoint.KafkaOffsets;
import io.streamscope.checkpoint.KafkaPartition;
import io.streamscope.task.Work;
import io.streamscope.topic.BatchReader;
import io.streamscope.topic.BatchRecords;
import io.streamscope.topic.DdlParser;
import io.streamscope.topic.InferredSchema;
import io.streamscope.topic.JsonSchemaInference;
import io.streamscope.topic.PartitionRecords;
import io.streamscope.topic.ReadOptions;
import io.streamscope.topic.SchemaException;
import io.streamscope.topic.TopicException;
import io.streamscope.topic.TopicRecord;
import io.streamscope.topic.TopicSource;

import java.util.List;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeSet;

/** A checkpoint source's topics, as its offsets name them, and the value schema its records imply or accept. */
final class SourceTopics {

    /** How many records of a source the schema inference reads at most. */
    static final int INFERENCE_RECORDS = 100_000;

    private final Checkpoint checkpoint;
    private final TopicSource topics;
    private final Work work;

    SourceTopics(Checkpoint checkpoint, TopicSource topics, Work work) {
        this.checkpoint = checkpoint;
        this.topics = topics;
        this.work = work;
    }

    /** The topics source {@code index}'s offsets name, in order. */
    List<String> of(int index) {
        TreeSet<String> names = new TreeSet<>();
        for (Batch batch : checkpoint.batches().values()) {
            for (BatchSource source : batch.sources()) {
                if (source.index() == index) {
                    Optional<SortedMap<KafkaPartition, Long>> offsets = KafkaOffsets.parse(source.endOffset());
                    offsets.ifPresent(map -> map.keySet().forEach(partition -> names.add(partition.topic())));
                }
            }
        }
        return List.copyOf(names);
    }

    /**
     * The schema of a source's values, inferred from (at most {@link #INFERENCE_RECORDS} of) its batches' records; asks
     * the cancellation before each batch and while a batch's records are read.
     *
     * @throws java.util.concurrent.CancellationException when the work is cancelled
     */
    InferredSchema infer(int index, List<String> sourceTopics) throws ReplayPlanner.UnreadableException {
        JsonSchemaInference.Accumulator accumulator = JsonSchemaInference.accumulator();
        for (Batch batch : checkpoint.batches().values()) {
            if (accumulator.records() >= INFERENCE_RECORDS) {
                break;
            }
            work.check();
            try {
                BatchRecords records = BatchReader.read(topics, batch,
                        ReadOptions.fullValues().withCancellation(work.cancellation()));
                for (PartitionRecords partition : records.partitions()) {
                    if (partition.sourceIndex() == index) {
                        for (TopicRecord record : partition.records()) {
                            accumulator.add(record);
                        }
                    }
                }
            } catch (TopicException e) {
                throw new ReplayPlanner.UnreadableException("Cannot read " + String.join(",", sourceTopics)
                        + " to infer its schema: " + e.getMessage());
            }
        }
        InferredSchema inferred = accumulator.result();
        if (inferred.schema().fields().isEmpty()) {
            throw new ReplayPlanner.UnreadableException("No schema for " + String.join(",", sourceTopics)
                    + ": none was given and its records hold no JSON object to infer one from");
        }
        return inferred;
    }

    /** Whether {@code ddl} parses as a schema for the source's topics. */
    static void checkDdl(String ddl, List<String> sourceTopics) throws ReplayPlanner.UnreadableException {
        try {
            DdlParser.parseSchema(ddl);
        } catch (SchemaException e) {
            throw new ReplayPlanner.UnreadableException("Schema of " + String.join(",", sourceTopics) + ": "
                    + e.getMessage());
        }
    }
}
