package io.streamscope.doctor;

import io.streamscope.checkpoint.Batch;
import io.streamscope.checkpoint.BatchSource;
import io.streamscope.checkpoint.Checkpoint;
import io.streamscope.checkpoint.KafkaOffsets;
import io.streamscope.checkpoint.KafkaPartition;
import io.streamscope.checkpoint.StateOperatorInfo;
import io.streamscope.checkpoint.StateSchemaFile;
import io.streamscope.checkpoint.StateStoreInfo;
import io.streamscope.task.Progress;
import io.streamscope.task.Work;
import io.streamscope.topic.TopicException;
import io.streamscope.topic.TopicSource;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Examines a checkpoint for what a restart of its query would meet: missing metadata, gaps in the logs, a changed
 * number of sources, state that cannot be rebuilt, an uncommitted batch, a crash mid-write, temp files, offsets the
 * topic no longer holds, a changed query. Every finding says the safe action and its cost; a healthy checkpoint gets
 * no error and no warning. Reads file names and the checkpoint already read; never writes.
 */
public final class Doctor {

    private final Checkpoint checkpoint;
    private final List<Finding> findings = new ArrayList<>();

    private Doctor(Checkpoint checkpoint) {
        this.checkpoint = checkpoint;
    }

    /** @param topics the query's topic source, for {@code offsets-expired}; empty to skip that check */
    public static List<Finding> examine(Checkpoint checkpoint, Optional<TopicSource> topics) {
        return examine(checkpoint, topics, Work.NONE);
    }

    /**
     * Likewise, telling {@code work} the checks done of all and asking its cancellation before each.
     *
     * @throws java.util.concurrent.CancellationException when {@code work} is cancelled
     */
    public static List<Finding> examine(Checkpoint checkpoint, Optional<TopicSource> topics, Work work) {
        Doctor doctor = new Doctor(checkpoint);
        Map<String, Runnable> checks = new java.util.LinkedHashMap<>();
        checks.put("metadata", doctor::metadata);
        checks.put("offsets/", doctor::offsetsGaps);
        checks.put("commits/", doctor::commitGaps);
        checks.put("sources", doctor::sourceCount);
        checks.put("the last batch", doctor::uncommitted);
        checks.put("state/", doctor::state);
        checks.put("stray files", doctor::strayFiles);
        topics.ifPresent(source -> checks.put("the topic's offsets", () -> doctor.offsetsExpired(source)));
        int done = 0;
        for (Map.Entry<String, Runnable> check : checks.entrySet()) {
            work.check();
            work.report("doctor, " + check.getKey(), done++, checks.size(), Progress.Unit.CHECKS);
            check.getValue().run();
        }
        work.report("doctor", checks.size(), checks.size(), Progress.Unit.CHECKS);
        return List.copyOf(doctor.findings);
    }

    private void add(String id, Finding.Severity severity, String path, Long batchId, String message, String fix) {
        findings.add(new Finding(id, severity, path, batchId, message, fix));
    }

    private void metadata() {
        if (!Files.isRegularFile(checkpoint.path().resolve("metadata"), LinkOption.NOFOLLOW_LINKS)) {
            add("metadata-missing", Finding.Severity.WARNING, "metadata", null,
                    "There is no metadata file, which holds the query's id. On restart Spark writes a new one with a NEW "
                            + "query id" + (checkpoint.batches().isEmpty() ? " and, with no offsets either, starts from "
                            + "the sources' startingOffsets" : " (it still resumes from offsets/)") + ".",
                    "Restart as is if a new query id is acceptable (dashboards and listeners keyed by the id start "
                            + "over); to keep the id, restore metadata from a backup of this checkpoint. Never copy "
                            + "another query's metadata.");
        }
    }

    private void offsetsGaps() {
        List<Long> planned = checkpoint.batches().values().stream().filter(b -> b.offsets().isPresent())
                .map(Batch::id).toList();
        for (int i = 1; i < planned.size(); i++) {
            long before = planned.get(i - 1);
            long after = planned.get(i);
            if (after > before + 1) {
                add("offsets-gap", Finding.Severity.WARNING, "offsets/" + (before + 1), before + 1,
                        "offsets/ has no batch " + (before + 1) + (after > before + 2 ? "–" + (after - 1) : "")
                                + " between " + before + " and " + after + ": without async progress tracking Spark "
                                + "refuses to restart (\"batch " + (before + 1) + " doesn't exist\").",
                        "If the query ran with asyncProgressTrackingEnabled, this gap is how it writes the log and needs "
                                + "nothing. Otherwise a file was lost: restore it from a backup, or move to a new "
                                + "checkpoint with the handover (`handover`), which resumes the sources where the last "
                                + "committed batch ended and starts the state empty.");
            }
        }
    }

