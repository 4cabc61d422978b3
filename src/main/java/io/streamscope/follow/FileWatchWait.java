package io.streamscope.follow;

import java.io.IOException;
import java.nio.file.ClosedWatchServiceException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardWatchEventKinds;
import java.nio.file.WatchKey;
import java.nio.file.WatchService;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * A local checkpoint's file watcher: the folder itself, {@code offsets/} and {@code commits/} (registered once they
 * exist). After the first change it waits a moment for the rest of the burst (Spark writes a batch's plan, state and
 * commit close together), so one poll, and one update of the window, takes them all.
 */
final class FileWatchWait implements ChangeWait {

    /** Longest wait without an event: watchers can lose events (an overflow), so a poll comes at least this often. */
    private static final long SAFETY_NANOS = TimeUnit.SECONDS.toNanos(1);
    private static final long BURST_NANOS = TimeUnit.MILLISECONDS.toNanos(50);

    private final Path checkpoint;
    private final WatchService service;
    private final FollowClock clock;
    private final Set<Path> registered = new HashSet<>();

    FileWatchWait(Path checkpoint, WatchService service, FollowClock clock) {
        this.checkpoint = checkpoint;
        this.service = service;
        this.clock = clock;
        registerFolders();
    }

    @Override
    public void await(boolean changed, boolean failed, long maxNanos) throws InterruptedException {
        registerFolders();
        long deadline = clock.nanoTime() + Math.min(maxNanos, SAFETY_NANOS);
        try {
            WatchKey key = service.poll(Math.max(0, deadline - clock.nanoTime()), TimeUnit.NANOSECONDS);
            if (key == null) {
                return;
            }
            drain(key);
            long burstEnd = Math.min(deadline, clock.nanoTime() + BURST_NANOS);
            while ((key = service.poll(Math.max(0, burstEnd - clock.nanoTime()), TimeUnit.NANOSECONDS)) != null) {
                drain(key);
            }
        } catch (ClosedWatchServiceException e) {
            clock.sleep(Math.max(0, deadline - clock.nanoTime()));
        }
    }

    private static void drain(WatchKey key) {
        key.pollEvents();
        key.reset();
    }

    private void registerFolders() {
        for (Path folder : List.of(checkpoint, checkpoint.resolve("offsets"), checkpoint.resolve("commits"))) {
            if (!registered.contains(folder) && Files.isDirectory(folder, LinkOption.NOFOLLOW_LINKS)) {
                try {
                    folder.register(service, StandardWatchEventKinds.ENTRY_CREATE, StandardWatchEventKinds.ENTRY_MODIFY,
                            StandardWatchEventKinds.ENTRY_DELETE);
                    registered.add(folder);
                } catch (IOException | ClosedWatchServiceException e) {
                    // gone again, or the watcher closed: the safety poll still comes
                }
            }
        }
    }

    @Override
    public String description() {
        return "file watcher";
    }

    @Override
    public void close() {
        try {
            service.close();
        } catch (IOException e) {
            // nothing left to release
        }
    }
}
