package io.streamscope.checkpoint;

import com.fasterxml.jackson.databind.JsonNode;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Finds the stateful operators under {@code state/}: {@code <op>/<partition>/[<store>/]} folders, the versions of
 * their files, the provider that wrote them, operator metadata and schema files. It lists and reads small files
 * only; decoding rows is {@code checkpoint.state}'s job.
 */
final class StateDiscovery {

    /** {@code 12.delta}, {@code 3.snapshot}, {@code 4.zip}, {@code 5.changelog}, {@code 4_<uuid>.zip} (format v2). */
    private static final Pattern STATE_FILE =
            Pattern.compile("(\\d{1,19})(?:_[0-9A-Za-z-]+)?\\.(delta|snapshot|zip|changelog)");
    private static final String DEFAULT_STORE = "default";
    private static final String METADATA_DIR = "_metadata";

    private StateDiscovery() {
    }

    /** Facts gathered for one store across partitions. */
    private static final class StoreFacts {
        final SortedSet<Integer> partitions = new TreeSet<>();
        final SortedSet<Long> versions = new TreeSet<>();
        boolean hdfsFiles;
        boolean rocksDbFiles;
        final List<StateSchemaFile> schemaFiles = new ArrayList<>();
    }

    /** Operator metadata ({@code _metadata/metadata} v1 or {@code _metadata/v2/<n>}), as far as read here. */
    private record OperatorMetadata(int version, String operatorName, Map<String, Integer> partitionsByStore,
                                    Map<String, String> stateVariables) {
    }

    static List<StateOperatorInfo> discover(FolderAccess access) {
        Path stateDir = access.root().resolve("state");
        List<StateOperatorInfo> operators = new ArrayList<>();
        if (!Files.isDirectory(stateDir)) {
            return operators;
        }
        for (Path operatorDir : access.list(stateDir)) {
            Long operatorId = LogFolder.parseBatchId(operatorDir.getFileName().toString());
            if (operatorId == null || !Files.isDirectory(operatorDir)) {
                continue;
            }
            operators.add(readOperator(access, operatorId.intValue(), operatorDir));
        }
        return operators;
    }

    private static StateOperatorInfo readOperator(FolderAccess access, int operatorId, Path operatorDir) {
        Map<String, StoreFacts> stores = new TreeMap<>();
        for (Path partitionDir : access.list(operatorDir)) {
            Long partition = LogFolder.parseBatchId(partitionDir.getFileName().toString());
            if (partition == null || !Files.isDirectory(partitionDir)) {
                continue;
            }
            readStoreFolder(access, partitionDir, partition.intValue(), stores.computeIfAbsent(DEFAULT_STORE, k -> new StoreFacts()));
            for (Path child : access.list(partitionDir)) {
                String name = child.getFileName().toString();
                if (Files.isDirectory(child) && !name.equals(METADATA_DIR) && !name.equals("SSTs") && !name.equals("logs")) {
                    readStoreFolder(access, child, partition.intValue(), stores.computeIfAbsent(name, k -> new StoreFacts()));
                }
            }
        }
        StoreFacts defaults = stores.get(DEFAULT_STORE);
        if (defaults != null && stores.size() > 1 && defaults.versions.isEmpty() && defaults.schemaFiles.isEmpty()) {
            stores.remove(DEFAULT_STORE); // the partition folders only hold named stores (stream-stream join)
        }
        addSchemaV3Files(access, operatorDir, stores);
        Optional<OperatorMetadata> metadata = readOperatorMetadata(access, operatorDir);
        if (metadata.isEmpty()) {
            access.findings().note("state/" + operatorId, "no operator metadata file (Spark writes one from 4.0 on);"
                    + " the operator kind is not recorded");
        }
        List<StateStoreInfo> storeInfos = new ArrayList<>();
        for (Map.Entry<String, StoreFacts> store : stores.entrySet()) {
            StoreFacts facts = store.getValue();
            int numPartitions = metadata.map(m -> m.partitionsByStore().get(store.getKey())).orElse(facts.partitions.size());
            StateProvider provider = facts.rocksDbFiles ? StateProvider.ROCKSDB : facts.hdfsFiles ? StateProvider.HDFS : StateProvider.UNKNOWN;
            if (facts.rocksDbFiles && facts.hdfsFiles) {
                access.findings().warning("state/" + operatorId, null, "store " + store.getKey()
                        + " has both HDFS (.delta/.snapshot) and RocksDB (.zip/.changelog) files");
            }
            storeInfos.add(new StateStoreInfo(store.getKey(), numPartitions, provider, facts.versions, facts.schemaFiles));
        }
        return new StateOperatorInfo(operatorId, metadata.map(OperatorMetadata::operatorName).orElse(null),
                metadata.map(OperatorMetadata::version).orElse(0), storeInfos,
                metadata.map(OperatorMetadata::stateVariables).orElse(Map.of()));
    }