    private void commitGaps() {
        List<Long> committed = checkpoint.batches().values().stream().filter(b -> b.commit().isPresent())
                .map(Batch::id).toList();
        for (int i = 1; i < committed.size(); i++) {
            long before = committed.get(i - 1);
            long after = committed.get(i);
            for (long missing = before + 1; missing < after; missing++) {
                Batch batch = checkpoint.batches().get(missing);
                if (batch != null && batch.offsets().isPresent()) {
                    add("commit-gap", Finding.Severity.WARNING, "commits/" + missing, missing,
                            "Batch " + missing + " has offsets but no commit although batch " + after + " committed: "
                                    + "its commit file was lost (Spark commits batches in order).",
                            "Spark restarts from the last commit and does not look back, so the restart itself works; "
                                    + "check whether the sink received batch " + missing + " (its rows may be missing "
                                    + "if it failed before writing them).");
                }
            }
        }
    }

    private void sourceCount() {
        Integer expected = null;
        long firstId = -1;
        for (Batch batch : checkpoint.batches().values()) {
            if (batch.offsets().isEmpty()) {
                continue;
            }
            int count = batch.offsets().get().offsets().size();
            if (expected == null) {
                expected = count;
                firstId = batch.id();
            } else if (count != expected) {
                add("source-count-changed", Finding.Severity.ERROR, "offsets/" + batch.id(), batch.id(),
                        "Batch " + batch.id() + " has " + count + " source" + (count == 1 ? "" : "s") + " where batch "
                                + firstId + " had " + expected + ": the query's sources were added or removed, and "
                                + "Spark refuses to restart a checkpoint whose number of sources changed.",
                        "Run the query with the sources it had, or move to a new checkpoint with the handover "
                                + "(`handover`): each source resumes where the last committed batch ended; the state "
                                + "starts empty.");
                return;
            }
        }
    }

    private void uncommitted() {
        Batch last = checkpoint.batches().isEmpty() ? null : checkpoint.batches().lastEntry().getValue();
        if (last != null && last.willReplay()) {
            add("uncommitted-batch", Finding.Severity.INFO, "offsets/" + last.id(), last.id(),
                    "Batch " + last.id() + " was planned (offsets/" + last.id() + ") but never committed: on restart "
                            + "Spark runs it again with exactly the same offsets.",
                    "Nothing to do for Spark. A sink that is not idempotent (a plain append in foreachBatch) may then "
                            + "hold batch " + last.id() + "'s rows twice: write with MERGE or keyed by the batch id.");
        }
    }

