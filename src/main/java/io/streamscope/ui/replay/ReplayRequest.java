package io.streamscope.ui.replay;

import io.streamscope.checkpoint.Checkpoint;
import io.streamscope.replay.OutputMode;
import io.streamscope.replay.Sidecar;

import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Everything one replay run needs, as the window holds it; immutable, so the background thread reads no property.
 *
 * @param checkpoint the checkpoint replayed
 * @param sidecar    its {@code streamscope.json}, if it has one
 * @param text       the query editor's text: a whole job (PySpark or Scala: it has a {@code readStream}) or a bare
 *                   query (a DataFrame chain or SQL); blank for neither
 * @param schemas    value schemas (DDL) the user gave, by topic ({@link io.streamscope.replay.ReplayRequest#ANY_TOPIC}
 *                   for every topic)
 * @param mode       the output mode the user chose, over the job's; empty for the job's own
 * @param topic      where the records are read, or null when there is no topic source
 */
public record ReplayRequest(Checkpoint checkpoint, Optional<Sidecar> sidecar, String text, Map<String, String> schemas,
                            Optional<OutputMode> mode, TopicChoice topic) {

    private static final Pattern READ_STREAM = Pattern.compile("\\breadStream\\b");

    public ReplayRequest {
        sidecar = sidecar == null ? Optional.empty() : sidecar;
        text = text == null ? "" : text;
        schemas = schemas == null ? Map.of() : Map.copyOf(schemas);
        mode = mode == null ? Optional.empty() : mode;
    }

    /** A text with a {@code readStream} is a whole job; any other text is a query over the one stream. */
    public static boolean isJob(String text) {
        return text != null && READ_STREAM.matcher(text).find();
    }

    public boolean isJob() {
        return isJob(text);
    }

    /** The session's request: the text as the job or as the query, the schemas, the mode, the sidecar. */
    public io.streamscope.replay.ReplayRequest session() {
        Optional<String> given = Optional.of(text).filter(value -> !value.isBlank());
        return new io.streamscope.replay.ReplayRequest(checkpoint, given.filter(ReplayRequest::isJob),
                given.filter(value -> !isJob(value)), schemas, mode, sidecar);
    }
}
