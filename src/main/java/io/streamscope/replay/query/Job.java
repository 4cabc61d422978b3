package io.streamscope.replay.query;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A streaming job as its own source file says it (PySpark or Scala): the session conf it sets, and each streaming
 * query it starts, with the streams it reads, what it does to them, and how it writes.
 *
 * @param text     the job file's text (every position in the job is an offset into it)
 * @param language how it is written
 * @param conf     {@code spark.conf.set(…)} and {@code SparkSession.builder.config(…)} settings, in order
 * @param queries  the queries it starts ({@code writeStream…start()} / {@code toTable(…)}), in order
 */
public record Job(String text, Language language, Map<String, String> conf, List<JobQuery> queries) {

    public Job {
        conf = Map.copyOf(conf);
        queries = List.copyOf(queries);
    }

    public enum Language { PYTHON, SCALA }

    /**
     * The query that wrote {@code checkpointFolderName}: the one whose {@code checkpointLocation} ends with that
     * name, else the only one; empty when there are several and none names it.
     */
    public Optional<JobQuery> queryFor(String checkpointFolderName) {
        if (queries.size() == 1) {
            return Optional.of(queries.get(0));
        }
        return queries.stream().filter(q -> q.checkpointLocation().map(location -> location.replaceAll("/+$", ""))
                .filter(location -> location.endsWith("/" + checkpointFolderName) || location.equals(checkpointFolderName))
                .isPresent()).findFirst();
    }
}
