package io.streamscope.checkpoint.state;

import io.streamscope.checkpoint.Batch;
import io.streamscope.checkpoint.Checkpoint;
import io.streamscope.checkpoint.Problem;
import io.streamscope.checkpoint.StateOperatorInfo;
import io.streamscope.checkpoint.StateProvider;
import io.streamscope.checkpoint.StateStoreInfo;

import io.streamscope.task.Cancellation;
import io.streamscope.task.InOrder;
import io.streamscope.task.Progress;
import io.streamscope.task.Work;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.function.Consumer;
import java.util.function.IntFunction;
import java.util.function.ObjIntConsumer;
import java.util.stream.Collectors;

/**
 * Reads the rows of one state store of a checkpoint: the state after a batch (store version = batch id + 1), or
 * the changes batches made. Rows stream out one partition at a time, sorted by key bytes within a partition, so a
 * store with a million keys never sits in memory whole. Damage becomes a {@link Problem}; the other partitions are
 * still read.
 */
public final class StateReader {

    private final Checkpoint checkpoint;
    private final StateStoreInfo store;
    private final StoreSchema schema;
    /** Written by the threads that read partitions too; each with the partition it concerns (-1: the store). */
    private final StoreFindings found = new StoreFindings();
    /** transformWithState's column families by name (schema v3), empty for other operators. */
    private final Map<String, ColumnFamilySchema> families = new HashMap<>();
    /** The partitions' files, read with the problems and notes they give into {@link #found}. */
    private final StorePartitions partitions;
    /** transformWithState's list-state variables: their values hold several rows. */
    private final Set<String> listStates;
    /** Asked between partitions and every few thousand records; told each partition read. */
    private Work work = Work.NONE;

    private StateReader(Checkpoint checkpoint, StateOperatorInfo operator, StateStoreInfo store, StoreSchema schema) {
        this.checkpoint = checkpoint;
        this.store = store;
        this.partitions = new StorePartitions(checkpoint, operator, store, found);
        this.schema = new StoreSchema(schema.key(), RowCodec.storedValueSchema(schema.value()), schema.source());
        this.listStates = operator.stateVariables().entrySet().stream().filter(variable -> variable.getValue().equals("ListState"))
                .map(Map.Entry::getKey).collect(Collectors.toUnmodifiableSet());
    }

    /** A reader with the schema the checkpoint records, or {@code supplied} when given. */
    public static StateReader open(Checkpoint checkpoint, StateOperatorInfo operator, StateStoreInfo store,
                                   Optional<StoreSchema> supplied) {
        StoreSchema schema = supplied.orElseGet(() -> StoreSchemas.recorded(store));
        StateReader reader = new StateReader(checkpoint, operator, store, schema);
        List<Problem> schemaProblems = new ArrayList<>();
        for (ColumnFamilySchema family : StoreSchemas.columnFamilies(checkpoint.path(), store, schemaProblems)) {
            reader.families.put(family.name(), family);
        }
        schemaProblems.forEach(problem -> reader.found.problem(StoreFindings.WHOLE_STORE, problem));
        if (!schema.known() && reader.families.isEmpty()) {
            reader.found.problem(StoreFindings.WHOLE_STORE, Problem.error(reader.partitions.storeFolder(0), null, "no state schema for store " + store.storeName()
                    + " (Spark writes one from 3.1 on): rows are shown as bytes; supply the key and value schema to decode them"));
        }
        return reader;
    }

    /**
     * Reads from now on ask {@code given}'s cancellation (between partitions, and every
     * {@value RecordBuffer#RECORDS_PER_CHECK} records within one) and tell it the partitions read of the store's.
     */
    public StateReader with(Work given) {
        this.work = given;
        return this;
    }

    /**
     * Reads from now on take the partition folders' files from {@code shared}, listing there what it lacks: for the
     * reads of one checkpoint as read, see {@link StoreListings}.
     */
    public StateReader sharing(StoreListings shared) {
        partitions.shareListings(shared);
        return this;
    }

