package io.streamscope.topic;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@code --topic-file [TOPIC=]FILE} values, as the CLI's {@code replay} and the window take them: one snapshot
 * file per topic the checkpoint read, and a bare FILE for a checkpoint that read a single topic.
 */
public final class TopicFiles {

    /** One value: {@code orders=a.jsonl} names its topic; a bare {@code a.jsonl} leaves it to the checkpoint (null). */
    public record Entry(String topic, Path file) {

        public static Entry parse(String value) {
            return parse(value, Path::of);
        }

        /** Likewise, the file opened by {@code open} (a local path or a remote URI). */
        public static Entry parse(String value, java.util.function.Function<String, Path> open) {
            int equals = value.indexOf('=');
            // A topic name has no '/' or ':'; an '=' after one belongs to a path or URI.
            boolean named = equals > 0 && value.substring(0, equals).chars().noneMatch(c -> c == '/' || c == ':');
            return named ? new Entry(value.substring(0, equals), open.apply(value.substring(equals + 1)))
                    : new Entry(null, open.apply(value));
        }
    }

    private TopicFiles() {
    }

    /**
     * The file of each topic, in the order given. A bare file is the file of the checkpoint's only topic, and only
     * when it is the only file given.
     *
     * @param topics the Kafka topics the checkpoint read ({@link CheckpointSpan#topics})
     * @throws IllegalArgumentException when a bare file cannot say which topic it holds
     */
    public static Map<String, Path> byTopic(List<Entry> entries, List<String> topics) {
        Map<String, Path> files = new LinkedHashMap<>();
        for (Entry entry : entries) {
            if (entry.topic() == null && (topics.size() != 1 || entries.size() > 1)) {
                throw new IllegalArgumentException("the checkpoint reads " + topics
                        + ": give one --topic-file TOPIC=FILE per topic");
            }
            files.put(entry.topic() == null ? topics.get(0) : entry.topic(), entry.file());
        }
        return files;
    }
}
