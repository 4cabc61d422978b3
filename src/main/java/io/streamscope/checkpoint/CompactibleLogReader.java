package io.streamscope.checkpoint;

import com.fasterxml.jackson.databind.JsonNode;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Optional;

/**
 * Reads a compactible log ({@code CompactibleFileStreamLog}): a file source's {@code sources/<i>/} or a file sink's
 * {@code _spark_metadata/}. Each file is {@code v1} then one JSON entry per line.
 */
final class CompactibleLogReader {

    private static final int MAX_VERSION = 1;

    private CompactibleLogReader() {
    }

    static CompactibleLog read(FolderAccess access, Path dir) {
        NavigableMap<Long, Path> files = LogFolder.batchFiles(access, dir, true);
        Long newestCompact = null;
        for (Map.Entry<Long, Path> file : files.descendingMap().entrySet()) {
            if (isCompact(file.getValue())) {
                newestCompact = file.getKey();
                break;
            }
        }
        List<CompactibleLog.LogFile> logFiles = new ArrayList<>();
        List<JsonNode> current = new ArrayList<>();
        for (Map.Entry<Long, Path> file : files.entrySet()) {
            List<JsonNode> entries = readEntries(access, file.getValue()).orElse(List.of());
            logFiles.add(new CompactibleLog.LogFile(file.getKey(), isCompact(file.getValue()), entries.size()));
            if (newestCompact == null || file.getKey() >= newestCompact) {
                current.addAll(entries);
            }
        }
        return new CompactibleLog(logFiles, current);
    }

    static boolean isCompact(Path file) {
        return file.getFileName().toString().endsWith(".compact");
    }

    static Optional<List<JsonNode>> readEntries(FolderAccess access, Path file) {
        Optional<LogText> text = access.readText(file, FolderAccess.MAX_LOG_FILE_BYTES);
        if (text.isEmpty()) {
            return Optional.empty();
        }
        try {
            return Optional.of(parse(text.get()));
        } catch (FormatException e) {
            access.findings().problem(access.relative(file), e);
            return Optional.empty();
        }
    }

    static List<JsonNode> parse(byte[] bytes) throws FormatException {
        return parse(LogText.decode(bytes));
    }

    static List<JsonNode> parse(LogText text) throws FormatException {
        text.version(MAX_VERSION);
        List<JsonNode> entries = new ArrayList<>();
        for (int number = 2; number <= text.size(); number++) {
            entries.add(Json.parseObject(text.line(number), FormatException.line(number)));
        }
        return entries;
    }
}