    /** Reads from now on take {@code count} partitions at once, whatever the file system (tests: one against many). */
    StateReader readingAtOnce(int count) {
        partitions.readAtOnce(count);
        return this;
    }

    int partitionsAtOnce() {
        return partitions.readers();
    }

    /** Where the rows' schemas come from, for people: the store's, or each column family's; "none" when unknown. */
    public String schemaSource() {
        if (!families.isEmpty()) {
            return "schema file v3, one per column family";
        }
        return schema.known() ? schema.source() : "none";
    }

    /** transformWithState's column families (state variables, timers, TTL indexes) by name; empty for other stores. */
    public Set<String> columnFamilies() {
        return Set.copyOf(families.keySet());
    }

    public List<Problem> problems() {
        return found.problems();
    }

    /**
     * What is worth a remark but is no damage: partitions a batch that never committed did not reach before it died
     * (they have no state for the version; Spark writes it when the batch re-runs).
     */
    public List<io.streamscope.checkpoint.Note> notes() {
        return found.notes();
    }

    /**
     * The state as it stood after {@code batchId}, partition by partition, each row an object of its own. The next
     * partition is rebuilt on a helper thread while this one is handed out, so at most two partitions are in memory
     * at once (on a remote store, a few more are rebuilt ahead while round trips wait: see StorePartitions.readers).
     */
    public void rows(long batchId, Consumer<StateRow> sink) {
        visit(batchId, sink, false);
    }

    /**
     * Like {@link #rows}, but one row object is handed out again and again, pointing into the bytes read: valid only
     * during the call (what {@link StateRow#key()} and {@link StateRow#value()} return stays valid). For streaming a
     * store out without an object, or a copy of its bytes, per row.
     */
    public void forEachRow(long batchId, Consumer<StateRow> sink) {
        visit(batchId, sink, true);
    }

    /**
     * Every row of the store after {@code batchId}, as {@link #forEachRow} hands them out, with the work spread over
     * the cores: each partition is rebuilt, and its rows given to a renderer made for it, on a worker thread; what the
     * renderers make reaches {@code sink} on the calling thread in partition order, a few partitions at most held at
     * once. The problems and notes found are those, and in the order, of {@link #forEachRow}.
     */
    public <R> void renderPartitions(long batchId, IntFunction<PartitionRenderer<R>> renderers, Consumer<R> sink) {
        long version = batchId + 1;
        ThreadLocal<PartitionWorker> workers = ThreadLocal.withInitial(() -> new PartitionWorker(decoder(batchId), work.cancellation()));
        int threads = partitions.readers();
        this.<R>inPartitionOrder(version, threads, threads + 1, (partition, part) -> {
            PartitionWorker worker = workers.get();
            PartitionRenderer<R> renderer = renderers.apply(partition);
            if (partitions.stateAt(partition, version, worker.buffer, work.cancellation())) {
                int[] rendered = {0};
                try {
                    handOut(partition, worker.buffer, worker.decoder, worker.row, row -> {
                        renderer.row(row);
                        rendered[0]++;
                    }, () -> {
                        R ready = renderer.part();
                        if (ready != null) {
                            part.accept(ready);
                        }
                    }, work.cancellation());
                } catch (OutOfMemoryError e) {
                    cutShortByMemory(partition, rendered[0], "rendering"); // what its rebuild left of the heap was too little
                }
            }
            return renderer.finish();
        }, (rendered, partition) -> sink.accept(rendered));
    }

    /**
     * Runs {@code job} for each partition on {@code workers} threads ({@code pending} at most queued or running while a
     * result is handed out), the results, in parts where a job makes them so, to {@code sink} on this thread in
     * partition order; asks for cancellation and reports progress (the store at {@code version}) before each, and
     * puts what the workers found back in partition order, as one thread reading the partitions in turn would have
     * found it.
     */
    private <R> void inPartitionOrder(long version, int workers, int pending, InOrder.PartedJob<R> job, ObjIntConsumer<R> sink) {
        String what = partitions.storeName() + " version " + version;
        StoreFindings.Mark mark = found.mark();
        InOrder.parts(store.numPartitions(), workers, pending, job, partition -> {
            work.check();
            work.report(what, partition, store.numPartitions(), Progress.Unit.PARTITIONS);
        }, sink);
        work.check();
        work.report(what, store.numPartitions(), store.numPartitions(), Progress.Unit.PARTITIONS);
        found.inPartitionOrderSince(mark);
    }

