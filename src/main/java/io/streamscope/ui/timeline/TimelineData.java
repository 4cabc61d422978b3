package io.streamscope.ui.timeline;

import com.fasterxml.jackson.databind.JsonNode;
import io.streamscope.checkpoint.Batch;
import io.streamscope.checkpoint.BatchSource;
import io.streamscope.checkpoint.Checkpoint;
import io.streamscope.checkpoint.KafkaOffsets;
import io.streamscope.checkpoint.KafkaPartition;
import io.streamscope.checkpoint.StateOperatorInfo;
import io.streamscope.checkpoint.StateStoreInfo;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Everything the timeline draws, built once per opened checkpoint off the FX thread: the input lanes, one column per
 * batch, and the longest bar (so bar lengths compare across the whole checkpoint, not only the visible part).
 */
public record TimelineData(List<Lane> lanes, List<TimelineBatch> batches, long maxRows, boolean hasState) {

    public static final TimelineData EMPTY = new TimelineData(List.of(), List.of(), 0, false);

    public TimelineData {
        lanes = List.copyOf(lanes);
        batches = List.copyOf(batches);
    }

    public boolean isEmpty() {
        return batches.isEmpty();
    }

    public int size() {
        return batches.size();
    }

    /** The index of the batch with this id, or -1. */
    public int indexOf(long batchId) {
        int low = 0;
        int high = batches.size() - 1;
        while (low <= high) {
            int middle = (low + high) >>> 1;
            long id = batches.get(middle).id();
            if (id == batchId) {
                return middle;
            }
            if (id < batchId) {
                low = middle + 1;
            } else {
                high = middle - 1;
            }
        }
        return -1;
    }

    public static TimelineData of(Checkpoint checkpoint) {
        boolean[] partitioned = partitionedSources(checkpoint);
        Map<String, Lane> lanes = lanes(checkpoint, partitioned);
        List<Lane> laneList = new ArrayList<>(lanes.values());
        Map<String, Integer> laneIndex = new java.util.HashMap<>();
        for (String key : lanes.keySet()) {
            laneIndex.put(key, laneIndex.size());
        }
        TreeSet<Long> versions = stateVersions(checkpoint);
        boolean hasState = !checkpoint.stateOperators().isEmpty();
        java.util.Set<String> damaged = new java.util.HashSet<>();
        checkpoint.problems().forEach(problem -> damaged.add(problem.path()));
        List<TimelineBatch> columns = new ArrayList<>(checkpoint.batches().size());
        long maxRows = 0;
        for (Batch batch : checkpoint.batches().values()) {
            LaneCell[] cells = new LaneCell[laneList.size()];
            for (BatchSource source : batch.sources()) {
                if (source.index() < partitioned.length && partitioned[source.index()]) {
                    for (Map.Entry<KafkaPartition, LaneCell> cell : partitionCells(source).entrySet()) {
                        cells[laneIndex.get(key(source.index(), cell.getKey()))] = cell.getValue();
                        maxRows = Math.max(maxRows, cell.getValue().rows());
                    }
                } else {
                    cells[laneIndex.get(key(source.index(), null))] = LaneCell.plain(plainText(source.endOffset()));
                }
            }
            long version = hasState ? batch.id() + 1 : -1;
            columns.add(new TimelineBatch(batch, java.util.Arrays.asList(cells), version, versions.contains(version),
                    batch.offsets().isEmpty() && damaged.contains("offsets/" + batch.id())));
        }
        return new TimelineData(laneList, columns, maxRows, hasState);
    }

    /** A source is drawn as partitions when any batch has Kafka offsets for it. */
    private static boolean[] partitionedSources(Checkpoint checkpoint) {
        int count = checkpoint.sources().size();
        for (Batch batch : checkpoint.batches().values()) {
            for (BatchSource source : batch.sources()) {
                count = Math.max(count, source.index() + 1);
            }
        }
        boolean[] partitioned = new boolean[count];
        for (Batch batch : checkpoint.batches().values()) {
            for (BatchSource source : batch.sources()) {
                if (!source.inputRowsByPartition().isEmpty() || KafkaOffsets.isKafkaOffsets(source.endOffset())) {
                    partitioned[source.index()] = true;
                }
            }
        }
        return partitioned;
    }

    private static Map<String, Lane> lanes(Checkpoint checkpoint, boolean[] partitioned) {
        TreeMap<Integer, TreeSet<KafkaPartition>> partitions = new TreeMap<>();
        for (int index = 0; index < partitioned.length; index++) {
            partitions.put(index, new TreeSet<>());
        }
        for (Batch batch : checkpoint.batches().values()) {
            for (BatchSource source : batch.sources()) {
                if (partitioned[source.index()]) {
                    partitions.get(source.index()).addAll(partitionCells(source).keySet());
                }
            }
        }
        boolean severalSources = partitioned.length > 1;
        Map<String, Lane> lanes = new LinkedHashMap<>();
        for (Map.Entry<Integer, TreeSet<KafkaPartition>> source : partitions.entrySet()) {
            int index = source.getKey();
            String prefix = severalSources ? "#" + index + " " : "";
            if (partitioned[index]) {
                for (KafkaPartition partition : source.getValue()) {
                    lanes.put(key(index, partition), new Lane(index, partition, prefix + partition));
                }
            } else {
                String kind = index < checkpoint.sources().size() ? checkpoint.sources().get(index).kind().label() : "source";
                lanes.put(key(index, null), new Lane(index, null, severalSources ? "#" + index + " " + kind : kind));
            }
        }
        return lanes;
    }

    /** Per partition: start, end and rows where known; end only after a gap. */
    private static SortedMap<KafkaPartition, LaneCell> partitionCells(BatchSource source) {
        SortedMap<KafkaPartition, LaneCell> cells = new TreeMap<>();
        Optional<SortedMap<KafkaPartition, Long>> ends = KafkaOffsets.parse(source.endOffset());
        Optional<SortedMap<KafkaPartition, Long>> starts = KafkaOffsets.parse(source.startOffset());
        if (ends.isEmpty()) {
            return cells;
        }
        for (Map.Entry<KafkaPartition, Long> end : ends.get().entrySet()) {
            Long rows = source.inputRowsByPartition().get(end.getKey());
            Long start = starts.map(offsets -> offsets.get(end.getKey())).orElse(null);
            cells.put(end.getKey(), LaneCell.range(start, end.getValue(), rows == null ? -1 : rows));
        }
        return cells;
    }

    private static String plainText(JsonNode offset) {
        return offset == null || offset.isNull() ? "-" : offset.toString();
    }

    private static String key(int sourceIndex, KafkaPartition partition) {
        return sourceIndex + "/" + (partition == null ? "" : partition.toString());
    }

    private static TreeSet<Long> stateVersions(Checkpoint checkpoint) {
        TreeSet<Long> versions = new TreeSet<>();
        for (StateOperatorInfo operator : checkpoint.stateOperators()) {
            for (StateStoreInfo store : operator.stores()) {
                versions.addAll(store.versions());
            }
        }
        return versions;
    }
}
