package io.streamscope.checkpoint.state;

import io.streamscope.checkpoint.Checkpoint;
import io.streamscope.checkpoint.StateFileListings;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The state files of a checkpoint's partition folders, listed once for all the reads of one checkpoint as read (the
 * window's steps through its batches): a remote store's 200 folders had been listed again at every step, a third of
 * a step's round trips. Keep one for as long as the same {@link io.streamscope.checkpoint.Checkpoint} is shown, and
 * make a new one with the next (follow mode's every commit): a listing is as old as the batches the reads ask about.
 * Only folders that hold state files are kept; what could not be listed is listed again. Made for a checkpoint, it
 * starts from the folders reading the checkpoint listed ({@link StateFileListings}), so a state read lists none of them
 * a second time. Safe for the reader's workers.
 */
public final class StoreListings {

    private final Map<Path, StoreFiles> listed = new ConcurrentHashMap<>();
    private final AtomicInteger listings = new AtomicInteger();
    /** What reading the checkpoint listed: its folders are not listed again. */
    private final StateFileListings read;

    /** Listings of their own, the folders listed as reads ask for them. */
    public StoreListings() {
        this((StateFileListings) null);
    }

    /** Starting from the folders {@code checkpoint}'s reading listed: a folder it listed is not listed again. */
    public StoreListings(Checkpoint checkpoint) {
        this(checkpoint.stateListings());
    }

    private StoreListings(StateFileListings read) {
        this.read = read;
    }

    /** The state files of {@code folder}, from an earlier listing when there was one. */
    StoreFiles list(Path folder) throws IOException {
        StoreFiles files = listed.get(folder);
        if (files != null) {
            return files;
        }
        Optional<List<Path>> readBefore = read == null ? Optional.empty() : read.of(folder);
        if (readBefore.isPresent() && !readBefore.get().isEmpty()) { // as below, a folder without state files is listed again
            files = StoreFiles.of(folder, readBefore.get());
            StoreFiles first = listed.putIfAbsent(folder, files);
            return first != null ? first : files;
        }
        listings.incrementAndGet();
        files = StoreFiles.list(folder);
        if (!files.isEmpty()) {
            StoreFiles first = listed.putIfAbsent(folder, files);
            return first != null ? first : files;
        }
        return files;
    }

    /** How many folders were listed through this (for tests). */
    int listings() {
        return listings.get();
    }
}