    /** What one thread of {@link #renderPartitions} reads partitions with: a decoder serves one thread at a time. */
    private static final class PartitionWorker {
        final RecordBuffer buffer = new RecordBuffer();
        final StateRowDecoder decoder;
        final StateRow row;

        PartitionWorker(StateRowDecoder decoder, Cancellation cancellation) {
            this.decoder = decoder;
            this.row = decoder.emptyRow();
            buffer.askBetweenRecords(cancellation);
        }
    }

    private void visit(long batchId, Consumer<StateRow> sink, boolean reuse) {
        long version = batchId + 1;
        StateRowDecoder decoder = decoder(batchId);
        StateRow reused = reuse ? decoder.emptyRow() : null;
        // The next partitions are rebuilt into buffers of their own while this one is handed out from another: one
        // ahead on two cores, more on a remote store, whose reads wait on round trips.
        int ahead = Math.max(1, partitions.readers() - 1);
        Queue<RecordBuffer> free = new ConcurrentLinkedQueue<>();
        for (int i = 0; i <= ahead; i++) {
            RecordBuffer buffer = new RecordBuffer();
            buffer.askBetweenRecords(work.cancellation());
            free.add(buffer);
        }
        this.<Rebuilt>inPartitionOrder(version, ahead, ahead, (partition, part) -> {
            RecordBuffer buffer = Objects.requireNonNull(free.poll(), "a buffer is free for each partition rebuilt");
            return new Rebuilt(buffer, partitions.stateAt(partition, version, buffer, work.cancellation()));
        }, (rebuilt, partition) -> {
            if (rebuilt.readable()) {
                handOut(partition, rebuilt.buffer(), decoder, reused, sink, () -> { }, work.cancellation());
            }
            free.add(rebuilt.buffer());
        });
    }

    /** A partition's state at a version in {@code buffer}; not {@code readable} when it could not be rebuilt. */
    private record Rebuilt(RecordBuffer buffer, boolean readable) {
    }

    /** Hands the partition's rows to {@code sink} in key order; {@code between} runs every few thousand rows. */
    private static void handOut(int partition, RecordBuffer buffer, StateRowDecoder decoder, StateRow reused,
                                Consumer<StateRow> sink, Runnable between, Cancellation cancellation) {
        byte[] data = buffer.data();
        int touched = 0;
        for (int i = 0; i < buffer.liveCount(); i++) {
            if (i % RecordBuffer.RECORDS_PER_CHECK == 0) {
                cancellation.check();
                between.run();
            }
            if (i % RecordBuffer.TOUCH_AHEAD == 0) {
                touched += buffer.touch(i, RecordBuffer.TOUCH_AHEAD);
            }
            int keyAt = buffer.liveKeyAt(i);
            int keyLength = buffer.liveKeyLength(i);
            int valueAt = buffer.liveValueAt(i);
            int valueLength = buffer.liveValueLength(i);
            StateRow row = reused != null
                    ? decoder.decode(reused, partition, data, keyAt, keyLength, data, valueAt, valueLength)
                    : decoder.decode(partition, Arrays.copyOfRange(data, keyAt, keyAt + keyLength),
                            Arrays.copyOfRange(data, valueAt, valueAt + valueLength));
            sink.accept(row);
            row.settle();
        }
        RecordBuffer.touched(touched);
    }

    /**
     * The changes made by batches {@code fromBatch + 1} … {@code toBatch}, batch by batch, like Spark's change feed:
     * each batch's {@link #markedRows} against the batch before, its changed rows only. From the deltas or changelogs
     * (a put is an update, a merge an append), and for a RocksDB store without changelogs (Spark's default set-up,
     * whose change feed Spark refuses) by comparing each version's snapshot with the one before, key by key.
     */
    public void changes(long fromBatch, long toBatch, Consumer<StateChange> sink) {
        Work whole = work;
        int batches = (int) Math.max(0, toBatch - fromBatch);
        try {
            for (long batch = fromBatch + 1; batch <= toBatch; batch++) {
                long batchId = batch;
                StateRowDecoder decoder = decoder(batch);
                work = whole.step((int) (batch - fromBatch - 1), batches); // one bar over all the batches
                batchChanges(batchId, decoder, sink);
            }
        } finally {
            work = whole;
        }
    }

