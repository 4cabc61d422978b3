package io.streamscope.checkpoint;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The state files of each store folder ({@code state/<op>/<partition>/[<store>/]}) as reading the checkpoint listed
 * them: the regular files named as Spark names state files. A state read takes a folder's files from here rather than
 * listing it a second time (on an object store, a round trip a folder: 200 of them for a store of 200 partitions).
 * A cache of what was listed, not part of what the checkpoint says: any two are equal, so that two reads of an
 * unchanged checkpoint are equal as before. Safe for the threads that list the folders.
 */
public final class StateFileListings {

    private final Map<Path, List<Path>> byFolder = new ConcurrentHashMap<>();

    /** Keeps {@code files}, the state files listed in {@code folder}. */
    void record(Path folder, List<Path> files) {
        byFolder.put(folder, List.copyOf(files));
    }

    /** The state files of {@code folder} as listed when the checkpoint was read; empty when it was not listed then. */
    public Optional<List<Path>> of(Path folder) {
        return Optional.ofNullable(byFolder.get(folder));
    }

    /** The folders listed (for tests). */
    public int folders() {
        return byFolder.size();
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof StateFileListings;
    }

    @Override
    public int hashCode() {
        return StateFileListings.class.hashCode();
    }

    @Override
    public String toString() {
        return "StateFileListings[" + byFolder.size() + " folders]";
    }
}
