package io.streamscope.checkpoint;

import io.streamscope.task.Work;

import java.nio.file.FileSystems;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Predicate;

/**
 * Lists the state's partition folders ahead, several at a time, where the checkpoint is remote: on HDFS or S3 each
 * listing is a round trip (tens of milliseconds to S3), and 200 partitions listed one after another took seconds at
 * every open and, in follow mode, at every commit. The listings wait in the {@link FolderAccess} for the reader, which
 * takes them in its own order, so its findings and answer are those of one thread listing as it goes. A local folder
 * is listed as it is read, where a listing costs CPU rather than a round trip; a wide local store's partitions are read
 * in runs on the cores instead ({@link PartitionFolders}).
 */
final class ListingPrefetch {

    /** Listings in flight at once: round trips, not work for the cores. */
    static final int THREADS = 16;
    /** Partitions listed ahead at most, so that a wide store's listings are not all held at once. */
    static final int AHEAD = 64;

    private ListingPrefetch() {
    }

    /** Whether folders of {@code access} are worth listing ahead: a remote file system's. */
    static boolean pays(FolderAccess access) {
        return access.root().getFileSystem() != FileSystems.getDefault();
    }

    /**
     * Lists {@code folders} and, in each, the sub-folders whose names {@code alsoInside} accepts (a join's stores),
     * on up to {@link #THREADS} threads, and leaves the listings in {@code access}. Stops starting new ones when
     * {@code work} is cancelled; what it did not list, the reader lists itself.
     */
    static void listAhead(FolderAccess access, List<Path> folders, Predicate<String> alsoInside, Work work) {
        if (folders.size() < 2) {
            return;
        }
        AtomicInteger named = new AtomicInteger();
        ExecutorService pool = Executors.newFixedThreadPool(Math.min(THREADS, folders.size()), task -> {
            Thread thread = new Thread(task, "streamscope-listing-" + named.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        });
        try {
            List<Callable<Void>> listings = new ArrayList<>(folders.size());
            for (Path folder : folders) {
                listings.add(() -> {
                    if (!work.cancellation().isCancelled()) {
                        FolderAccess.Listing listing = FolderAccess.listNow(folder);
                        access.listedAhead(folder, listing);
                        for (Path entry : listing.entries()) {
                            if (alsoInside.test(entry.getFileName().toString()) && isFolder(entry)
                                    && !work.cancellation().isCancelled()) {
                                access.listedAhead(entry, FolderAccess.listNow(entry));
                            }
                        }
                    }
                    return null;
                });
            }
            pool.invokeAll(listings);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt(); // the reader lists what is missing, or stops on the interrupt's cancel
        } finally {
            pool.shutdownNow();
        }
    }

    /** A folder itself, not a link to one: only the folder's own tree is listed. */
    static boolean isFolder(Path entry) {
        BasicFileAttributes attributes = FolderAccess.ownAttributes(entry);
        return attributes != null && attributes.isDirectory();
    }
}
