package io.streamscope.replay;

import io.streamscope.topic.InferredSchema;

import java.util.List;
import java.util.Optional;

/**
 * One source as the replay reads it.
 *
 * @param index    its index in the checkpoint
 * @param topics   the topics its offsets name
 * @param schema   the value schema {@code from_json} decodes with, as DDL; empty when the job decodes no JSON
 * @param origin   where that schema comes from
 * @param inferred the inference, when the schema was inferred (its DDL is {@code schema})
 */
public record SourceSetup(int index, List<String> topics, Optional<String> schema, Origin origin,
                          Optional<InferredSchema> inferred) {

    public SourceSetup {
        topics = List.copyOf(topics);
    }

    public enum Origin {
        /** Written in the job. */
        JOB,
        /** Given by the user ({@code --schema}, the window's schema field). */
        GIVEN,
        /** The sample's {@code streamscope.json}. */
        SIDECAR,
        /** Inferred from the records the checkpoint's batches read, as {@code spark.read.json} infers. */
        INFERRED,
        /** No JSON is decoded. */
        NONE
    }
}
