package io.streamscope.checkpoint;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.List;
import java.util.NavigableMap;
import java.util.Optional;
import java.util.TreeSet;

/**
 * Joins the offset log, the commit log and the sources into batches: start offsets (previous end, or the initial
 * offsets for batch 0), rows read per Kafka partition, committed, will replay, and notes on purged history and gaps.
 */
final class BatchAssembler {

    /** What was found for one batch id in the two logs. */
    record LogEntries(long id, boolean offsetsFilePresent, Optional<OffsetSeq> offsets, Optional<Commit> commit) {
    }

    private BatchAssembler() {
    }

    static NavigableMap<Long, Batch> assemble(List<LogEntries> entries, List<SourceInfo> sources,
                                              boolean hasCommitLog, Findings findings) {
        return assemble(entries, sources, hasCommitLog, List.of(), findings);
    }

    /**
     * @param spark21Signs what else in the files points at Spark 2.1 (besides offsets without {@code conf}); a
     *                     version is only ever stated from such evidence, and as the guess it is
     * @param entries      the log entries of each batch id, in id order
     */
    static NavigableMap<Long, Batch> assemble(List<LogEntries> entries, List<SourceInfo> sources,
                                              boolean hasCommitLog, List<String> spark21Signs, Findings findings) {
        // Every file's end offsets parsed on all cores first; the batches below only subtract them in order.
        List<List<PartitionLongs>> parsedEnds = entries.parallelStream()
                .map(entry -> entry.offsets().map(BatchAssembler::parseEnds).orElse(List.of())).toList();
        InIdOrder inIdOrder = new InIdOrder(sources, hasCommitLog, lastWithOffsetsFile(entries), findings);
        long[] ids = new long[entries.size()];
        List<Batch> made = new ArrayList<>(entries.size());
        for (int at = 0; at < entries.size(); at++) {
            ids[at] = entries.get(at).id();
            made.add(inIdOrder.next(entries.get(at), parsedEnds.get(at)));
        }
        NavigableMap<Long, Batch> batches = AscendingTreeMap.of(ids, made);
        addNotes(batches, entries, hasCommitLog, findings);
        if (!hasCommitLog && !batches.isEmpty()) {
            noteMissingCommitLog(entries, spark21Signs, findings);
        }
        return batches;
    }

    /**
     * Makes the batches one after another, in id order: each starts where the one before ended. A method called per
     * batch rather than a loop's body, so that the JIT compiles it after a few hundred batches (a loop run once is
     * interpreted to its end).
     */
    private static final class InIdOrder {
        private final List<SourceInfo> sources;
        private final boolean hasCommitLog;
        private final Long lastOffsetsBatch;
        private final Findings findings;
        private List<JsonNode> previousEnd;
        /** The previous batch's end offsets as parsed: this batch's start, so each file's offsets are parsed once. */
        private List<PartitionLongs> previousParsed = List.of();
        private long previousId = -1;

        InIdOrder(List<SourceInfo> sources, boolean hasCommitLog, Long lastOffsetsBatch, Findings findings) {
            this.sources = sources;
            this.hasCommitLog = hasCommitLog;
            this.lastOffsetsBatch = lastOffsetsBatch;
            this.findings = findings;
        }