    private void state() {
        long lastCommitted = checkpoint.lastCommittedBatch().map(Batch::id).orElse(-1L);
        long needed = lastCommitted + 1; // the version a restart loads: the state after the last committed batch
        for (StateOperatorInfo operator : checkpoint.stateOperators()) {
            for (StateStoreInfo store : operator.stores()) {
                List<Integer> unrecoverable = new ArrayList<>();
                List<String> missingFiles = new ArrayList<>();
                TreeMap<Long, List<Integer>> aheadIn = new TreeMap<>();
                for (int partition = 0; partition < store.numPartitions(); partition++) {
                    String folder = folder(operator, store, partition);
                    StateFolder files = StateFolder.of(checkpoint.path().resolve(folder));
                    if (needed > 0 && !files.canRebuild(needed)) {
                        unrecoverable.add(partition);
                        long missing = files.firstMissing(needed);
                        missingFiles.add(folder + "/" + missing + (store.provider().name().equals("ROCKSDB")
                                ? ".changelog (or a .zip)" : ".delta (or a .snapshot)"));
                    }
                    for (long version : files.versions().tailSet(needed + 1)) {
                        aheadIn.computeIfAbsent(version, v -> new ArrayList<>()).add(partition);
                    }
                }
                String where = "state/" + operator.operatorId() + (store.storeName().equals("default") ? ""
                        : " (" + store.storeName() + ")");
                if (!unrecoverable.isEmpty()) {
                    add("state-unrecoverable", Finding.Severity.ERROR, "state/" + operator.operatorId(), lastCommitted,
                            "A restart needs the state after batch " + lastCommitted + " (version " + needed + ") of "
                                    + where + ", but partition" + (unrecoverable.size() == 1 ? " " : "s ")
                                    + unrecoverable + " cannot rebuild it: no snapshot at or below it with every later "
                                    + "file; missing " + String.join(", ", missingFiles.subList(0,
                                    Math.min(5, missingFiles.size()))) + (missingFiles.size() > 5 ? ", …" : "") + ".",
                            "Restore the missing files from a backup. Without them, move to a new checkpoint with the "
                                    + "handover: the sources resume where batch " + lastCommitted + " ended and "
                                    + "operator " + operator.operatorId() + " starts with empty state (its aggregates "
                                    + "restart from nothing).");
                }
                for (Map.Entry<Long, List<Integer>> ahead : aheadIn.entrySet()) {
                    long version = ahead.getKey();
                    boolean everywhere = ahead.getValue().size() == store.numPartitions();
                    long batch = version - 1;
                    if (everywhere) {
                        add("state-ahead-of-commit", Finding.Severity.INFO, where, batch,
                                "Version " + version + " of " + where + " exists in every partition but batch " + batch
                                        + " has no commit: the batch finished its state and died before its commit.",
                                "Nothing to do: on restart Spark runs batch " + batch + " again from version " + (version - 1)
                                        + " and writes version " + version + " anew.");
                    } else {
                        add("partial-state-version", Finding.Severity.INFO, where, batch,
                                "Version " + version + " of " + where + " was written by partition"
                                        + (ahead.getValue().size() == 1 ? " " : "s ") + ahead.getValue() + " only, of "
                                        + store.numPartitions() + ": uncommitted batch " + batch + " died while it wrote "
                                        + "its state (retention never removes the newest version).",
                                "Nothing to do: on restart Spark runs batch " + batch + " again and writes version "
                                        + version + " in every partition.");
                    }
                }
            }
            queryChanged(operator);
        }
    }

    /** A store whose schema files differ between versions: the query changed under the same checkpoint. */
    private void queryChanged(StateOperatorInfo operator) {
        for (StateStoreInfo store : operator.stores()) {
            // Spark 4 writes a new _stateSchema/<store>/<batchId>_<uuid> file when the state schema changes
            List<StateSchemaFile> evolved = store.schemaFiles().stream().filter(s -> s.version() == 3).toList();
            if (evolved.size() > 1) {
                StateSchemaFile changed = evolved.get(evolved.size() - 1);
                add("query-changed", Finding.Severity.WARNING, changed.path(), batchOf(changed.path()),
                        "Operator " + operator.operatorId() + " (" + store.storeName() + ") has " + evolved.size()
                                + " state schema files: its state schema changed (" + changed.path() + "), so the query "
                                + "was changed while keeping this checkpoint.",
                        "Spark accepted the change when it wrote that file; if a restart now fails with a schema "
                                + "error, move to a new checkpoint with the handover (the state starts empty).");
                return;
            }
            List<StateSchemaFile> schemas = store.schemaFiles().stream().filter(s -> s.keySchema() != null).toList();
            for (int i = 1; i < schemas.size(); i++) {
                StateSchemaFile before = schemas.get(i - 1);
                StateSchemaFile after = schemas.get(i);
                if (!before.keySchema().equals(after.keySchema()) || !before.valueSchema().equals(after.valueSchema())) {
                    add("query-changed", Finding.Severity.WARNING, "state/" + operator.operatorId(), null,
                            "The state schema of operator " + operator.operatorId() + " (" + store.storeName()
                                    + ") changed between its schema files: the query was changed while keeping this "
                                    + "checkpoint.",
                            "Spark accepts only compatible changes; if the restart fails with a schema error, move to "
                                    + "a new checkpoint with the handover (the state starts empty).");
                    return;
                }
            }
        }
    }