    /** One batch's changes, as Spark's change feed has them. */
    private void batchChanges(long batchId, StateRowDecoder decoder, Consumer<StateChange> sink) {
        markedRows(batchId - 1, batchId, record -> {
            if (!record.mark().changed()) {
                return;
            }
            if (record.records().isEmpty()) { // compared contents: one change per changed key
                boolean deleted = record.mark() == ChangeMark.DELETED;
                emit(decoder, batchId, record, deleted ? StateChange.Type.DELETE : StateChange.Type.UPDATE,
                        deleted ? null : record.value(), sink);
                return;
            }
            for (StateRecord written : record.records()) { // Spark's change feed: one change per record
                StateChange.Type type = switch (written.kind()) {
                    case PUT -> StateChange.Type.UPDATE;
                    case DELETE -> StateChange.Type.DELETE;
                    case MERGE -> StateChange.Type.APPEND;
                };
                emit(decoder, batchId, record, type, written.kind() == StateRecord.Kind.DELETE ? null : written.value(), sink);
            }
        }, true);
    }

    private static void emit(StateRowDecoder decoder, long batchId, MarkedRecord record, StateChange.Type type, byte[] value,
                             Consumer<StateChange> sink) {
        StateRow row = decoder.decode(record.partition(), record.key(), value);
        sink.accept(new StateChange(batchId, type, record.partition(), row.columnFamily(), row.key(),
                value == null ? null : row.value()));
    }

    /**
     * One pass over the store after {@code toBatch}: every row, partition by partition in key order, with its mark
     * since the state after {@code fromBatch} (-1: the empty state before batch 0), the rows deleted since then among
     * them with their last value. Consecutive batches with a delta or changelog take Spark's own records (each file
     * read once: the state before, then the batch's file); any other pair compares the two versions' contents. A few
     * partitions are read at once (see {@code StorePartitions.readers}), each with its two versions in memory and its
     * marked rows until their turn. Progress counts partitions; a cancel stops between them, and within a partition
     * every few thousand records.
     */
    public void markedRows(long fromBatch, long toBatch, Consumer<MarkedRecord> sink) {
        markedRows(fromBatch, toBatch, sink, false);
    }

    /**
     * Likewise; with {@code changedOnly} only the changed rows, and where the batch's own records say them the state
     * before is not rebuilt (the change feed needs no more): a put is then {@link ChangeMark#UPDATED} whether or not
     * the key was there, with no old value.
     */
    public void markedRows(long fromBatch, long toBatch, Consumer<MarkedRecord> sink, boolean changedOnly) {
        markedRows(fromBatch, toBatch, sink, changedOnly, -1);
    }

    /** Likewise, of partition {@code onlyPartition} alone (-1: all): the others are not read. */
    public void markedRows(long fromBatch, long toBatch, Consumer<MarkedRecord> sink, boolean changedOnly, int onlyPartition) {
        long from = fromBatch + 1;
        long to = toBatch + 1;
        // Partitions are marked on the workers, each into a list handed to the sink here in partition order: a remote
        // store's step had waited on its round trips one partition after another (200 partitions, 15 s at 20 ms each).
        ThreadLocal<RecordBuffer[]> buffers = ThreadLocal.withInitial(() -> {
            RecordBuffer[] pair = {new RecordBuffer(), new RecordBuffer()};
            pair[0].askBetweenRecords(work.cancellation());
            pair[1].askBetweenRecords(work.cancellation());
            return pair;
        });
        int threads = partitions.readers();
        this.<List<MarkedRecord>>inPartitionOrder(to, threads, threads + 1, (partition, part) -> {
            if (onlyPartition >= 0 && partition != onlyPartition) {
                return List.<MarkedRecord>of();
            }
            MarkedParts marked = new MarkedParts(part);
            RecordBuffer[] pair = buffers.get();
            try {
                markPartition(partition, from, to, pair[0], pair[1], changedOnly ? record -> {
                    if (record.mark().changed()) {
                        marked.accept(record);
                    }
                } : marked, changedOnly);
            } catch (OutOfMemoryError e) {
                cutShortByMemory(partition, marked.count(), "marking"); // what its two versions left of the heap was too little
            }
            return marked.last();
        }, (marked, partition) -> marked.forEach(sink));
    }

