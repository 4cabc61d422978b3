package io.streamscope.replay;

import io.streamscope.checkpoint.Checkpoint;

import java.util.Map;
import java.util.Optional;

/**
 * What to replay a checkpoint with. The job's own text says the streams, schemas, query and mode; {@code query},
 * {@code schemas} and {@code mode} override it. Without a job, the sidecar's query, schema and mode are the defaults
 * (our samples), and a topic without any schema gets one inferred from the records its batches read.
 *
 * @param checkpoint the checkpoint replayed
 * @param job        the streaming job's source (PySpark or Scala), if given
 * @param query      a query that replaces the job's (a DataFrame chain or SQL over the one stream), if given
 * @param schemas    value schemas as DDL by topic; the key {@value #ANY_TOPIC} for every topic without its own
 * @param mode       the output mode, over the job's
 * @param sidecar    the checkpoint's {@code streamscope.json}, if it has one
 */
public record ReplayRequest(Checkpoint checkpoint, Optional<String> job, Optional<String> query,
                            Map<String, String> schemas, Optional<OutputMode> mode, Optional<Sidecar> sidecar) {

    /** The {@link #schemas} key of a schema given without a topic. */
    public static final String ANY_TOPIC = "";

    public ReplayRequest {
        schemas = Map.copyOf(schemas);
        job = job.filter(text -> !text.isBlank());
        query = query.filter(text -> !text.isBlank());
    }

    /** The schema given for {@code topic}, or for every topic. */
    Optional<String> schemaFor(String topic) {
        return Optional.ofNullable(schemas.get(topic)).or(() -> Optional.ofNullable(schemas.get(ANY_TOPIC)))
                .filter(ddl -> !ddl.isBlank());
    }
}
