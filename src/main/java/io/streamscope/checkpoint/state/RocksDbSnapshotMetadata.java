package io.streamscope.checkpoint.state;

import com.fasterxml.jackson.databind.JsonNode;
import io.streamscope.checkpoint.Json;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;

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

    static JsonNode read(Path zip) throws IOException, StateFileException {
        try (InputStream file = Files.newInputStream(zip); ZipInputStream in = new ZipInputStream(file)) {
            for (ZipEntry entry; (entry = in.getNextEntry()) != null; ) {
                if (entry.getName().equals("metadata")) {
                    byte[] bytes = in.readNBytes(MAX_METADATA_BYTES + 1);
                    if (bytes.length > MAX_METADATA_BYTES) {
                        throw new StateFileException(0, "the zip's metadata entry is larger than " + MAX_METADATA_BYTES + " bytes");
                    }
                    String text = new String(bytes, java.nio.charset.StandardCharsets.UTF_8);
                    int newline = text.indexOf('\n');
                    if (!text.startsWith("v1") || newline < 0) {
                        throw new StateFileException(0, "the zip's metadata entry does not start with v1");
                    }
                    return Json.MAPPER.readTree(text.substring(newline + 1));
                }
            }
        } catch (java.util.zip.ZipException e) {
            throw new StateFileException(0, "not a readable zip: " + e.getMessage());
        }
        throw new StateFileException(0, "the zip has no metadata entry");
    }
}
