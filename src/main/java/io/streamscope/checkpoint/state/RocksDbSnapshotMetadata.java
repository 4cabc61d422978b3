package io.streamscope.checkpoint.state;

import com.fasterxml.jackson.databind.JsonNode;
import io.streamscope.checkpoint.Json;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * The {@code metadata} entry of a RocksDB snapshot zip ({@code RocksDBCheckpointMetadata}): {@code v1} then JSON with
 * the SST files and, from Spark 4, {@code columnFamilyMapping} (name → id). Read in place, nothing unzipped to disk.
 */
final class RocksDbSnapshotMetadata {

    private static final int MAX_METADATA_BYTES = 16 * 1024 * 1024;

    private RocksDbSnapshotMetadata() {
    }

    /** Column family ids by name, empty when the zip has none (no virtual column families). */
    static Map<Integer, String> columnFamilyNames(Path zip) throws IOException, StateFileException {
        JsonNode json = read(zip);
        Map<Integer, String> names = new HashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = json.path("columnFamilyMapping").fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> entry = it.next();
            names.put(entry.getValue().asInt(), entry.getKey());
        }
        return names;
    }

    /**
     * The {@code metadata} entry, found through the zip's central directory (no other entry is inflated) and read
     * bounded: an entry whose size, declared or inflated, is beyond {@link #MAX_METADATA_BYTES} is refused.
     */
    static JsonNode read(Path zip) throws IOException, StateFileException {
        try {
            return zip.getFileSystem() == FileSystems.getDefault() ? readZipFile(zip) : readThroughChannel(zip);
        } catch (java.util.zip.ZipException e) {
            throw new StateFileException(0, "not a readable zip: " + e.getMessage());
        } catch (java.io.EOFException e) {
            throw new StateFileException(0, "not a readable zip (truncated): " + e.getMessage());
        } catch (RuntimeException | OutOfMemoryError e) {
            throw new StateFileException(0, "not a readable zip: " + e);
        }
    }

    private static JsonNode readZipFile(Path zip) throws IOException, StateFileException {
        try (ZipFile file = new ZipFile(zip.toFile())) {
            ZipEntry entry = file.getEntry("metadata");
            if (entry == null) {
                throw new StateFileException(0, "the zip has no metadata entry");
            }
            try (InputStream in = file.getInputStream(entry)) {
                return parse(entry.getSize(), in);
            }
        }
    }

    /**
     * A zip on a remote file system: through the JDK's zip file system over the path's own channel, which reads the
     * central directory and the one entry with positional reads (nothing unzipped, the rest of the zip not fetched).
     */
    private static JsonNode readThroughChannel(Path zip) throws IOException, StateFileException {
        try (FileSystem zipFs = FileSystems.newFileSystem(zip, Map.of())) {
            Path entry = zipFs.getPath("metadata");
            if (!Files.exists(entry)) {
                throw new StateFileException(0, "the zip has no metadata entry");
            }
            try (InputStream in = Files.newInputStream(entry)) {
                return parse(Files.size(entry), in);
            }
        }
    }

    private static JsonNode parse(long declaredSize, InputStream in) throws IOException, StateFileException {
        if (declaredSize > MAX_METADATA_BYTES) {
            throw new StateFileException(0, "the zip's metadata entry claims " + declaredSize + " bytes, more than "
                    + MAX_METADATA_BYTES);
        }
        byte[] bytes = in.readNBytes(MAX_METADATA_BYTES + 1);
        if (bytes.length > MAX_METADATA_BYTES) {
            throw new StateFileException(0, "the zip's metadata entry inflates to more than " + MAX_METADATA_BYTES + " bytes");
        }
        String text = new String(bytes, java.nio.charset.StandardCharsets.UTF_8);
        int newline = text.indexOf('\n');
        if (!text.startsWith("v1") || newline < 0) {
            throw new StateFileException(0, "the zip's metadata entry does not start with v1");
        }
        try {
            return Json.mapper().readTree(text.substring(newline + 1));
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new StateFileException(0, "the zip's metadata entry is not JSON: " + e.getOriginalMessage());
        }
    }
}