    /** {@code …/_stateSchema/default/5_<uuid>} → 5. */
    private static Long batchOf(String schemaPath) {
        String name = schemaPath.substring(schemaPath.lastIndexOf('/') + 1);
        int underscore = name.indexOf('_');
        try {
            return underscore > 0 ? Long.parseLong(name.substring(0, underscore)) : null;
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private static String folder(StateOperatorInfo operator, StateStoreInfo store, int partition) {
        String folder = "state/" + operator.operatorId() + "/" + partition;
        return store.storeName().equals("default") ? folder : folder + "/" + store.storeName();
    }

    /** Temp files a crash left in the logs and the state (Spark writes {@code .name.<uuid>.tmp} and renames). */
    private void strayFiles() {
        List<String> stray = new ArrayList<>();
        for (String log : List.of("offsets", "commits")) {
            collectTemp(checkpoint.path().resolve(log), log, stray);
        }
        for (StateOperatorInfo operator : checkpoint.stateOperators()) {
            for (StateStoreInfo store : operator.stores()) {
                for (int partition = 0; partition < store.numPartitions(); partition++) {
                    String folder = folder(operator, store, partition);
                    StateFolder.of(checkpoint.path().resolve(folder)).stray.forEach(name -> stray.add(folder + "/" + name));
                }
            }
        }
        if (!stray.isEmpty()) {
            add("stray-files", Finding.Severity.INFO, stray.get(0), null,
                    stray.size() + " temp file" + (stray.size() == 1 ? "" : "s") + " a crash left behind: "
                            + String.join(", ", stray.subList(0, Math.min(5, stray.size())))
                            + (stray.size() > 5 ? ", …" : "") + ". Spark ignores them.",
                    "Nothing to do; they may be deleted once the query is stopped (Spark writes each file to such a "
                            + "temp name and renames it).");
        }
    }

    private static void collectTemp(Path folder, String relative, List<String> into) {
        if (!Files.isDirectory(folder, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        try (DirectoryStream<Path> files = Files.newDirectoryStream(folder)) {
            for (Path file : files) {
                String name = file.getFileName().toString();
                if (name.endsWith(".tmp") && Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
                    into.add(relative + "/" + name);
                }
            }
        } catch (IOException e) {
            // the checkpoint reader reports an unreadable log folder
        }
        java.util.Collections.sort(into);
    }

    /** The topic's earliest offsets past what the checkpoint still needs: records lost to retention. */
    private void offsetsExpired(TopicSource topics) {
        Optional<Batch> committed = checkpoint.lastCommittedBatch();
        if (committed.isEmpty()) {
            return;
        }
        for (BatchSource source : committed.get().sources()) {
            Optional<SortedMap<KafkaPartition, Long>> needed = KafkaOffsets.parse(source.endOffset());
            if (needed.isEmpty() || needed.get().isEmpty()) {
                continue;
            }
            Map<KafkaPartition, Long> earliest;
            try {
                earliest = topics.beginningOffsets(needed.get().keySet());
            } catch (TopicException e) {
                add("offsets-expired", Finding.Severity.WARNING, null, committed.get().id(),
                        "The topic's earliest offsets could not be read from " + topics.description() + ": "
                                + e.getMessage(), "Check the topic source and run the doctor again.");
                return;
            }
            TreeSet<String> expired = new TreeSet<>();
            for (Map.Entry<KafkaPartition, Long> partition : needed.get().entrySet()) {
                Long first = earliest.get(partition.getKey());
                if (first != null && first > partition.getValue()) {
                    expired.add(partition.getKey() + " (needs " + partition.getValue() + ", earliest " + first + ")");
                }
            }
            if (!expired.isEmpty()) {
                add("offsets-expired", Finding.Severity.ERROR, "offsets/" + committed.get().id(), committed.get().id(),
                        "The topic no longer holds the records the next batch reads: " + String.join(", ", expired)
                                + ". With failOnDataLoss=true (the default) the restart fails; with false the records "
                                + "in between are skipped silently.",
                        "The records are gone from Kafka. To go on, restart with failOnDataLoss=false (the batch "
                                + "starts at the earliest offset still held), or move to a new checkpoint with the "
                                + "handover and startingOffsets=earliest; either way the expired records are lost.");
            }
        }
    }
}
