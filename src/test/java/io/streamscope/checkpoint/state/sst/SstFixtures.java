package io.streamscope.checkpoint.state.sst;

import com.fasterxml.jackson.databind.JsonNode;
import io.streamscope.checkpoint.Json;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;

/** The Spark-written RocksDB fixtures of the conformance corpus: their SST files and snapshot zips. */
final class SstFixtures {

    static final Path CORPUS = Path.of("src/test/resources/spark-conformance");
    static final List<String> FIXTURES = List.of("checkpoint-version-4.0.0/rocksdb", "checkpoint-version-4.0.0-checkpoint-v2/rocksdb",
            "checkpoint-version-4.0.0-tws-avro", "checkpoint-version-4.0.0-tws-unsaferow");

    private static final Pattern ZIP = Pattern.compile("(\\d+)(?:_([0-9A-Za-z-]+))?\\.zip");

    /** A snapshot: the store folder, version, unique id ("" without) and the SST files its metadata lists. */
    record Snapshot(Path store, long version, String uniqueId, Path zip, List<Path> ssts, long numKeys,
                    boolean virtualColumnFamilies) {
        String name() {
            return CORPUS.relativize(zip).toString();
        }
    }

    private SstFixtures() {
    }

    /** Every {@code .sst} file of the fixtures (hidden {@code .crc} files excluded). */
    static List<Path> sstFiles() {
        List<Path> files = new ArrayList<>();
        for (String fixture : FIXTURES) {
            try (Stream<Path> walk = Files.walk(CORPUS.resolve(fixture))) {
                walk.filter(p -> p.getFileName().toString().endsWith(".sst") && !p.getFileName().toString().startsWith("."))
                        .filter(p -> p.getParent().getFileName().toString().equals("SSTs"))
                        .sorted().forEach(files::add);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return files;
    }

    /** Every snapshot zip of the fixtures, with its SST list resolved to {@code SSTs/<dfsSstFileName>}. */
    static List<Snapshot> snapshots() {
        List<Snapshot> snapshots = new ArrayList<>();
        for (String fixture : FIXTURES) {
            try (Stream<Path> walk = Files.walk(CORPUS.resolve(fixture))) {
                for (Path zip : walk.filter(p -> ZIP.matcher(p.getFileName().toString()).matches()).sorted().toList()) {
                    Matcher m = ZIP.matcher(zip.getFileName().toString());
                    m.matches();
                    JsonNode metadata = metadata(zip);
                    List<Path> ssts = new ArrayList<>();
                    for (JsonNode sst : metadata.path("sstFiles")) {
                        ssts.add(zip.resolveSibling("SSTs").resolve(sst.path("dfsSstFileName").asText()));
                    }
                    snapshots.add(new Snapshot(zip.getParent(), Long.parseLong(m.group(1)), m.group(2) == null ? "" : m.group(2),
                            zip, ssts, metadata.path("numKeys").asLong(-1),
                            metadata.path("columnFamilyMapping").size() > 0));
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return snapshots;
    }

    /** The zip's {@code metadata} entry: {@code v1\n{json}}. */
    static JsonNode metadata(Path zip) throws IOException {
        try (InputStream file = Files.newInputStream(zip); ZipInputStream in = new ZipInputStream(file)) {
            for (ZipEntry entry; (entry = in.getNextEntry()) != null; ) {
                if (entry.getName().equals("metadata")) {
                    String text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
                    if (!text.startsWith("v1\n")) {
                        throw new IOException(zip + ": metadata does not start with v1");
                    }
                    return Json.mapper().readTree(text.substring(3));
                }
            }
        }
        throw new IOException(zip + " has no metadata entry");
    }
}
