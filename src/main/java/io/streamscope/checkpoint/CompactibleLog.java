package io.streamscope.checkpoint;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.List;

/**
 * A compactible metadata log: a file source's {@code sources/<i>/} or a file sink's {@code _spark_metadata/}.
 * Every {@code compactInterval}-th batch is written as {@code <id>.compact} holding all entries up to it.
 *
 * @param files   the batch files present, ascending
 * @param entries the entries that are current: those of the newest compact file plus every later batch file
 */
public record CompactibleLog(List<LogFile> files, List<JsonNode> entries) {

    public CompactibleLog {
        files = List.copyOf(files);
        entries = List.copyOf(entries);
    }

    /** One batch file of the log. */
    public record LogFile(long batchId, boolean compact, int entryCount) {
    }
}
