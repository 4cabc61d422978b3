package io.streamscope.checkpoint;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Parses {@code src/test/resources/spark-conformance/EXPECTED-DECODED.txt}, the output of an independent (Python)
 * reader over every checkpoint fixture, in the line format documented at the top of that file:
 * <pre>
 * ## &lt;fixture path&gt;
 * metadata: {"id":"…"}
 * offsets batches: [0, 1]
 *   offsets/N: v1 wm=&lt;batchWatermarkMs&gt; ts=&lt;batchTimestampMs&gt; conf=&lt;#keys&gt; keys; sources=['…', '…']
 * commits batches: [0, 1]          (or "commits: &lt;no commits dir&gt;")
 *   commits/N: v1 | {json}
 *   state op=O store=S schema=manual|v1|v2|v3(noids)
 *     schema[NAME] key={json} value={json}
 *     part P: files=a b c [-> …]
 * </pre>
 * Everything else in the file (state rows, changelog details) is ignored here. It is an oracle the Streamscope
 * reader is compared against, so it never uses any Streamscope class.
 */
final class ConformanceDecodedOracle {

    static final Path FILE = Path.of("src/test/resources/spark-conformance/EXPECTED-DECODED.txt");

    /** One {@code offsets/N} line; {@code sources} holds the raw offset text per source, null for {@code -}. */
    record OffsetsLine(long batchId, int version, long watermarkMs, long timestampMs, int confKeys,
                       List<String> sources) {
    }

    /** One {@code commits/N} line. */
    record CommitLine(long batchId, int version, String json) {
    }

    /** One {@code state op=… store=…} section. */
    record StoreSection(int operatorId, String storeName, String schemaTag, String schemaName, String keySchema,
                        String valueSchema, SortedMap<Integer, List<String>> partitionFiles) {
    }

    /** Everything decoded for one checkpoint fixture. */
    record Fixture(String path, String metadataJson, List<Long> offsetBatches, boolean commitsDirMissing,
                   List<Long> commitBatches, SortedMap<Long, OffsetsLine> offsets, SortedMap<Long, CommitLine> commits,
                   List<StoreSection> stores) {
    }

    private static final Pattern FIXTURE = Pattern.compile("^## (.+)$");
    private static final Pattern METADATA = Pattern.compile("^metadata: (\\{.*})$");
    private static final Pattern OFFSET_BATCHES = Pattern.compile("^offsets batches: \\[(.*)]$");
    private static final Pattern COMMIT_BATCHES = Pattern.compile("^commits batches: \\[(.*)]$");
    private static final Pattern NO_COMMITS = Pattern.compile("^commits: <no commits dir>$");
    private static final Pattern OFFSETS = Pattern.compile(
            "^ {2}offsets/(\\d+): v(\\d+) wm=(-?\\d+) ts=(-?\\d+) conf=(\\d+) keys; sources=(\\[.*])$");
    private static final Pattern COMMIT = Pattern.compile("^ {2}commits/(\\d+): v(\\d+) \\| (.*)$");
    private static final Pattern STATE = Pattern.compile("^ {2}state op=(\\d+) store=(\\S+) schema=(\\S+)$");
    private static final Pattern SCHEMA = Pattern.compile("^ {4}schema\\[([^]]+)] key=(.*?) value=(.*)$");
    private static final Pattern PART = Pattern.compile("^ {4}part (\\d+): files=(.*?)(?: -> .*)?$");
    private static final Pattern PY_STRING = Pattern.compile("'((?:[^'\\\\]|\\\\.)*)'");

    private static Map<String, Fixture> cache;

    private ConformanceDecodedOracle() {
    }

