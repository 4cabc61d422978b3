package io.streamscope.checkpoint.state;

import com.fasterxml.jackson.databind.JsonNode;
import io.streamscope.checkpoint.Json;

import java.io.IOException;
import java.io.InputStream;
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
        try (ZipFile file = new ZipFile(zip.toFile())) {
            ZipEntry entry = file.getEntry("metadata");
            if (entry == null) {
                throw new StateFileException(0, "the zip has no metadata entry");
            }
            if (entry.getSize() > MAX_METADATA_BYTES) {
                throw new StateFileException(0, "the zip's metadata entry claims " + entry.getSize() + " bytes, more than "
                        + MAX_METADATA_BYTES);
            }
            byte[] bytes;
            try (InputStream in = file.getInputStream(entry)) {
                bytes = in.readNBytes(MAX_METADATA_BYTES + 1);
            }
            if (bytes.length > MAX_METADATA_BYTES) {
                throw new StateFileException(0, "the zip's metadata entry inflates to more than " + MAX_METADATA_BYTES + " bytes");
            }
            String text = new String(bytes, java.nio.charset.StandardCharsets.UTF_8);
            int newline = text.indexOf('\n');
            if (!text.startsWith("v1") || newline < 0) {
                throw new StateFileException(0, "the zip's metadata entry does not start with v1");
            }
            try {
                return Json.MAPPER.readTree(text.substring(newline + 1));
            } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
                throw new StateFileException(0, "the zip's metadata entry is not JSON: " + e.getOriginalMessage());
            }
        } catch (java.util.zip.ZipException e) {
            throw new StateFileException(0, "not a readable zip: " + e.getMessage());
        } catch (java.io.EOFException e) {
            throw new StateFileException(0, "not a readable zip (truncated): " + e.getMessage());
        } catch (RuntimeException | OutOfMemoryError e) {
            throw new StateFileException(0, "not a readable zip: " + e);
        }
    }
}
