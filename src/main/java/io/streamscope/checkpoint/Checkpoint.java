package io.streamscope.checkpoint;

import java.nio.file.Path;
import java.util.Collections;
import java.util.List;
import java.util.NavigableMap;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Everything read from one checkpoint folder.
 *
 * @param path           the folder
 * @param queryId        the id in {@code metadata}, or null when missing or unreadable
 * @param sources        the sources, by index
 * @param batches        the batches present in {@code offsets/} or {@code commits/}, by id
 * @param stateOperators stateful operators under {@code state/}, by id
 * @param problems       damaged or unreadable content
 * @param notes          normal Spark behaviour worth a remark
 * @param stateListings  the state files of each store folder as read then, for the state reads (no part of equality)
 */
public record Checkpoint(Path path, String queryId, List<SourceInfo> sources, NavigableMap<Long, Batch> batches,
                         List<StateOperatorInfo> stateOperators, List<Problem> problems, List<Note> notes,
                         StateFileListings stateListings) {

    public Checkpoint {
        sources = List.copyOf(sources);
        batches = Collections.unmodifiableNavigableMap(new TreeMap<>(batches));
        stateOperators = List.copyOf(stateOperators);
        problems = List.copyOf(problems);
        notes = List.copyOf(notes);
    }

    public Optional<Batch> lastCommittedBatch() {
        return batches.descendingMap().values().stream().filter(Batch::committed).findFirst();
    }
}