    static synchronized Map<String, Fixture> load() {
        if (cache == null) {
            try {
                cache = Collections.unmodifiableMap(parse(Files.readAllLines(FILE, StandardCharsets.UTF_8)));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return cache;
    }

    static Fixture fixture(String path) {
        Fixture fixture = load().get(path);
        if (fixture == null) {
            throw new AssertionError("EXPECTED-DECODED.txt has no section ## " + path);
        }
        return fixture;
    }

    /** Mutable while parsing. */
    private static final class Builder {
        final String path;
        String metadata;
        List<Long> offsetBatches = List.of();
        boolean noCommits;
        List<Long> commitBatches = List.of();
        final SortedMap<Long, OffsetsLine> offsets = new TreeMap<>();
        final SortedMap<Long, CommitLine> commits = new TreeMap<>();
        final List<StoreBuilder> stores = new ArrayList<>();

        Builder(String path) {
            this.path = path;
        }

        Fixture build() {
            List<StoreSection> sections = new ArrayList<>();
            for (StoreBuilder store : stores) {
                sections.add(store.build());
            }
            return new Fixture(path, metadata, offsetBatches, noCommits, commitBatches,
                    Collections.unmodifiableSortedMap(offsets), Collections.unmodifiableSortedMap(commits),
                    List.copyOf(sections));
        }
    }

    private static final class StoreBuilder {
        final int operatorId;
        final String storeName;
        final String schemaTag;
        String schemaName;
        String keySchema;
        String valueSchema;
        final SortedMap<Integer, List<String>> parts = new TreeMap<>();

        StoreBuilder(int operatorId, String storeName, String schemaTag) {
            this.operatorId = operatorId;
            this.storeName = storeName;
            this.schemaTag = schemaTag;
        }

        StoreSection build() {
            return new StoreSection(operatorId, storeName, schemaTag, schemaName, keySchema, valueSchema,
                    Collections.unmodifiableSortedMap(parts));
        }
    }

    static Map<String, Fixture> parse(List<String> lines) {
        Map<String, Fixture> fixtures = new LinkedHashMap<>();
        Builder current = null;
        StoreBuilder store = null;
        for (String line : lines) {
            Matcher m;
            if ((m = FIXTURE.matcher(line)).matches()) {
                if (current != null) {
                    fixtures.put(current.path, current.build());
                }
                current = new Builder(m.group(1));
                store = null;
                continue;
            }
            if (current == null) {
                continue; // the header
            }
            if ((m = METADATA.matcher(line)).matches()) {
                current.metadata = m.group(1);
            } else if ((m = OFFSET_BATCHES.matcher(line)).matches()) {
                current.offsetBatches = longs(m.group(1));
            } else if ((m = COMMIT_BATCHES.matcher(line)).matches()) {
                current.commitBatches = longs(m.group(1));
            } else if (NO_COMMITS.matcher(line).matches()) {
                current.noCommits = true;
            } else if ((m = OFFSETS.matcher(line)).matches()) {
                long id = Long.parseLong(m.group(1));
                current.offsets.put(id, new OffsetsLine(id, Integer.parseInt(m.group(2)), Long.parseLong(m.group(3)),
                        Long.parseLong(m.group(4)), Integer.parseInt(m.group(5)), pythonStrings(m.group(6))));
            } else if ((m = COMMIT.matcher(line)).matches()) {
                long id = Long.parseLong(m.group(1));
                current.commits.put(id, new CommitLine(id, Integer.parseInt(m.group(2)), m.group(3)));
            } else if ((m = STATE.matcher(line)).matches()) {
                store = new StoreBuilder(Integer.parseInt(m.group(1)), m.group(2), m.group(3));
                current.stores.add(store);
            } else if ((m = SCHEMA.matcher(line)).matches()) {
                requireStore(store, line);
                store.schemaName = m.group(1);
                store.keySchema = m.group(2);
                store.valueSchema = m.group(3);
            } else if ((m = PART.matcher(line)).matches()) {
                requireStore(store, line);
                store.parts.put(Integer.parseInt(m.group(1)), List.of(m.group(2).trim().split("\\s+")));
            } else if (line.startsWith("offsets") || line.startsWith("commits") || line.startsWith("metadata")
                    || line.startsWith("  offsets/") || line.startsWith("  commits/") || line.startsWith("  state ")) {
                throw new IllegalStateException("EXPECTED-DECODED.txt: unrecognised line: " + line);
            }
        }
        if (current != null) {
            fixtures.put(current.path, current.build());
        }
        return fixtures;
    }

    private static void requireStore(StoreBuilder store, String line) {
        if (store == null) {
            throw new IllegalStateException("EXPECTED-DECODED.txt: line outside a state section: " + line);
        }
    }

    private static List<Long> longs(String list) {
        List<Long> ids = new ArrayList<>();
        for (String part : list.split(",")) {
            if (!part.isBlank()) {
                ids.add(Long.parseLong(part.trim()));
            }
        }
        return List.copyOf(ids);
    }

    /** A Python list repr of str, e.g. {@code ['0', '{"t":{"0":3}}']}; {@code '-'} becomes null. */
    static List<String> pythonStrings(String repr) {
        if (!repr.startsWith("[") || !repr.endsWith("]")) {
            throw new IllegalStateException("not a Python list: " + repr);
        }
        List<String> values = new ArrayList<>();
        Matcher m = PY_STRING.matcher(repr);
        StringBuilder rest = new StringBuilder();
        int end = 0;
        while (m.find()) {
            rest.append(repr, end, m.start());
            end = m.end();
            String value = m.group(1).replace("\\'", "'").replace("\\\\", "\\");
            values.add(value.equals("-") ? null : value);
        }
        rest.append(repr.substring(end));
        if (!rest.toString().replaceAll("[\\[\\], ]", "").isEmpty()) {
            throw new IllegalStateException("unexpected content in Python list: " + repr);
        }
        return Collections.unmodifiableList(values);
    }

    /** The version of a state file name ({@code 12.delta}, {@code 4_<uuid>.zip}), or null for other names. */
    static Long stateFileVersion(String name) {
        Matcher m = Pattern.compile("(\\d+)(?:_[0-9a-f-]+)?\\.(delta|snapshot|zip|changelog)").matcher(name);
        return m.matches() ? Long.parseLong(m.group(1)) : null;
    }
}
