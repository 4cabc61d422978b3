package io.streamscope.doctor;

import io.streamscope.checkpoint.Checkpoint;
import io.streamscope.checkpoint.StateOperatorInfo;
import io.streamscope.checkpoint.StateProvider;
import io.streamscope.checkpoint.StateStoreInfo;

import java.nio.file.FileSystems;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The State Data Source read that gives, on the user's own Spark cluster, the state Streamscope shows: a store too
 * large for one machine is read by Spark itself ({@code spark.read.format("statestore")}, Spark 3.5+; the change
 * feed and transformWithState's variables need Spark 4.0). Its options come from the open checkpoint: the operator
 * id, the store name (or, for a stream-stream join's store, its side: {@code joinSide}), the batch, each
 * transformWithState variable ({@code stateVarName}, timers by {@code readRegisteredTimers}), and for changes
 * {@code readChangeFeed} with {@code changeStartBatchId}/{@code changeEndBatchId}.
 *
 * @param path  the checkpoint as Spark is given it (a local path, or the URI of a remote store)
 * @param reads one read per data frame, in order
 * @param notes what the user should know before running it
 */
public record StateSnippet(String path, List<Read> reads, List<String> notes) {

    /** The sides of a stream-stream join, by the prefix of its four stores' names. */
    private static final Set<String> JOIN_SIDES = Set.of("left", "right");

    /**
     * One {@code spark.read.format("statestore")} data frame.
     *
     * @param name    the Python/Scala variable it is assigned to
     * @param what    in words, for the comment above it
     * @param options the options besides {@code path}, in order; values as Spark reads them
     */
    public record Read(String name, String what, Map<String, String> options) {
        public Read {
            options = Collections.unmodifiableMap(new LinkedHashMap<>(options));
        }
    }

    public StateSnippet {
        reads = List.copyOf(reads);
        notes = List.copyOf(notes);
    }

    /**
     * @param batchId     the state after this batch (its rows), or the last batch of the changes
     * @param changesFrom with a value M: the changes of batches M+1…{@code batchId} instead of the rows
     */
    public static StateSnippet of(Checkpoint checkpoint, StateOperatorInfo operator, StateStoreInfo store, long batchId,
                                  Optional<Long> changesFrom) {
        List<String> notes = new ArrayList<>();
        String side = joinSide(store.storeName());
        List<Read> reads = new ArrayList<>();
        List<Map.Entry<String, String>> variables = new ArrayList<>(operator.stateVariables().entrySet());
        if (variables.isEmpty()) {
            reads.add(read("state", describe(operator, store, side, changesFrom), operator, store, side, batchId,
                    changesFrom, null));
        } else {
            for (Map.Entry<String, String> variable : variables) {
                boolean timers = "TimerState".equals(variable.getValue());
                if (timers && changesFrom.isPresent()) {
                    continue; // Spark's change feed reads state variables, not the registered timers
                }
                reads.add(read(timers ? "timers" : identifier(variable.getKey()),
                        (timers ? "the timers registered" : variable.getValue() + " " + variable.getKey())
                                + " of transformWithState (operator " + operator.operatorId() + ")"
                                + (changesFrom.isPresent() ? ", changes" : ""),
                        operator, store, side, batchId, changesFrom, variable));
            }
            notes.add("transformWithState's state is read one variable at a time (stateVarName), Spark 4.0 or later");
        }
        if (changesFrom.isPresent()) {
            notes.add("the change feed needs Spark 4.0 or later; batch " + (changesFrom.get() + 1) + " to " + batchId
                    + ", one row per change (batch_id, change_type, key, value, partition_id)");
            if (store.provider() == StateProvider.ROCKSDB && !hasChangelogs(checkpoint, operator, store)) {
                notes.add("this RocksDB store has no changelog files (changelog checkpointing was off): Spark's change"
                        + " feed cannot read it, while `state --changes-from` here works from its snapshots");
            }
            if (side != null) {
                notes.add("a change feed reads one store of the join by name (joinSide cannot be combined with it)");
            }
        } else if (side != null) {
            notes.add("joinSide gives the " + side + " side's buffered input rows from its two stores; "
                    + ".option(\"storeName\", \"" + store.storeName() + "\") instead reads that store's own rows");
        }
        notes.add("the batch must be committed and not yet purged by retention; the operators and stores of the"
                + " checkpoint: spark.read.format(\"state-metadata\").load(path), Spark 4.0 checkpoints");
        return new StateSnippet(sparkPath(checkpoint.path()), reads, notes);
    }

    private static Read read(String name, String what, StateOperatorInfo operator, StateStoreInfo store, String side,
                             long batchId, Optional<Long> changesFrom, Map.Entry<String, String> variable) {
        Map<String, String> options = new LinkedHashMap<>();
        if (changesFrom.isPresent()) {
            options.put("readChangeFeed", "true");
            options.put("changeStartBatchId", Long.toString(changesFrom.get() + 1));
            options.put("changeEndBatchId", Long.toString(batchId));
        } else {
            options.put("batchId", Long.toString(batchId));
        }
        options.put("operatorId", Integer.toString(operator.operatorId()));
        if (side != null && changesFrom.isEmpty()) {
            options.put("joinSide", side); // Spark refuses storeName together with joinSide
        } else {
            options.put("storeName", store.storeName());
        }
        if (variable != null) {
            if ("TimerState".equals(variable.getValue())) {
                options.put("readRegisteredTimers", "true");
            } else {
                options.put("stateVarName", variable.getKey());
            }
        }
        return new Read(name, what, options);
    }

    private static String describe(StateOperatorInfo operator, StateStoreInfo store, String side,
                                   Optional<Long> changesFrom) {
        String name = operator.operatorName() == null ? "" : " (" + operator.operatorName() + ")";
        String which = side != null && changesFrom.isEmpty() ? "the " + side + " side of the join" : "store " + store.storeName();
        return which + " of operator " + operator.operatorId() + name + (changesFrom.isPresent() ? ", changes" : "");
    }

    /** {@code left} for {@code left-keyToNumValues} and {@code left-keyWithIndexToValue}; null for other stores. */
    static String joinSide(String storeName) {
        int dash = storeName.indexOf('-');
        String prefix = dash < 0 ? "" : storeName.substring(0, dash);
        return JOIN_SIDES.contains(prefix) && (storeName.endsWith("keyToNumValues") || storeName.endsWith("keyWithIndexToValue"))
                ? prefix : null;
    }

    private static boolean hasChangelogs(Checkpoint checkpoint, StateOperatorInfo operator, StateStoreInfo store) {
        Path partition = checkpoint.path().resolve("state").resolve(Integer.toString(operator.operatorId())).resolve("0");
        Path folder = store.storeName().equals("default") ? partition : partition.resolve(store.storeName());
        return !StateFolder.of(folder).deltas.isEmpty();
    }

    /** A local folder as its path; a remote one (another file system) as its URI, as Spark is given it. */
    private static String sparkPath(Path path) {
        return path.getFileSystem() == FileSystems.getDefault() ? path.toString() : path.toUri().toString();
    }

    private static String identifier(String name) {
        String cleaned = name.replaceAll("[^A-Za-z0-9_]", "_");
        return cleaned.isEmpty() || Character.isDigit(cleaned.charAt(0)) ? "state_" + cleaned : cleaned;
    }

    /** PySpark, ready to paste into a notebook or {@code pyspark} shell where {@code spark} exists. */
    public String python() {
        StringBuilder code = new StringBuilder();
        notes.forEach(note -> code.append("# ").append(note).append('\n'));
        code.append("path = ").append(quoted(path)).append('\n');
        for (Read read : reads) {
            code.append("\n# ").append(read.what()).append('\n');
            code.append(read.name()).append(" = (spark.read.format(\"statestore\")\n");
            code.append("    .option(\"path\", path)\n");
            read.options().forEach((key, value) -> code.append("    .option(").append(quoted(key)).append(", ")
                    .append(pythonValue(value)).append(")\n"));
            code.append("    .load())\n");
            code.append(read.name()).append(".show(truncate=False)\n");
        }
        return code.toString();
    }

    /** Scala, for {@code spark-shell} or a notebook. */
    public String scala() {
        StringBuilder code = new StringBuilder();
        notes.forEach(note -> code.append("// ").append(note).append('\n'));
        code.append("val path = ").append(quoted(path)).append('\n');
        for (Read read : reads) {
            code.append("\n// ").append(read.what()).append('\n');
            code.append("val ").append(read.name()).append(" = spark.read.format(\"statestore\")\n");
            code.append("  .option(\"path\", path)\n");
            read.options().forEach((key, value) -> code.append("  .option(").append(quoted(key)).append(", ")
                    .append(scalaValue(value)).append(")\n"));
            code.append("  .load()\n");
            code.append(read.name()).append(".show(truncate = false)\n");
        }
        return code.toString();
    }

    public String code(String language) {
        return "scala".equalsIgnoreCase(language) ? scala() : python();
    }

    private static String pythonValue(String value) {
        if (value.equals("true") || value.equals("false")) {
            return value.equals("true") ? "True" : "False";
        }
        return isNumber(value) ? value : quoted(value);
    }

    private static String scalaValue(String value) {
        if (value.equals("true") || value.equals("false")) {
            return value;
        }
        return isNumber(value) ? value + "L" : quoted(value);
    }

    private static boolean isNumber(String value) {
        return !value.isEmpty() && value.length() < 19 && value.chars().allMatch(Character::isDigit);
    }

    /** A string literal both languages read alike: backslashes and quotes escaped, $ kept (no interpolation here). */
    private static String quoted(String text) {
        StringBuilder quoted = new StringBuilder("\"");
        for (char c : text.toCharArray()) {
            switch (c) {
                case '\\' -> quoted.append("\\\\");
                case '"' -> quoted.append("\\\"");
                case '\n' -> quoted.append("\\n");
                default -> quoted.append(c);
            }
        }
        return quoted.append('"').toString();
    }
}
