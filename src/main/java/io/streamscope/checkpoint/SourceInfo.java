package io.streamscope.checkpoint;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.Optional;

/**
 * One source of the query, by its index in the offset lines and {@code sources/<index>/}.
 *
 * @param index          source index
 * @param kind           kind, judged from its offsets and private metadata
 * @param initialOffsets where the source started (Kafka {@code sources/<i>/0}), or null when unknown
 * @param fileLog        the file-source log of a file source
 */
public record SourceInfo(int index, SourceKind kind, JsonNode initialOffsets, Optional<CompactibleLog> fileLog) {
}
