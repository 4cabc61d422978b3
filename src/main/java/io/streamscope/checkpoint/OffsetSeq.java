package io.streamscope.checkpoint;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.Collections;
import java.util.List;

/**
 * One parsed {@code offsets/N} file.
 *
 * @param version  the format version (1; 2 is Spark master's unreleased keyed format)
 * @param metadata watermark, timestamp and conf
 * @param offsets  the end offset of every source in source-index order, exactly as Spark wrote it; a null entry is
 *                 Spark's {@code -} (the source had no offset yet)
 */
public record OffsetSeq(int version, OffsetSeqMetadata metadata, List<JsonNode> offsets) {

    public OffsetSeq {
        offsets = Collections.unmodifiableList(new java.util.ArrayList<>(offsets));
    }
}
