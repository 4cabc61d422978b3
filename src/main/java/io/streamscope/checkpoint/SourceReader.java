package io.streamscope.checkpoint;

import com.fasterxml.jackson.databind.JsonNode;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Optional;

/**
 * Works out each source's kind and initial offsets from {@code sources/<i>/} (Kafka initial offsets, a file-source
 * log, a rate source's start time) and, failing that, from the shape of its offsets.
 */
final class SourceReader {

    private SourceReader() {
    }

    static List<SourceInfo> read(FolderAccess access, int sourceCount, Collection<OffsetSeq> offsetFiles) {
        List<SourceInfo> sources = new ArrayList<>();
        for (int index = 0; index < sourceCount; index++) {
            sources.add(readOne(access, index, offsetFiles));
        }
        return sources;
    }

    /** How many sources the query has: the most offset lines in any batch, or the {@code sources/} folders. */
    static int countSources(FolderAccess access, Collection<OffsetSeq> offsetFiles) {
        int count = 0;
        for (OffsetSeq offsets : offsetFiles) {
            count = Math.max(count, offsets.offsets().size());
        }
        Path sourcesDir = access.root().resolve("sources");
        if (Files.isDirectory(sourcesDir)) {
            for (Path entry : access.list(sourcesDir)) {
                Long index = LogFolder.parseBatchId(entry.getFileName().toString());
                if (index != null && index < 10_000 && Files.isDirectory(entry)) {
                    count = (int) Math.max(count, index + 1);
                }
            }
        }
        return count;
    }

    private static SourceInfo readOne(FolderAccess access, int index, Collection<OffsetSeq> offsetFiles) {
        Path dir = access.root().resolve("sources").resolve(Integer.toString(index));
        NavigableMap<Long, Path> files = LogFolder.batchFiles(access, dir, true);
        if (!files.isEmpty()) {
            Optional<SourceInfo> fromFolder = fromPrivateMetadata(access, index, dir, files);
            if (fromFolder.isPresent()) {
                return fromFolder.get();
            }
        }
        return new SourceInfo(index, kindFromOffsets(index, offsetFiles), null, Optional.empty());
    }

    private static Optional<SourceInfo> fromPrivateMetadata(FolderAccess access, int index, Path dir,
                                                            NavigableMap<Long, Path> files) {
        Map.Entry<Long, Path> first = files.firstEntry();
        Optional<byte[]> bytes = access.read(first.getValue());
        if (bytes.isEmpty() || bytes.get().length == 0) {
            if (bytes.isPresent()) {
                access.findings().problem(access.relative(first.getValue()), null, "empty file");
            }
            return Optional.empty();
        }
        byte[] content = bytes.get();
        boolean compact = CompactibleLogReader.isCompact(first.getValue());
        if (content[0] != 'v') {
            if (first.getKey() != 0 || compact) {
                return Optional.empty();
            }
            try {
                return Optional.of(new SourceInfo(index, SourceKind.KAFKA, KafkaInitialOffsetParser.parse(content), Optional.empty()));
            } catch (FormatException e) {
                access.findings().problem(access.relative(first.getValue()), e);
                return Optional.of(new SourceInfo(index, SourceKind.KAFKA, null, Optional.empty()));
            }
        }
        try {
            LogText text = LogText.decode(content);
            if (!compact && text.size() == 2 && text.line(2).chars().allMatch(Character::isDigit) && !text.line(2).isEmpty()) {
                return Optional.of(new SourceInfo(index, SourceKind.RATE, null, Optional.empty()));
            }
        } catch (FormatException e) {
            access.findings().problem(access.relative(first.getValue()), e);
            return Optional.empty();
        }
        return Optional.of(new SourceInfo(index, SourceKind.FILE, null, Optional.of(CompactibleLogReader.read(access, dir))));
    }

    static SourceKind kindFromOffsets(int index, Collection<OffsetSeq> offsetFiles) {
        for (OffsetSeq offsets : offsetFiles) {
            if (index < offsets.offsets().size() && offsets.offsets().get(index) != null) {
                return kindOf(offsets.offsets().get(index));
            }
        }
        return SourceKind.UNKNOWN;
    }

    static SourceKind kindOf(JsonNode offset) {
        if (offset.isIntegralNumber()) {
            return SourceKind.MEMORY;
        }
        if (offset.isObject()) {
            if (offset.has("logOffset")) {
                return SourceKind.FILE;
            }
            if (offset.has("reservoirId")) {
                return SourceKind.DELTA;
            }
            if (offset.size() == 2 && offset.has("offset") && offset.has("timestamp")) {
                return SourceKind.RATE_MICRO_BATCH;
            }
            if (KafkaOffsets.isKafkaOffsets(offset)) {
                return SourceKind.KAFKA;
            }
        }
        return SourceKind.UNKNOWN;
    }
}