        /** The batch of {@code log}, whose end offsets {@code parsedEnd} holds parsed. */
        Batch next(LogEntries log, List<PartitionLongs> parsedEnd) {
            long id = log.id();
            // After a gap the batches in between read the offsets since the last known end, so this one's start is unknown.
            boolean follows = previousId == id - 1 && previousEnd != null;
            List<JsonNode> start = startOffsets(id, follows ? previousEnd : null, sources);
            List<BatchSource> batchSources = new ArrayList<>();
            if (log.offsets().isPresent()) {
                List<JsonNode> end = log.offsets().get().offsets();
                List<PartitionLongs> parsed = new ArrayList<>(parsedEnd);
                for (int index = 0; index < Math.max(end.size(), sources.size()); index++) {
                    JsonNode startOffset = index < start.size() ? start.get(index) : null;
                    JsonNode endOffset = index < end.size() ? end.get(index) : null;
                    PartitionLongs startParsed = follows ? (index < previousParsed.size() ? previousParsed.get(index) : null)
                            : KafkaOffsets.parseLongs(startOffset);
                    PartitionLongs endParsed = index < parsed.size() ? parsed.get(index) : null;
                    if (endParsed != null && startParsed != null) {
                        // most batches read the same partitions as the one before: one key array for them all
                        endParsed = endParsed.sharingKeysOf(startParsed);
                        parsed.set(index, endParsed);
                    }
                    batchSources.add(batchSource(id, index, startOffset, endOffset, startParsed, endParsed, findings));
                }
                previousEnd = end;
                previousParsed = parsed;
            } else {
                previousEnd = null; // unreadable or purged: the next batch's start is unknown
            }
            previousId = id;
            boolean committed = hasCommitLog ? log.commit().isPresent() : (lastOffsetsBatch != null && id < lastOffsetsBatch);
            boolean willReplay = log.offsetsFilePresent() && !committed && lastOffsetsBatch != null && id == lastOffsetsBatch;
            return new Batch(id, log.offsets(), batchSources, log.commit(), committed, willReplay);
        }
    }

    /** The Kafka offsets of each source's end offset, in source order (null where a source's are not Kafka's). */
    private static List<PartitionLongs> parseEnds(OffsetSeq offsets) {
        List<PartitionLongs> parsed = new ArrayList<>(offsets.offsets().size());
        for (JsonNode end : offsets.offsets()) {
            parsed.add(KafkaOffsets.parseLongs(end));
        }
        return parsed;
    }

    private static Long lastWithOffsetsFile(List<LogEntries> entries) {
        for (int at = entries.size() - 1; at >= 0; at--) {
            if (entries.get(at).offsetsFilePresent()) {
                return entries.get(at).id();
            }
        }
        return null;
    }

    private static List<JsonNode> startOffsets(long id, List<JsonNode> previousEnd, List<SourceInfo> sources) {
        if (previousEnd != null) {
            return previousEnd;
        }
        List<JsonNode> start = new ArrayList<>();
        if (id == 0) {
            for (SourceInfo source : sources) {
                start.add(source.initialOffsets());
            }
        }
        return start;
    }

    private static BatchSource batchSource(long batchId, int index, JsonNode start, JsonNode end, PartitionLongs startOffsets,
                                           PartitionLongs endOffsets, Findings findings) {
        if (endOffsets == null || startOffsets == null) {
            return new BatchSource(index, start, end, null, PartitionLongs.empty());
        }
        boolean samePartitions = startOffsets.sameKeysAs(endOffsets);
        long[] rows = new long[endOffsets.size()];
        long total = 0;
        for (int at = 0; at < rows.length; at++) {
            KafkaPartition partition = endOffsets.keyAt(at);
            long to = endOffsets.valueAt(at);
            long from;
            if (samePartitions) {
                from = startOffsets.valueAt(at);
            } else if (startOffsets.containsKey(partition)) {
                from = startOffsets.get(partition);
            } else {
                // A partition added after the query started: Spark reads it from the earliest offset.
                from = 0L;
                findings.note("offsets/" + batchId, "partition " + partition + " first appears in batch "
                        + batchId + "; Spark reads a new partition from its earliest offset, counted here from 0");
            }
            long count = to - from;
            if (count < 0) {
                findings.warning("offsets/" + batchId, null, "offset of " + partition + " went backwards from "
                        + from + " to " + to + " (topic re-created?)");
                count = 0;
            }
            rows[at] = count;
            total += count;
        }
        return new BatchSource(index, start, end, total, endOffsets.withValues(rows));
    }

