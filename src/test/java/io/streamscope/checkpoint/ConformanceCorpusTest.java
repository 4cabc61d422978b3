package io.streamscope.checkpoint;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.LongStream;
import java.util.stream.Stream;

import static io.streamscope.checkpoint.SourceKind.KAFKA;
import static io.streamscope.checkpoint.SourceKind.PLAIN_NUMBER;
import static io.streamscope.checkpoint.StateProvider.HDFS;
import static io.streamscope.checkpoint.StateProvider.ROCKSDB;
import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Conformance of {@link CheckpointReader} against every real checkpoint folder of the Spark conformance corpus
 * ({@code src/test/resources/spark-conformance}).
 *
 * <p>Two oracles, neither of them the reader under test:
 * <ul>
 *   <li>the hand-written {@link #TABLE} below, typed from {@code INDEX.md} and {@code EXPECTED-DECODED.txt}
 *       (query ids, batch ids, committed / will-replay batches, sources, state operators and stores, conf keys the
 *       Spark tests rely on, notes);</li>
 *   <li>{@code EXPECTED-DECODED.txt} itself, parsed by {@link ConformanceDecodedOracle}, for the per-batch offsets
 *       and commit lines (watermarks, timestamps, conf sizes, source offset JSON, commit JSON) and the key/value
 *       schemas of schema files.</li>
 * </ul>
 * Every fixture is an undamaged folder written by Spark, so {@code problems()} must be empty for all of them.
 */
class ConformanceCorpusTest {

    static final Path CORPUS = Path.of("src/test/resources/spark-conformance");
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private static final String JOIN_STORES_KEY = "join";
    private static final List<String> JOIN_STORES = List.of("left-keyToNumValues", "left-keyWithIndexToValue",
            "right-keyToNumValues", "right-keyWithIndexToValue");

    /** Kafka fixture: {@code sources/0/0} per INDEX.md #7. */
    static final String KAFKA_FIXTURE = "checkpoint-version-2.4.3-kafka-include-headers-default";
    static final String KAFKA_TOPIC = "spark-test-topic-2b8619f5-d3c4-4c2d-b5d1-8d9d9458aa62";
    static final String KAFKA_INITIAL_OFFSETS = "{\"" + KAFKA_TOPIC + "\":{\"2\":0,\"4\":0,\"1\":0,\"3\":0,\"0\":0}}";

    // ------------------------------------------------------------------------------------------------------------
    // The expectation table
    // ------------------------------------------------------------------------------------------------------------

    /** A store: name, provider, numPartitions, the state versions present, the schema-file versions found. */
    record StoreExp(String name, StateProvider provider, int numPartitions, List<Long> versions,
                    List<Integer> schemaVersions) {
    }

    /** A stateful operator: id, operator name (null before 4.0), operator-metadata version (0 = none), stores. */
    record OpExp(int id, String name, int metadataVersion, List<StoreExp> stores) {
    }

    /**
     * What a correct reader finds in one checkpoint fixture.
     *
     * @param notes regular expressions each of which must match at least one note
     */
    record Exp(String path, String queryId, List<Long> batchIds, List<Long> committed, List<Long> willReplay,
               List<SourceKind> sourceKinds, List<OpExp> operators, Map<String, String> confEquals,
               List<String> confAbsent, List<String> notes) {

        Exp with(Map<String, String> equals, List<String> absent) {
            return new Exp(path, queryId, batchIds, committed, willReplay, sourceKinds, operators, equals, absent, notes);
        }

        Exp withNotes(String... patterns) {
            return new Exp(path, queryId, batchIds, committed, willReplay, sourceKinds, operators, confEquals,
                    confAbsent, List.of(patterns));
        }

        @Override
        public String toString() {
            return path;
        }
    }

    private static List<Long> ids(long... ids) {
        return LongStream.of(ids).boxed().toList();
    }

    /** {@code from..to} inclusive. */
    private static List<Long> range(long from, long to) {
        return LongStream.rangeClosed(from, to).boxed().toList();
    }

    private static List<SourceKind> kinds(SourceKind... kinds) {
        return List.of(kinds);
    }

    /** All batches committed, none will replay. */
    private static Exp done(String path, String queryId, List<Long> batches, List<SourceKind> sources, OpExp... ops) {
        return new Exp(path, queryId, batches, batches, List.of(), sources, List.of(ops), Map.of(), List.of(), List.of());
    }

    /** One operator 0 with store {@code default}, or the four join stores when {@code store} is {@link #JOIN_STORES_KEY}. */
    private static OpExp op(String name, int metadataVersion, String store, StateProvider provider, int partitions,
                            List<Long> versions, Integer... schemaVersions) {
        List<String> names = store.equals(JOIN_STORES_KEY) ? JOIN_STORES : List.of(store);
        List<StoreExp> stores = names.stream()
                .map(n -> new StoreExp(n, provider, partitions, versions, List.of(schemaVersions))).toList();
        return new OpExp(0, name, metadataVersion, stores);
    }

    /** Pre-4.0 operator: no operator metadata. */
    private static OpExp old(String store, int partitions, List<Long> versions, Integer... schemaVersions) {
        return op(null, 0, store, HDFS, partitions, versions, schemaVersions);
    }

    private static final String CP2 = "checkpoint-version-4.0.0-checkpoint-v2/rocksdb/";
    private static final String V4 = "checkpoint-version-4.0.0/";

    /**
     * Typed from INDEX.md (summary table and details) and EXPECTED-DECODED.txt ({@code metadata:}, {@code offsets
     * batches}, {@code commits batches}, {@code state op=… schema=…} and {@code part P: files=…} lines).
     */
    static final List<Exp> TABLE = List.of(
            // #27: offsets 0,1,2,4 (gap), commits 0,1,2 -> batch 4 will replay; a gap note for batch 3
            new Exp("checkpoint-test-offsetId-commitId-inconsistent", "d4358946-170c-49a7-823b-d8e4e9126616",
                    ids(0, 1, 2, 4), ids(0, 1, 2), ids(4), kinds(PLAIN_NUMBER), List.of(), Map.of(), List.of(), List.of())
                    .withNotes("(?is)(?=.*\\bgap\\b).*\\b3\\b.*", "(?is).*\\bbatch 4\\b.*(replay|re-run|rerun).*"),
            // #1: offsets 0,1, no commits dir (2.1: committed = next offsets exist; the last batch re-runs),
            // state versions 1-2 in partitions 0-9, metadata line without conf
            new Exp("checkpoint-version-2.1.0", "dddc5e7f-1e71-454c-8362-de184444fb5a",
                    ids(0, 1), ids(0), ids(1), kinds(PLAIN_NUMBER), List.of(old("default", 10, ids(1, 2))), Map.of(),
                    List.of(), List.of())
                    .withNotes("(?is).*no commits.*", "(?is).*\\bbatch 1\\b.*(replay|re-run|rerun).*"),
            // #2: FMGWS state format 1 because the offset log lacks the key
            done("checkpoint-version-2.3.1-flatMapGroupsWithState-state-format-1", "04d960cd-d38f-4ce6-b8d0-ebcf84c9dccc",
                    ids(0, 1), kinds(PLAIN_NUMBER), old("default", 5, ids(1, 2)))
                    .with(Map.of("spark.sql.shuffle.partitions", "5"),
                            List.of("spark.sql.streaming.flatMapGroupsWithState.stateFormatVersion")),
            // #3: two source lines, no state, no multipleWatermarkPolicy key => legacy min
            done("checkpoint-version-2.3.1-for-multi-watermark-policy", "549eeb1a-d762-420c-bb44-3fd6d73a5268",
                    ids(0, 1), kinds(PLAIN_NUMBER, PLAIN_NUMBER))
                    .with(Map.of(), List.of("spark.sql.streaming.multipleWatermarkPolicy")),
            // #4: agg state format 1 (no aggregation.stateFormatVersion key)
            done("checkpoint-version-2.3.1-streaming-aggregate-state-format-1", "2f32aca2-1b97-458f-a48f-109328724f09",
                    ids(0, 1), kinds(PLAIN_NUMBER), old("default", 5, ids(1, 2)))
                    .with(Map.of(), List.of("spark.sql.streaming.aggregation.stateFormatVersion")),
            // #5: commits v1 {} => nextBatchWatermarkMs 0
            done("checkpoint-version-2.3.1-without-commit-log-metadata", "73f7f943-0a08-4ffb-a504-9fa88ff7612a",
                    ids(0, 1), kinds(PLAIN_NUMBER), old("default", 5, ids(1, 2))),
            // #6: join state format 1, four stores, two source lines
            done("checkpoint-version-2.4.0-streaming-join", "1ab1ee6f-993c-4a51-824c-1c7cc8202f62",
                    ids(0), kinds(PLAIN_NUMBER, PLAIN_NUMBER), old(JOIN_STORES_KEY, 5, ids(1))),
            // #7: Kafka source (initial offsets in sources/0/0)
            done(KAFKA_FIXTURE, "fc415a71-f0a2-4c3c-aeaf-f9e258c3f726",
                    ids(0), kinds(KAFKA), old("default", 5, ids(1))),
            // #8-11
            done("checkpoint-version-2.4.5-for-compatibility-test-common-functions", "5f1362da-99ce-4ba2-97e1-d992c295e563",
                    ids(0), kinds(PLAIN_NUMBER), old("default", 5, ids(1))),
            done("checkpoint-version-2.4.5-for-compatibility-test-deduplicate", "26fe8d3d-d101-44b0-b9c1-a2f9f09cea69",
                    ids(0), kinds(PLAIN_NUMBER), old("default", 5, ids(1))),
            done("checkpoint-version-2.4.5-for-compatibility-test-statistical-functions", "8fc17276-e48b-4e8a-a9c9-31f0045ed860",
                    ids(0), kinds(PLAIN_NUMBER), old("default", 5, ids(1))),
            done("checkpoint-version-2.4.5-for-compatibility-test-sum-decimal", "ac9f2680-3a39-4afd-824b-7beefdf7d7a7",
                    ids(0), kinds(PLAIN_NUMBER), old("default", 5, ids(1))),
            // #12: 1 shuffle partition; no codec key in conf
            done("checkpoint-version-3.0.0-streaming-statestore-codec", "6bcf6671-d23e-4ad8-824f-98aa5924ce6d",
                    ids(0), kinds(PLAIN_NUMBER), old("default", 1, ids(1)))
                    .with(Map.of("spark.sql.shuffle.partitions", "1"),
                            List.of("spark.sql.streaming.stateStore.compression.codec")),
            // #13: schema file v1
            done("checkpoint-version-3.1.0-flatmapgroupswithstate-repartition", "dc9af96e-870c-4dc6-ad09-1b84b62caac3",
                    ids(0), kinds(PLAIN_NUMBER), old("default", 5, ids(1), 1)),
            // #14-20: schema file v2
            done("checkpoint-version-3.2.0-deduplication-with-repartition", "9538ada3-a233-4697-8b02-cc66250189a3",
                    ids(0, 1), kinds(PLAIN_NUMBER), old("default", 5, ids(1, 2), 2)),
            done("checkpoint-version-3.2.0-flatmapgroupswithstate1-repartition", "b36205c7-696a-4fe9-86d4-a4efdf05795b",
                    ids(0), kinds(PLAIN_NUMBER), old("default", 5, ids(1), 2)),
            done("checkpoint-version-3.2.0-flatmapgroupswithstate2-repartition", "f4795695-2b3e-4864-983a-f7bf52c0e29d",
                    ids(0), kinds(PLAIN_NUMBER), old("default", 5, ids(1), 2)),
            done("checkpoint-version-3.2.0-session-window-with-repartition", "c3d27d93-536b-49ce-a62f-f2777855a1fb",
                    ids(0, 1), kinds(PLAIN_NUMBER), old("default", 5, ids(1, 2), 2)),
            done("checkpoint-version-3.2.0-streaming-aggregate-with-repartition", "cd462130-c8fb-4212-8b08-4e1b9e10dbcf",
                    ids(0, 1), kinds(PLAIN_NUMBER), old("default", 5, ids(1, 2), 2)),
            done("checkpoint-version-3.3.0-streaming-deduplication", "33e8de33-00b8-4b60-8246-df2f433257ff",
                    ids(0, 1), kinds(PLAIN_NUMBER), old("default", 5, ids(1, 2), 2)),
            // #20: no encodingFormat key => unsaferow
            done("checkpoint-version-3.5.1-streaming-deduplication", "a13717f3-7485-421b-b55a-21625123b680",
                    ids(0, 1), kinds(PLAIN_NUMBER), old("default", 5, ids(1, 2), 2))
                    .with(Map.of(), List.of("spark.sql.streaming.stateStore.encodingFormat")),
            // #21: 4 stores, each with _metadata/schema v2 in partition 0
            done("checkpoint-version-3.5.1-streaming-join", "e41911da-47c9-4560-a95d-e2ab97f2bc85",
                    ids(0), kinds(PLAIN_NUMBER, PLAIN_NUMBER), old(JOIN_STORES_KEY, 5, ids(1), 2)),
            // #23: checkpoint format v2 (RocksDB, <v>_<uuid> files); join1 = join format 1 => schema files v1
            done(CP2 + "dedup", "ccaf96d0-9b51-437a-a2c6-f53efd7e6be4",
                    range(0, 3), kinds(PLAIN_NUMBER), op("dedupe", 1, "default", ROCKSDB, 5, range(1, 4), 2)),
            done(CP2 + "join1", "73d73fc9-8acd-4193-9871-b13d4cece4bc",
                    range(0, 4), kinds(PLAIN_NUMBER, PLAIN_NUMBER), op("symmetricHashJoin", 1, JOIN_STORES_KEY, ROCKSDB, 5, range(1, 5), 1)),
            done(CP2 + "join2", "c91297b4-ac33-4c7e-a876-58758f5f611c",
                    range(0, 4), kinds(PLAIN_NUMBER, PLAIN_NUMBER), op("symmetricHashJoin", 1, JOIN_STORES_KEY, ROCKSDB, 5, range(1, 5), 2)),
            done(CP2 + "limit", "5abf3d49-f6b3-434b-b30f-88e60b91f1b0",
                    range(0, 3), kinds(PLAIN_NUMBER), op("globalLimit", 1, "default", ROCKSDB, 5, range(1, 4), 2)),
            // #24-25: transformWithState, operator metadata v2, schema v3 under _stateSchema/default
            done("checkpoint-version-4.0.0-tws-avro", "f3f30619-9175-4329-97a7-f5629deaad89",
                    ids(0, 1), kinds(PLAIN_NUMBER), op("transformWithStateExec", 2, "default", ROCKSDB, 5, ids(1, 2), 3))
                    .with(Map.of("spark.sql.streaming.stateStore.encodingFormat", "avro"), List.of()),
            done("checkpoint-version-4.0.0-tws-unsaferow", "1341f9d1-5100-4426-876c-2754aeaca02b",
                    ids(0, 1), kinds(PLAIN_NUMBER), op("transformWithStateExec", 2, "default", ROCKSDB, 5, ids(1, 2), 3))
                    .with(Map.of("spark.sql.streaming.stateStore.encodingFormat", "unsaferow"), List.of()),
            // #22: 10 sub-checkpoints, operator metadata v1 with numPartitions 5
            done(V4 + "hdfs/agg", "ab7bcd9a-4146-45d3-933d-a615b381c3be",
                    range(0, 3), kinds(PLAIN_NUMBER), op("stateStoreSave", 1, "default", HDFS, 5, range(1, 4), 2)),
            done(V4 + "hdfs/dedup", "9253a36d-8c80-4cdc-9d2a-3cd9b5ceff59",
                    range(0, 3), kinds(PLAIN_NUMBER), op("dedupe", 1, "default", HDFS, 5, range(1, 4), 2)),
            done(V4 + "hdfs/join1", "fbcd445d-b716-4589-ad15-774afa5a243d",
                    range(0, 4), kinds(PLAIN_NUMBER, PLAIN_NUMBER), op("symmetricHashJoin", 1, JOIN_STORES_KEY, HDFS, 5, range(1, 5), 2)),
            done(V4 + "hdfs/join2", "26806544-709f-4745-a6e4-7641361fe94a",
                    range(0, 4), kinds(PLAIN_NUMBER, PLAIN_NUMBER), op("symmetricHashJoin", 1, JOIN_STORES_KEY, HDFS, 5, range(1, 5), 2)),
            done(V4 + "hdfs/limit", "5ed656f0-84dd-414c-abbc-851e4ce58b93",
                    range(0, 3), kinds(PLAIN_NUMBER), op("globalLimit", 1, "default", HDFS, 5, range(1, 4), 2)),
            done(V4 + "rocksdb/agg", "0da797f0-6c12-4954-89cf-cea200a87f97",
                    range(0, 3), kinds(PLAIN_NUMBER), op("stateStoreSave", 1, "default", ROCKSDB, 5, range(1, 4), 2)),
            done(V4 + "rocksdb/dedup", "7715e3b8-26dd-416a-ac64-c804bb48a972",
                    range(0, 3), kinds(PLAIN_NUMBER), op("dedupe", 1, "default", ROCKSDB, 5, range(1, 4), 2)),
            done(V4 + "rocksdb/join1", "160224de-518b-4191-b9d6-544602476824",
                    range(0, 4), kinds(PLAIN_NUMBER, PLAIN_NUMBER), op("symmetricHashJoin", 1, JOIN_STORES_KEY, ROCKSDB, 5, range(1, 5), 2)),
            done(V4 + "rocksdb/join2", "cb2f2800-2129-4356-bf83-e985db7d8556",
                    range(0, 4), kinds(PLAIN_NUMBER, PLAIN_NUMBER), op("symmetricHashJoin", 1, JOIN_STORES_KEY, ROCKSDB, 5, range(1, 5), 2)),
            done(V4 + "rocksdb/limit", "711e4377-ce90-456e-8530-9e0374ce4791",
                    range(0, 3), kinds(PLAIN_NUMBER), op("globalLimit", 1, "default", ROCKSDB, 5, range(1, 4), 2)),
            // #26: conf shuffle.partitions=5 pinned
            done("checkpoint-version-4.0.1-dedup-spark-53942", "295ee44f-dd99-45cf-a21d-9a760b439c45",
                    ids(0), kinds(PLAIN_NUMBER), op("dedupe", 1, "default", HDFS, 5, ids(1), 2))
                    .with(Map.of("spark.sql.shuffle.partitions", "5"), List.of()),
            // #28: checkpoint under the triple-escaped folder name, no state
            done("escaped-path-2.4.0/chk%252520%252525@%252523chk", "09be7fb3-49d8-48a6-840d-e9c2ad92a898",
                    ids(0), kinds(PLAIN_NUMBER)));

    static Stream<Arguments> fixtures() {
        return TABLE.stream().map(e -> Arguments.of(Named.of(e.path(), e)));
    }

    // ------------------------------------------------------------------------------------------------------------
    // Coverage of the corpus
    // ------------------------------------------------------------------------------------------------------------

    /** Every folder of the corpus that is a checkpoint root (it has an {@code offsets/} folder). */
    static Set<String> checkpointRootsOnDisk() throws IOException {
        try (Stream<Path> paths = Files.walk(CORPUS)) {
            return paths.filter(p -> Files.isDirectory(p) && p.getFileName().toString().equals("offsets"))
                    .map(p -> CORPUS.relativize(p.getParent()).toString().replace('\\', '/'))
                    .collect(Collectors.toCollection(TreeSet::new));
        }
    }

    @Test
    void theTableCoversEveryCheckpointFolderOfTheCorpusAndEveryDecodedSection() throws IOException {
        Set<String> table = TABLE.stream().map(Exp::path).collect(Collectors.toCollection(TreeSet::new));
        assertEquals(TABLE.size(), table.size(), "duplicate rows in the table");
        assertEquals(40, table.size(), "40 checkpoint roots: 25 top-level, 10 under 4.0.0, 4 under checkpoint-v2, 1 escaped");
        assertEquals(checkpointRootsOnDisk(), table, "checkpoint folders on disk vs the table");
        assertEquals(new TreeSet<>(ConformanceDecodedOracle.load().keySet()), table,
                "sections of EXPECTED-DECODED.txt vs the table");
    }

    /**
     * Guards the hand-typed table against typing mistakes: it must agree with EXPECTED-DECODED.txt wherever both
     * say something (query id, batch ids, stores, their partitions, versions and schema-file versions).
     */
    @ParameterizedTest
    @MethodSource("fixtures")
    void theTableAgreesWithExpectedDecoded(Exp e) throws IOException {
        ConformanceDecodedOracle.Fixture o = ConformanceDecodedOracle.fixture(e.path());
        List<Executable> checks = new ArrayList<>();
        checks.add(() -> assertEquals(e.queryId(), MAPPER.readTree(o.metadataJson()).get("id").asText(), "query id"));
        TreeSet<Long> all = new TreeSet<>(o.offsetBatches());
        all.addAll(o.commitBatches());
        checks.add(() -> assertEquals(e.batchIds(), List.copyOf(all), "batch ids"));
        checks.add(() -> assertEquals(o.offsetBatches(), List.copyOf(o.offsets().keySet()), "offsets lines"));
        checks.add(() -> assertEquals(o.commitBatches(), List.copyOf(o.commits().keySet()), "commits lines"));
        if (!o.commitsDirMissing()) {
            checks.add(() -> assertEquals(o.commitBatches(), e.committed(), "committed = commit files"));
        }
        for (ConformanceDecodedOracle.OffsetsLine line : o.offsets().values()) {
            checks.add(() -> assertEquals(e.sourceKinds().size(), line.sources().size(), "sources in offsets/" + line.batchId()));
        }
        Map<String, StoreExp> stores = new TreeMap<>();
        for (OpExp op : e.operators()) {
            for (StoreExp store : op.stores()) {
                stores.put(op.id() + "/" + store.name(), store);
            }
        }
        Map<String, ConformanceDecodedOracle.StoreSection> decoded = new TreeMap<>();
        for (ConformanceDecodedOracle.StoreSection section : o.stores()) {
            decoded.put(section.operatorId() + "/" + section.storeName(), section);
        }
        checks.add(() -> assertEquals(decoded.keySet(), stores.keySet(), "operator/store names"));
        for (Map.Entry<String, ConformanceDecodedOracle.StoreSection> entry : decoded.entrySet()) {
            StoreExp store = stores.get(entry.getKey());
            ConformanceDecodedOracle.StoreSection section = entry.getValue();
            if (store == null) {
                continue;
            }
            OpExp op = e.operators().stream().filter(x -> x.id() == section.operatorId()).findFirst().orElseThrow();
            TreeSet<Long> versions = new TreeSet<>();
            boolean delta = false;
            boolean rocks = false;
            for (List<String> files : section.partitionFiles().values()) {
                for (String file : files) {
                    Long version = ConformanceDecodedOracle.stateFileVersion(file);
                    if (version != null) {
                        versions.add(version);
                    }
                    delta |= file.endsWith(".delta") || file.endsWith(".snapshot");
                    rocks |= file.endsWith(".zip") || file.endsWith(".changelog");
                }
            }
            StateProvider provider = rocks && !delta ? ROCKSDB : delta && !rocks ? HDFS : StateProvider.UNKNOWN;
            checks.add(() -> assertEquals(List.copyOf(versions), store.versions(), entry.getKey() + " versions"));
            checks.add(() -> assertEquals(provider, store.provider(), entry.getKey() + " provider"));
            if (op.metadataVersion() == 0) {
                // without operator metadata the partition count is the partition folders found
                checks.add(() -> assertEquals(section.partitionFiles().size(), store.numPartitions(),
                        entry.getKey() + " partitions"));
            }
            List<Integer> schema = switch (section.schemaTag()) {
                case "manual" -> List.of();
                case "v1" -> List.of(1);
                case "v2" -> List.of(2);
                case "v3(noids)", "v3(ids)" -> List.of(3);
                default -> throw new AssertionError("unknown schema tag " + section.schemaTag());
            };
            checks.add(() -> assertEquals(schema, store.schemaVersions(), entry.getKey() + " schema versions"));
        }
        assertAll(e.path(), checks);
    }

    // ------------------------------------------------------------------------------------------------------------
    // The reader against the table and EXPECTED-DECODED.txt
    // ------------------------------------------------------------------------------------------------------------

    @ParameterizedTest
    @MethodSource("fixtures")
    void readerFindsWhatTheCorpusDocumentationSays(Exp e) throws Exception {
        Checkpoint cp = CheckpointReader.read(CORPUS.resolve(e.path()));
        ConformanceDecodedOracle.Fixture o = ConformanceDecodedOracle.fixture(e.path());
        List<Executable> checks = new ArrayList<>();

        checks.add(() -> assertEquals(List.of(), cp.problems(), "problems (the fixture is undamaged)"));
        checks.add(() -> assertEquals(e.queryId(), cp.queryId(), "query id"));
        checks.add(() -> assertEquals(CORPUS.resolve(e.path()).toAbsolutePath().normalize(), cp.path(), "path"));

        // batches
        checks.add(() -> assertEquals(e.batchIds(), List.copyOf(cp.batches().keySet()), "batch ids"));
        checks.add(() -> assertEquals(e.committed(), idsWhere(cp, Batch::committed), "committed batches"));
        checks.add(() -> assertEquals(e.willReplay(), idsWhere(cp, Batch::willReplay), "willReplay batches"));
        Optional<Long> lastCommitted = e.committed().isEmpty() ? Optional.empty()
                : Optional.of(e.committed().get(e.committed().size() - 1));
        checks.add(() -> assertEquals(lastCommitted, cp.lastCommittedBatch().map(Batch::id), "lastCommittedBatch"));

        // sources
        checks.add(() -> assertEquals(e.sourceKinds(), cp.sources().stream().map(SourceInfo::kind).toList(), "source kinds"));
        checks.add(() -> assertEquals(range(0, e.sourceKinds().size() - 1).stream().map(Long::intValue).toList(),
                cp.sources().stream().map(SourceInfo::index).toList(), "source indexes"));

        // per batch: offsets/N and commits/N as EXPECTED-DECODED.txt decodes them
        for (long id : e.batchIds()) {
            addBatchChecks(checks, e, o, cp, id);
        }

        // conf keys the Spark tests depend on
        for (long id : o.offsets().keySet()) {
            Batch batch = cp.batches().get(id);
            if (batch == null) {
                continue; // reported by "batch ids"
            }
            for (Map.Entry<String, String> conf : e.confEquals().entrySet()) {
                checks.add(() -> assertEquals(conf.getValue(), batch.metadata().conf().get(conf.getKey()),
                        "offsets/" + id + " conf " + conf.getKey()));
            }
            for (String absent : e.confAbsent()) {
                checks.add(() -> assertFalse(batch.metadata().conf().containsKey(absent),
                        "offsets/" + id + " conf must not contain " + absent));
            }
        }

        // state operators
        checks.add(() -> assertEquals(e.operators().stream().map(OpExp::id).toList(),
                cp.stateOperators().stream().map(StateOperatorInfo::operatorId).toList(), "state operator ids"));
        for (OpExp op : e.operators()) {
            Optional<StateOperatorInfo> found = cp.stateOperators().stream().filter(x -> x.operatorId() == op.id()).findFirst();
            if (found.isEmpty()) {
                continue; // reported by "state operator ids"
            }
            addOperatorChecks(checks, op, found.get(), o);
        }

        // notes
        for (String pattern : e.notes()) {
            Pattern regex = Pattern.compile(pattern);
            checks.add(() -> assertTrue(cp.notes().stream().anyMatch(n -> regex.matcher(n.toString()).matches()),
                    "a note matching " + pattern + " in " + cp.notes()));
        }
        if (isContiguous(e.batchIds())) {
            checks.add(() -> assertTrue(cp.notes().stream().noneMatch(n -> n.toString().toLowerCase().matches("(?s).*\\bgap\\b.*")),
                    "no gap note for contiguous batch ids: " + cp.notes()));
        }

        assertAll(e.path(), checks);
    }

    private static boolean isContiguous(List<Long> ids) {
        return ids.isEmpty() || ids.get(ids.size() - 1) - ids.get(0) + 1 == ids.size();
    }

    private static List<Long> idsWhere(Checkpoint cp, java.util.function.Predicate<Batch> predicate) {
        return cp.batches().values().stream().filter(predicate).map(Batch::id).toList();
    }

    private static void addBatchChecks(List<Executable> checks, Exp e, ConformanceDecodedOracle.Fixture o,
                                       Checkpoint cp, long id) {
        Batch batch = cp.batches().get(id);
        String at = "batch " + id + ": ";
        if (batch == null) {
            return; // reported by "batch ids"
        }
        checks.add(() -> assertEquals(id, batch.id(), at + "id"));
        ConformanceDecodedOracle.OffsetsLine line = o.offsets().get(id);
        if (line == null) {
            checks.add(() -> assertTrue(batch.offsets().isEmpty(), at + "no offsets file, so no offsets"));
        } else {
            checks.add(() -> {
                assertTrue(batch.offsets().isPresent(), at + "offsets/" + id + " parsed");
                OffsetSeq seq = batch.offsets().get();
                assertAll(at + "offsets/" + id,
                        () -> assertEquals(line.version(), seq.version(), "version"),
                        () -> assertEquals(line.watermarkMs(), seq.metadata().batchWatermarkMs(), "batchWatermarkMs"),
                        () -> assertEquals(line.timestampMs(), seq.metadata().batchTimestampMs(), "batchTimestampMs"),
                        () -> assertEquals(line.confKeys(), seq.metadata().conf().size(), "number of conf keys"),
                        () -> assertEquals(line.sources(), texts(seq.offsets()), "source offset lines"));
            });
            checks.add(() -> assertEquals(line.watermarkMs(), batch.watermarkMs(), at + "watermarkMs()"));
            checks.add(() -> assertEquals(line.timestampMs(), batch.timestampMs(), at + "timestampMs()"));
            List<String> start = expectedStart(e, o, id);
            checks.add(() -> {
                assertEquals(line.sources().size(), batch.sources().size(), at + "number of batch sources");
                for (int i = 0; i < batch.sources().size(); i++) {
                    BatchSource source = batch.sources().get(i);
                    assertEquals(i, source.index(), at + "source index");
                    assertEquals(line.sources().get(i), text(source.endOffset()), at + "source " + i + " end offset");
                    assertEquals(start.get(i), text(source.startOffset()), at + "source " + i + " start offset");
                }
            });
        }
        ConformanceDecodedOracle.CommitLine commitLine = o.commits().get(id);
        if (commitLine == null) {
            checks.add(() -> assertTrue(batch.commit().isEmpty(), at + "no commit file, so no commit"));
            checks.add(() -> assertEquals(Optional.empty(), batch.nextWatermarkMs(), at + "nextWatermarkMs()"));
        } else {
            checks.add(() -> {
                assertTrue(batch.commit().isPresent(), at + "commits/" + id + " parsed");
                Commit commit = batch.commit().get();
                JsonNode json = MAPPER.readTree(commitLine.json());
                long next = json.path("nextBatchWatermarkMs").asLong(0); // a missing field reads as 0 (Spark 2.2-2.3)
                assertAll(at + "commits/" + id,
                        () -> assertEquals(commitLine.version(), commit.version(), "version"),
                        () -> assertEquals(next, commit.nextBatchWatermarkMs(), "nextBatchWatermarkMs"),
                        () -> assertEquals(uniqueIds(json.get("stateUniqueIds")), commit.stateUniqueIds(), "stateUniqueIds"),
                        () -> assertEquals(Optional.of(next), batch.nextWatermarkMs(), "nextWatermarkMs()"));
            });
        }
    }

    /** Start offsets: end offsets of the nearest earlier batch with offsets, else initial offsets for batch 0. */
    private static List<String> expectedStart(Exp e, ConformanceDecodedOracle.Fixture o, long id) {
        SortedMap<Long, ConformanceDecodedOracle.OffsetsLine> earlier = o.offsets().headMap(id);
        List<String> start = new ArrayList<>();
        int count = o.offsets().get(id).sources().size();
        for (int i = 0; i < count; i++) {
            if (!earlier.isEmpty() && earlier.lastKey() != id - 1) {
                start.add(null); // after a gap (async progress tracking) the start offsets are unknown
            } else if (!earlier.isEmpty()) {
                List<String> previous = earlier.get(earlier.lastKey()).sources();
                start.add(i < previous.size() ? previous.get(i) : null);
            } else if (id == 0 && e.path().equals(KAFKA_FIXTURE)) {
                start.add(KAFKA_INITIAL_OFFSETS); // INDEX.md #7: sources/0/0
            } else {
                start.add(null); // MemoryStream has no initial offsets in the checkpoint
            }
        }
        return start;
    }

    private static Map<Integer, List<List<String>>> uniqueIds(JsonNode json) {
        Map<Integer, List<List<String>>> ids = new LinkedHashMap<>();
        if (json == null) {
            return ids;
        }
        for (Iterator<Map.Entry<String, JsonNode>> it = json.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> operator = it.next();
            List<List<String>> partitions = new ArrayList<>();
            for (JsonNode partition : operator.getValue()) {
                List<String> stores = new ArrayList<>();
                partition.forEach(id -> stores.add(id.asText()));
                partitions.add(stores);
            }
            ids.put(Integer.parseInt(operator.getKey()), partitions);
        }
        return ids;
    }

    private static List<String> texts(List<JsonNode> nodes) {
        List<String> texts = new ArrayList<>();
        nodes.forEach(n -> texts.add(text(n)));
        return texts;
    }

    static String text(JsonNode node) {
        return node == null ? null : node.toString();
    }

    private static void addOperatorChecks(List<Executable> checks, OpExp op, StateOperatorInfo actual,
                                          ConformanceDecodedOracle.Fixture o) {
        String at = "state/" + op.id() + ": ";
        checks.add(() -> assertEquals(op.name(), actual.operatorName(), at + "operator name"));
        checks.add(() -> assertEquals(op.metadataVersion(), actual.metadataVersion(), at + "operator metadata version"));
        Set<String> expectedNames = op.stores().stream().map(StoreExp::name).collect(Collectors.toCollection(TreeSet::new));
        Set<String> actualNames = actual.stores().stream().map(StateStoreInfo::storeName)
                .collect(Collectors.toCollection(TreeSet::new));
        checks.add(() -> assertEquals(expectedNames, actualNames, at + "store names"));
        for (StoreExp store : op.stores()) {
            Optional<StateStoreInfo> found = actual.stores().stream().filter(s -> s.storeName().equals(store.name())).findFirst();
            if (found.isEmpty()) {
                continue; // reported by "store names"
            }
            StateStoreInfo info = found.get();
            String where = at + "store " + store.name() + ": ";
            checks.add(() -> assertEquals(store.provider(), info.provider(), where + "provider"));
            checks.add(() -> assertEquals(store.numPartitions(), info.numPartitions(), where + "numPartitions"));
            checks.add(() -> assertEquals(store.versions(), List.copyOf(info.versions()), where + "versions"));
            checks.add(() -> assertEquals(store.schemaVersions(),
                    info.schemaFiles().stream().map(StateSchemaFile::version).toList(), where + "schema file versions"));
            addSchemaChecks(checks, op.id(), store, info, o, where);
        }
    }

    /** Schema file location (checkpoint-format.md §11.1) and, for v1/v2, the key/value schema EXPECTED-DECODED shows. */
    private static void addSchemaChecks(List<Executable> checks, int operatorId, StoreExp store, StateStoreInfo info,
                                        ConformanceDecodedOracle.Fixture o, String where) {
        if (store.schemaVersions().isEmpty()) {
            checks.add(() -> assertEquals(Optional.empty(), info.schema(), where + "no schema before Spark 3.1"));
            return;
        }
        Optional<ConformanceDecodedOracle.StoreSection> section = o.stores().stream()
                .filter(s -> s.operatorId() == operatorId && s.storeName().equals(store.name())).findFirst();
        checks.add(() -> {
            assertTrue(section.isPresent(), where + "EXPECTED-DECODED section");
            assertEquals(store.schemaVersions().size(), info.schemaFiles().size(), where + "schema files");
            StateSchemaFile file = info.schemaFiles().get(info.schemaFiles().size() - 1);
            if (file.version() == 3) {
                assertTrue(file.path().startsWith("state/" + operatorId + "/_stateSchema/" + store.name() + "/0_"),
                        where + "v3 schema path " + file.path());
                return;
            }
            String expectedPath = "state/" + operatorId + "/0/" + (store.name().equals("default") ? "" : store.name() + "/")
                    + "_metadata/schema";
            assertEquals(expectedPath, file.path(), where + "schema path");
            assertNotNull(file.keySchema(), where + "key schema read");
            assertEquals(MAPPER.readTree(section.get().keySchema()), file.keySchema(), where + "key schema");
            assertEquals(MAPPER.readTree(section.get().valueSchema()), file.valueSchema(), where + "value schema");
            assertEquals(Optional.of(file), info.schema(), where + "schema()");
        });
    }

    // ------------------------------------------------------------------------------------------------------------
    // Fixture-specific facts from INDEX.md
    // ------------------------------------------------------------------------------------------------------------

    /** INDEX.md #7: Kafka initial offsets 0 for partitions 0-4, offsets/0 ends at 3 everywhere => 15 rows, 3 each. */
    @Test
    void kafkaFixtureInitialOffsetsAndRowsReadPerPartition() throws Exception {
        Checkpoint cp = CheckpointReader.read(CORPUS.resolve(KAFKA_FIXTURE));
        assertEquals(1, cp.sources().size(), "one source");
        SourceInfo source = cp.sources().get(0);
        Batch batch0 = cp.batches().get(0L);
        assertNotNull(batch0, "batch 0");
        SortedMap<KafkaPartition, Long> zeros = new TreeMap<>();
        SortedMap<KafkaPartition, Long> threes = new TreeMap<>();
        for (int p = 0; p <= 4; p++) {
            zeros.put(new KafkaPartition(KAFKA_TOPIC, p), 0L);
            threes.put(new KafkaPartition(KAFKA_TOPIC, p), 3L);
        }
        assertAll(
                () -> assertEquals(KAFKA, source.kind(), "kind"),
                () -> assertEquals(Optional.empty(), source.fileLog(), "a Kafka source has no file log"),
                () -> assertNotNull(source.initialOffsets(), "initial offsets read from sources/0/0"),
                () -> assertEquals(MAPPER.readTree(KAFKA_INITIAL_OFFSETS), source.initialOffsets(), "initial offsets JSON"),
                () -> assertEquals(KAFKA_INITIAL_OFFSETS, text(source.initialOffsets()), "initial offsets text (key order kept)"),
                () -> assertEquals(Optional.of(zeros), KafkaOffsets.parse(source.initialOffsets()), "initial offsets per partition"),
                () -> assertEquals(1, batch0.sources().size(), "batch 0 sources"),
                () -> assertEquals(MAPPER.readTree(KAFKA_INITIAL_OFFSETS), batch0.sources().get(0).startOffset(), "batch 0 starts at the initial offsets"),
                () -> assertEquals(Optional.of(threes), KafkaOffsets.parse(batch0.sources().get(0).endOffset()), "batch 0 end offsets"),
                () -> assertEquals(15L, batch0.sources().get(0).numInputRows(), "numInputRows"),
                () -> assertEquals(threes, batch0.sources().get(0).inputRowsByPartition(), "inputRowsByPartition: 3 each"),
                () -> assertEquals(Optional.of(15L), batch0.numInputRows(), "Batch.numInputRows()"));
    }

    /**
     * INDEX.md #27 / checkpoint-format.md §2: the gap 3 is not a batch; batch 3 ran (async progress tracking skipped
     * its offsets file), so where batch 4 started is unknown, not batch 2's end.
     */
    @Test
    void gapFixtureHasNoBatch3AndBatch4StartIsUnknown() throws Exception {
        Checkpoint cp = CheckpointReader.read(CORPUS.resolve("checkpoint-test-offsetId-commitId-inconsistent"));
        Batch batch4 = cp.batches().get(4L);
        assertAll(
                () -> assertFalse(cp.batches().containsKey(3L), "no batch 3"),
                () -> assertNotNull(batch4, "batch 4"),
                () -> assertNull(batch4.sources().get(0).startOffset(), "batch 4 start"),
                () -> assertEquals("4", text(batch4.sources().get(0).endOffset()), "batch 4 end"),
                () -> assertTrue(batch4.commit().isEmpty(), "batch 4 has no commit"),
                () -> assertFalse(batch4.committed(), "batch 4 not committed"),
                () -> assertTrue(batch4.willReplay(), "batch 4 will replay"),
                () -> assertEquals(Optional.of(2L), cp.lastCommittedBatch().map(Batch::id), "last committed batch"));
    }

    /** INDEX.md #1: a 2.1.0 metadata line has no conf; no commits dir, batch 0 counts as committed, batch 1 re-runs. */
    @Test
    void spark21FixtureWithoutCommitLog() throws Exception {
        Checkpoint cp = CheckpointReader.read(CORPUS.resolve("checkpoint-version-2.1.0"));
        Batch batch0 = cp.batches().get(0L);
        Batch batch1 = cp.batches().get(1L);
        assertNotNull(batch0, "batch 0");
        assertNotNull(batch1, "batch 1");
        assertAll(
                () -> assertTrue(batch0.metadata().conf().isEmpty(), "no conf in 2.1"),
                () -> assertTrue(batch0.commit().isEmpty() && batch1.commit().isEmpty(), "no commit files"),
                () -> assertTrue(batch0.committed(), "batch 0 committed (offsets/1 exists)"),
                () -> assertFalse(batch0.willReplay(), "batch 0 does not replay"),
                () -> assertFalse(batch1.committed(), "batch 1 not committed"),
                () -> assertTrue(batch1.willReplay(), "batch 1 re-runs on restart"),
                () -> assertEquals("0", text(batch1.sources().get(0).startOffset()), "batch 1 starts at batch 0's end"),
                () -> assertEquals("2", text(batch1.sources().get(0).endOffset()), "batch 1 end: memory offset 2"),
                () -> assertNull(batch0.sources().get(0).startOffset(), "MemoryStream: no initial offset recorded"));
    }

    /** INDEX.md #22 and #23: join1 of the checkpoint-v2 set is join format 1 (schema v1), the rest v2; commit v2 ids. */
    @Test
    void checkpointV2CommitsCarryOneUniqueIdPerJoinStorePerPartition() throws Exception {
        Checkpoint cp = CheckpointReader.read(CORPUS.resolve(CP2 + "join1"));
        Commit commit = cp.batches().get(0L).commit().orElseThrow(() -> new AssertionError("commits/0"));
        List<List<String>> partitions = commit.stateUniqueIds().get(0);
        assertNotNull(partitions, "operator 0 in stateUniqueIds");
        assertAll(
                () -> assertEquals(2, commit.version(), "commit version"),
                () -> assertEquals(5, partitions.size(), "5 partitions"),
                () -> partitions.forEach(p -> assertEquals(4, p.size(), "4 join stores per partition")),
                () -> assertEquals(List.of("057f7174-b83c-4f06-a25f-93a4c06a9ef2", "cbe493b0-7a15-4914-9277-87260cba4d45",
                        "ffe70db3-f62b-494c-bca0-bdfe4b03eb2d", "098158a2-78b1-4c85-84b2-6cec7026b7f4"),
                        partitions.get(0), "partition 0 ids (EXPECTED-DECODED commits/0)"));
    }

    /**
     * INDEX.md #23 and checkpoint-format.md §5: the id in {@code commits/N} for operator 0, partition p (and store s,
     * in the order left-keyToNumValues, left-keyWithIndexToValue, right-keyToNumValues, right-keyWithIndexToValue)
     * names the state file {@code state/0/p/[s/]<N+1>_<id>.changelog}.
     */
    @ParameterizedTest
    @org.junit.jupiter.params.provider.ValueSource(strings = {"dedup", "join1", "join2", "limit"})
    void checkpointV2UniqueIdsNameTheStateFilesOfVersionNPlus1(String query) throws Exception {
        Path root = CORPUS.resolve(CP2 + query);
        Checkpoint cp = CheckpointReader.read(root);
        boolean join = query.startsWith("join");
        List<Executable> checks = new ArrayList<>();
        assertEquals(e(CP2 + query).batchIds(), List.copyOf(cp.batches().keySet()), "batch ids");
        for (Batch batch : cp.batches().values()) {
            Commit commit = batch.commit().orElseThrow(() -> new AssertionError("commits/" + batch.id()));
            List<List<String>> partitions = commit.stateUniqueIds().get(0);
            checks.add(() -> assertNotNull(partitions, "commits/" + batch.id() + " has ids for operator 0"));
            if (partitions == null) {
                continue;
            }
            checks.add(() -> assertEquals(query.equals("limit") ? 1 : 5, partitions.size(),
                    "commits/" + batch.id() + " partitions (limit runs in one partition)"));
            for (int p = 0; p < partitions.size(); p++) {
                List<String> storeIds = partitions.get(p);
                List<String> stores = join ? JOIN_STORES : List.of("default");
                int partition = p;
                checks.add(() -> assertEquals(stores.size(), storeIds.size(), "ids per partition " + partition));
                for (int s = 0; s < Math.min(stores.size(), storeIds.size()); s++) {
                    Path dir = root.resolve("state/0/" + partition + (join ? "/" + stores.get(s) : ""));
                    Path changelog = dir.resolve((batch.id() + 1) + "_" + storeIds.get(s) + ".changelog");
                    checks.add(() -> assertTrue(Files.isRegularFile(changelog), "exists: " + CORPUS.relativize(changelog)));
                }
            }
        }
        assertAll(CP2 + query, checks);
    }

    private static Exp e(String path) {
        return TABLE.stream().filter(x -> x.path().equals(path)).findFirst().orElseThrow();
    }

    /** Fails loudly when a row of the table is not used (e.g. a path typo would silently skip nothing). */
    @Test
    void everyTableRowPointsAtAnExistingFolder() {
        for (Exp e : TABLE) {
            if (!Files.isDirectory(CORPUS.resolve(e.path()))) {
                fail("no folder " + CORPUS.resolve(e.path()));
            }
        }
    }
}