    private static void readStoreFolder(FolderAccess access, Path storeDir, int partition, StoreFacts facts) {
        boolean any = false;
        for (Path file : access.list(storeDir)) {
            String name = file.getFileName().toString();
            if (name.equals("SSTs")) {
                facts.rocksDbFiles = true;
                continue;
            }
            Matcher matcher = STATE_FILE.matcher(name);
            if (!matcher.matches()) {
                continue;
            }
            any = true;
            facts.versions.add(Long.parseLong(matcher.group(1)));
            switch (matcher.group(2)) {
                case "delta", "snapshot" -> facts.hdfsFiles = true;
                default -> facts.rocksDbFiles = true;
            }
        }
        Path schemaFile = storeDir.resolve(METADATA_DIR).resolve("schema");
        if (Files.exists(schemaFile)) {
            any = true;
            facts.schemaFiles.add(readSchemaFile(access, schemaFile));
        }
        if (any) {
            facts.partitions.add(partition);
        }
    }

    private static StateSchemaFile readSchemaFile(FolderAccess access, Path file) {
        String relative = access.relative(file);
        Optional<byte[]> bytes = access.read(file);
        if (bytes.isEmpty()) {
            return new StateSchemaFile(relative, 0, null, null);
        }
        try {
            StateSchemaFileParser.KeyValueSchema schema = StateSchemaFileParser.parse(bytes.get());
            return new StateSchemaFile(relative, schema.version(), schema.keySchema(), schema.valueSchema());
        } catch (FormatException e) {
            access.findings().problem(relative, e);
            return new StateSchemaFile(relative, 0, null, null);
        }
    }

    /** Spark 4's {@code _stateSchema/<store>/<batchId>_<uuid>} files: listed here, decoded by the state reader. */
    private static void addSchemaV3Files(FolderAccess access, Path operatorDir, Map<String, StoreFacts> stores) {
        Path schemaRoot = operatorDir.resolve("_stateSchema");
        if (!Files.isDirectory(schemaRoot)) {
            return;
        }
        for (Path storeDir : access.list(schemaRoot)) {
            if (!Files.isDirectory(storeDir)) {
                continue;
            }
            StoreFacts facts = stores.computeIfAbsent(storeDir.getFileName().toString(), k -> new StoreFacts());
            List<Path> files = access.list(storeDir);
            files.sort((a, b) -> Long.compare(schemaBatch(a), schemaBatch(b)));
            for (Path file : files) {
                facts.schemaFiles.add(new StateSchemaFile(access.relative(file), 3, null, null));
            }
        }
    }

    private static long schemaBatch(Path file) {
        String name = file.getFileName().toString();
        int underscore = name.indexOf('_');
        Long batch = LogFolder.parseBatchId(underscore < 0 ? name : name.substring(0, underscore));
        return batch == null ? Long.MAX_VALUE : batch;
    }

    private static Optional<OperatorMetadata> readOperatorMetadata(FolderAccess access, Path operatorDir) {
        Path metadataDir = operatorDir.resolve(METADATA_DIR);
        Path file = metadataDir.resolve("metadata");
        int maxVersion = 1;
        Path v2Dir = metadataDir.resolve("v2");
        if (Files.isDirectory(v2Dir)) {
            Map.Entry<Long, Path> newest = LogFolder.batchFiles(access, v2Dir, false).lastEntry();
            if (newest != null) {
                file = newest.getValue();
                maxVersion = 2;
            }
        }
        if (!Files.exists(file)) {
            return Optional.empty();
        }
        String relative = access.relative(file);
        Optional<byte[]> bytes = access.read(file);
        if (bytes.isEmpty()) {
            return Optional.empty();
        }
        try {
            LogText text = LogText.decode(bytes.get());
            int version = text.version(maxVersion);
            if (text.size() < 2) {
                throw new FormatException(null, "truncated: no JSON after the version line");
            }
            JsonNode json = Json.parseObject(text.line(2), FormatException.line(2));
            String name = json.path("operatorInfo").path("operatorName").asText(null);
            Map<String, Integer> partitions = new LinkedHashMap<>();
            for (JsonNode store : json.path("stateStoreInfo")) {
                partitions.put(store.path("storeName").asText(DEFAULT_STORE), store.path("numPartitions").asInt());
            }
            return Optional.of(new OperatorMetadata(version, name, partitions, stateVariables(access, json, relative)));
        } catch (FormatException e) {
            access.findings().problem(relative, e);
            return Optional.empty();
        }
    }

    /**
     * transformWithState's state variables, from the JSON text of {@code operatorPropertiesJson} (v2): damage there
     * is a problem, and the operator is still read.
     */
    private static Map<String, String> stateVariables(FolderAccess access, JsonNode metadata, String relative) {
        String properties = metadata.path("operatorPropertiesJson").asText("");
        Map<String, String> variables = new LinkedHashMap<>();
        if (properties.isBlank()) {
            return variables;
        }
        try {
            for (JsonNode variable : Json.parseObject(properties, FormatException.line(2)).path("stateVariables")) {
                variables.put(variable.path("stateName").asText(), variable.path("stateVariableType").asText());
            }
        } catch (FormatException e) {
            access.findings().problem(relative, e);
        }
        return variables;
    }
}
