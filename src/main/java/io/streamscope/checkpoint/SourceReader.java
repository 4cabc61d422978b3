package io.streamscope.checkpoint;

import com.fasterxml.jackson.databind.JsonNode;

import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Optional;

/**
 * Works out each source's kind and initial offsets from {@code sources/<i>/} (Kafka initial offsets, a file-source
 * log, a rate source's start time, Iceberg's {@code offsets/0}) and, failing that, from the shape of its offsets —
 * never more certain than the files are: plain-number offsets without private metadata are "rate, socket or memory".
 */
final class SourceReader {

    /** Files that say which Spark wrote a checkpoint (the Kafka initial offsets of Spark 2.1.0). */
    static final class Signs {
        final List<String> spark21 = new ArrayList<>();
    }

    private SourceReader() {
    }

    static List<SourceInfo> read(FolderAccess access, int sourceCount, Collection<OffsetSeq> offsetFiles) {
        return read(access, sourceCount, offsetFiles, new Signs());
    }

    static List<SourceInfo> read(FolderAccess access, int sourceCount, Collection<OffsetSeq> offsetFiles, Signs signs) {
        List<SourceInfo> sources = new ArrayList<>();
        for (int index = 0; index < sourceCount; index++) {
            SourceInfo source = readOne(access, index, offsetFiles, signs);
            if (source.kind() == SourceKind.PLAIN_NUMBER) {
                access.findings().note("sources/" + index, "source " + index + " is " + source.kind().description()
                        + "; its rows per batch are not counted");
            }
            sources.add(source);
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
        if (access.isFolder(sourcesDir)) {
            for (Path entry : access.list(sourcesDir)) {
                Long index = LogFolder.parseBatchId(entry.getFileName().toString());
                if (index != null && index < 10_000 && access.isFolder(entry)) {
                    count = (int) Math.max(count, index + 1);
                }
            }
        }
        return count;
    }

    private static SourceInfo readOne(FolderAccess access, int index, Collection<OffsetSeq> offsetFiles, Signs signs) {
        Path dir = access.root().resolve("sources").resolve(Integer.toString(index));
        Optional<SourceInfo> iceberg = iceberg(access, index, dir);
        if (iceberg.isPresent()) {
            return iceberg.get();
        }
        NavigableMap<Long, Path> files = LogFolder.batchFiles(access, dir, true);
        if (!files.isEmpty()) {
            Optional<SourceInfo> fromFolder = fromPrivateMetadata(access, index, dir, files, signs);
            if (fromFolder.isPresent()) {
                return fromFolder.get();
            }
        }
        return new SourceInfo(index, kindFromOffsets(index, offsetFiles), null, Optional.empty());
    }

    /**
     * Iceberg's {@code SparkMicroBatchStream} keeps its initial offset in {@code sources/<i>/offsets/0}: the
     * {@code StreamingOffset} JSON ({@code {"version":1,"snapshot_id":…,"position":…,"scan_all_files":…}}) with no
     * version line.
     */
    private static Optional<SourceInfo> iceberg(FolderAccess access, int index, Path dir) {
        Path file = dir.resolve("offsets").resolve("0");
        if (!access.isFolder(dir) || !access.isFolder(dir.resolve("offsets")) || !Files.exists(file, LinkOption.NOFOLLOW_LINKS)) {
            return Optional.empty();
        }
        Optional<LogText> text = access.readText(file, FolderAccess.MAX_TEXT_LOG_BYTES);
        if (text.isEmpty()) {
            return Optional.of(new SourceInfo(index, SourceKind.ICEBERG, null, Optional.empty()));
        }
        try {
            JsonNode offset = Json.parseObject(String.join("\n", text.get().lines()), null);
            if (!isIceberg(offset)) {
                access.findings().problem(access.relative(file), null, "not an Iceberg streaming offset: expected"
                        + " {\"version\":1,\"snapshot_id\":…,\"position\":…}, found " + LogText.abbreviate(offset.toString()));
                return Optional.of(new SourceInfo(index, SourceKind.ICEBERG, null, Optional.empty()));
            }
            return Optional.of(new SourceInfo(index, SourceKind.ICEBERG, offset, Optional.empty()));
        } catch (FormatException e) {
            access.findings().problem(access.relative(file), e);
            return Optional.of(new SourceInfo(index, SourceKind.ICEBERG, null, Optional.empty()));
        }
    }

    private static Optional<SourceInfo> fromPrivateMetadata(FolderAccess access, int index, Path dir,
                                                            NavigableMap<Long, Path> files, Signs signs) {
        Map.Entry<Long, Path> first = files.firstEntry();
        boolean compact = CompactibleLogReader.isCompact(first.getValue());
        if (compact) {
            // Only the file-source log compacts; a compact file may be large, and is read as a log.
            return Optional.of(new SourceInfo(index, SourceKind.FILE, null, Optional.of(CompactibleLogReader.read(access, dir))));
        }
        Optional<byte[]> bytes = access.read(first.getValue(), FolderAccess.MAX_TEXT_LOG_BYTES);
        if (bytes.isEmpty() || bytes.get().length == 0) {
            if (bytes.isPresent()) {
                access.findings().problem(access.relative(first.getValue()), null, "empty file");
            }
            return Optional.empty();
        }
        byte[] content = bytes.get();
        // Kafka's file starts with one binary byte: 0, or in Spark 2.1.0 the JSON's length, which may itself be 'v'
        // (118); then comes "v1\n" or the JSON. A rate source's or a file source's log starts with "v1\n" itself.
        boolean kafka = content[0] != 'v' || (content.length > 1 && content[1] == '{');
        if (kafka) {
            if (first.getKey() != 0) {
                return Optional.empty();
            }
            if (KafkaInitialOffsetParser.isSpark210Format(content)) {
                signs.spark21.add(access.relative(first.getValue()) + " has Spark 2.1.0's Kafka initial offsets (no version line)");
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
            if (text.size() == 2 && !text.line(2).isEmpty() && text.line(2).chars().allMatch(Character::isDigit)) {
                return Optional.of(new SourceInfo(index, SourceKind.RATE, null, Optional.empty()));
            }
        } catch (FormatException e) {
            access.findings().problem(access.relative(first.getValue()), e);
            return Optional.empty();
        }
        return Optional.of(new SourceInfo(index, SourceKind.FILE, null, Optional.of(CompactibleLogReader.read(access, dir))));
    }

    static SourceKind kindFromOffsets(int index, Collection<OffsetSeq> offsetFiles) {
        SourceKind kind = SourceKind.UNKNOWN;
        for (OffsetSeq offsets : offsetFiles) {
            if (index < offsets.offsets().size() && offsets.offsets().get(index) != null) {
                kind = kindOf(offsets.offsets().get(index));
                if (kind != SourceKind.UNKNOWN) {
                    return kind;
                }
            }
        }
        return kind;
    }

    /** The kind an offset's shape tells, as far as it tells; {@code {}} alone tells nothing. */
    static SourceKind kindOf(JsonNode offset) {
        if (offset.isIntegralNumber()) {
            return SourceKind.PLAIN_NUMBER;
        }
        if (offset.isObject()) {
            if (offset.size() == 1 && offset.has("logOffset") && offset.get("logOffset").isIntegralNumber()) {
                return SourceKind.FILE;
            }
            if (offset.has("reservoirId") && (offset.has("reservoirVersion") || offset.has("sourceVersion"))) {
                return SourceKind.DELTA;
            }
            if (isIceberg(offset)) {
                return SourceKind.ICEBERG;
            }
            if (offset.size() == 2 && offset.path("offset").isIntegralNumber() && offset.path("timestamp").isIntegralNumber()) {
                return SourceKind.RATE_MICRO_BATCH;
            }
            if (!offset.isEmpty() && KafkaOffsets.isKafkaOffsets(offset)) {
                return SourceKind.KAFKA;
            }
        }
        return SourceKind.UNKNOWN;
    }

    /** Iceberg's {@code StreamingOffset}: {@code version}, {@code snapshot_id}, {@code position}, {@code scan_all_files}. */
    static boolean isIceberg(JsonNode offset) {
        return offset.isObject() && offset.path("snapshot_id").isIntegralNumber() && offset.path("position").isIntegralNumber()
                && offset.path("version").isIntegralNumber();
    }
}
