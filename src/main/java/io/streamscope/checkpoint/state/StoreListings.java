package io.streamscope.checkpoint.state;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The state files of a checkpoint's partition folders, listed once for all the reads of one checkpoint as read (the
 * window's steps through its batches): a remote store's 200 folders had been listed again at every step, a third of
 * a step's round trips. Keep one for as long as the same {@link io.streamscope.checkpoint.Checkpoint} is shown, and
 * make a new one with the next (follow mode's every commit): a listing is as old as the batches the reads ask about.
 * Only folders that hold state files are kept; what could not be listed is listed again. Safe for the reader's workers.
 */
public final class StoreListings {

    private final Map<Path, StoreFiles> listed = new ConcurrentHashMap<>();
    private final AtomicInteger listings = new AtomicInteger();

    /** The state files of {@code folder}, from an earlier listing when there was one. */
    StoreFiles list(Path folder) throws IOException {
        StoreFiles files = listed.get(folder);
        if (files != null) {
            return files;
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