    /** A problem: the rows of {@code partition} after its first {@code handedOut} are left out, as {@code doing} them ran out of heap. */
    private void cutShortByMemory(int partition, int handedOut, String doing) {
        found.problem(partition, Problem.error(partitions.storeFolder(partition), null, "partition " + partition
                + "'s rows after its first " + handedOut + " are left out: " + doing + " them needs more memory than is left: "
                + HeapLimit.advice()));
    }

    /**
     * A partition's marked rows, handed on {@value #MARKED_PER_PART} at a time: a partition of millions of keys is not
     * held as objects whole while it waits for its turn.
     */
    private static final class MarkedParts implements Consumer<MarkedRecord> {

        static final int MARKED_PER_PART = 8192;
        private final Consumer<List<MarkedRecord>> part;
        private List<MarkedRecord> marked = new ArrayList<>();
        private int count;

        MarkedParts(Consumer<List<MarkedRecord>> part) {
            this.part = part;
        }

        @Override
        public void accept(MarkedRecord record) {
            marked.add(record);
            count++;
            if (marked.size() == MARKED_PER_PART) {
                part.accept(marked);
                marked = new ArrayList<>();
            }
        }

        List<MarkedRecord> last() {
            return marked;
        }

        /** The rows marked so far. */
        int count() {
            return count;
        }
    }

    private void markPartition(int partition, long from, long to, RecordBuffer before, RecordBuffer after,
                               Consumer<MarkedRecord> sink, boolean changedOnly) {
        if (partitions.files(partition).isEmpty()) {
            return;
        }
        boolean recorded = to == from + 1 && partitions.hasRecords(partition, to);
        if (recorded && changedOnly) {
            TouchedKeys touched = new TouchedKeys();
            if (partitions.changesOf(partition, to, touched)) {
                MarkedRows.touched(partition, touched, sink);
            }
            return;
        }
        if (!partitions.stateAt(partition, from, before, work.cancellation())) {
            return; // stateAt said why
        }
        if (recorded) {
            TouchedKeys touched = new TouchedKeys();
            if (partitions.changesOf(partition, to, touched)) {
                MarkedRows.replay(partition, before, touched, sink);
            }
        } else if (partitions.stateAt(partition, to, after, work.cancellation())) {
            MarkedRows.compare(partition, before, after, sink);
        }
    }

    /** Decodes the bytes {@link #markedRows} hands out for the state after {@code batchId}. */
    public StateRowDecoding decoding(long batchId) {
        return new StateRowDecoding(decoder(batchId));
    }

    /** The decoder for the rows of a batch's state (its conf says whether they are Avro). */
    private StateRowDecoder decoder(long batchId) {
        return new StateRowDecoder(schema, store.provider() == StateProvider.ROCKSDB, families, partitions::familyNames,
                listStates, this::rowProblem, usesAvro(batchId));
    }

    private boolean usesAvro(long batchId) {
        Batch batch = checkpoint.batches().get(batchId);
        return batch != null && "avro".equals(batch.metadata().conf().get("spark.sql.streaming.stateStore.encodingFormat"));
    }

    private void rowProblem(int partition, String what, RowFormatException e) {
        if (found.problemCount() < 1000) {
            found.problem(partition, Problem.error(partitions.storeFolder(partition), "byte " + e.offset() + " of a " + what + " row",
                    "the " + what + " does not fit the " + schema.source() + " schema: " + e.getMessage()));
        }
    }
}