    private static void addNotes(NavigableMap<Long, Batch> batches, List<LogEntries> entries,
                                 boolean hasCommitLog, Findings findings) {
        if (batches.isEmpty()) {
            return;
        }
        long first = batches.firstKey();
        if (first > 0) {
            findings.note(null, "batches before " + first + " were purged by retention (spark.sql.streaming.minBatchesToRetain);"
                    + " the start offsets of batch " + first + " are unknown");
        }
        TreeSet<Long> missing = new TreeSet<>(); // the first 1,001 at most
        long expected = first;
        for (long id : batches.keySet()) {
            for (; expected < id && missing.size() <= 1000; expected++) {
                missing.add(expected);
            }
            expected = id + 1;
        }
        if (!missing.isEmpty()) {
            findings.note("offsets", "no files for batch" + (missing.size() == 1 ? " " : "es ") + describe(missing)
                    + " (a gap, as async progress tracking leaves; Spark without it refuses to restart); the batch after a gap"
                    + " has unknown start offsets");
        }
        java.util.Iterator<LogEntries> logs = entries.iterator(); // the same ids, in the same order
        for (Batch batch : batches.values()) {
            LogEntries log = logs.next();
            if (batch.willReplay()) {
                findings.note("offsets/" + batch.id(), "batch " + batch.id() + " wrote its offsets but has no commit: Spark"
                        + " re-runs it with exactly these offsets when the query restarts");
            } else if (hasCommitLog && log.offsetsFilePresent() && !batch.committed()) {
                findings.note("commits", "batch " + batch.id() + " has no commit although later batches exist");
            }
            if (!log.offsetsFilePresent()) {
                findings.note("commits/" + batch.id(), "batch " + batch.id() + " has a commit but its offsets were purged");
            }
        }
    }

    /**
     * No {@code commits/} folder. Spark 2.1 had no commit log, but a missing folder alone says nothing about the
     * version (an empty folder is easily lost in a copy): Spark 2.1 is named only when the offsets carry no
     * {@code conf} (which Spark 2.2+ always writes) and another sign agrees, and then as a guess. Either way a batch
     * counts as finished when the next batch's offsets exist, which Spark writes only after the previous commit.
     */
    private static void noteMissingCommitLog(List<LogEntries> entries, List<String> spark21Signs, Findings findings) {
        List<Long> withConf = new ArrayList<>();
        boolean anyOffsets = false;
        for (LogEntries entry : entries) {
            if (entry.offsets().isPresent()) {
                anyOffsets = true;
                if (!entry.offsets().get().metadata().conf().isEmpty()) {
                    withConf.add(entry.id());
                }
            }
        }
        String rule = "a batch counts as committed when the next batch's offsets exist (Spark writes them only after the"
                + " commit), and Spark re-runs the last batch on restart";
        if (!withConf.isEmpty()) {
            findings.note("commits", "no commits/ folder, although offsets/" + withConf.get(0) + " carries a conf, which"
                    + " only Spark 2.2 and later write, and they always keep commits/: it was probably lost in a copy (an"
                    + " empty folder is easily lost, by git for one); " + rule);
        } else if (anyOffsets && !spark21Signs.isEmpty()) {
            findings.note("commits", "no commits/ folder: probably written by Spark 2.1, which had no commit log (a guess"
                    + " from its files: no offsets file carries a conf, which Spark 2.2 and later always write; "
                    + String.join("; ", spark21Signs) + "); " + rule);
        } else {
            findings.note("commits", "no commits/ folder (which Spark wrote this, the files do not tell): " + rule);
        }
    }

    private static String describe(TreeSet<Long> ids) {
        if (ids.size() == 1) {
            return ids.first().toString();
        }
        if (ids.last() - ids.first() + 1 == ids.size()) {
            return ids.first() + "–" + ids.last();
        }
        return ids.toString();
    }
}
