package io.streamscope.ui.follow;

import io.streamscope.checkpoint.Checkpoint;
import io.streamscope.checkpoint.CheckpointReader;
import io.streamscope.checkpoint.NotACheckpointException;
import io.streamscope.follow.ChangeWait;
import io.streamscope.follow.CheckpointFollower;
import io.streamscope.follow.CheckpointWatcher;
import io.streamscope.follow.FollowClock;
import io.streamscope.ui.LoadedCheckpoint;
import javafx.application.Platform;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;

import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;

/**
 * Follow mode: while on, the open checkpoint is watched on a thread of its own (a file watcher on a local folder,
 * polling with backoff elsewhere); after each poll that found something the checkpoint is read again from what the
 * watcher already parsed (no log file twice, none mid-write) and handed to the window in one update on the FX
 * thread. No controls; its properties change on the FX thread only.
 */
public final class FollowViewModel {

    static final String OFF = "Follow the checkpoint while its query runs: new batches appear as Spark writes them (F5)";

    private final BooleanProperty following = new SimpleBooleanProperty(this, "following", false);
    private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper(this, "status", OFF);
    private final Consumer<Runnable> later;
    private final Consumer<FollowUpdate> deliver;
    private Path folder;
    /** The newest reading on show of that folder: a new session goes on from it. */
    private Checkpoint shown;
    private Session session;

    /**
     * @param deliver takes each update on the FX thread
     * @param later   how to get to the FX thread
     */
    public FollowViewModel(Consumer<FollowUpdate> deliver, Consumer<Runnable> later) {
        this.deliver = deliver;
        this.later = later;
        following.addListener((property, old, on) -> restart());
    }

    public FollowViewModel(Consumer<FollowUpdate> deliver) {
        this(deliver, Platform::runLater);
    }

    /**
     * The checkpoint on show (null while none, or while one is being read), or a newer reading of it: followed while
     * follow mode is on.
     */
    public void setCheckpoint(Checkpoint onShow) {
        Path opened = onShow == null ? null : onShow.path();
        shown = onShow;
        if (opened == null ? folder != null : !opened.equals(folder)) {
            folder = opened;
            restart();
        }
    }

    public void toggle() {
        following.set(!following.get());
    }

    public BooleanProperty followingProperty() {
        return following;
    }

    public boolean isFollowing() {
        return following.get();
    }

    /** What follow mode is doing, for the toggle's tooltip and the status bar. */
    public ReadOnlyStringProperty statusProperty() {
        return status.getReadOnlyProperty();
    }

    /** Stops the watching thread (the window closes). */
    public void stop() {
        if (session != null) {
            session.stop();
            session = null;
        }
    }

    private void restart() {
        stop();
        if (!following.get()) {
            status.set(OFF);
        } else if (folder == null) {
            status.set("Following: waiting for a checkpoint to open");
        } else {
            session = new Session(shown);
            status.set("Following " + folder.getFileName() + " …");
            session.start();
        }
    }

    /** One folder followed on one thread, until stopped. */
    private final class Session {

        private final Path path;
        private final Checkpoint from;
        private final AtomicBoolean stopped = new AtomicBoolean();
        private final AtomicReference<FollowUpdate> pending = new AtomicReference<>();
        private final Thread thread;

        Session(Checkpoint from) {
            this.from = from;
            this.path = from.path();
            this.thread = new Thread(this::run, "streamscope-follow-" + path.getFileName());
            thread.setDaemon(true);
        }

        void start() {
            thread.start();
        }

        void stop() {
            stopped.set(true);
            thread.interrupt();
        }

        private void run() {
            // the checkpoint read after each commit brings the state versions: the watcher need not list state/ too
            CheckpointWatcher watcher = CheckpointWatcher.continuing(from).withoutStateVersions();
            try (ChangeWait wait = ChangeWait.forCheckpoint(path, FollowClock.SYSTEM)) {
                onFx(() -> status.set("Following " + path.getFileName() + " (" + wait.description() + ")"));
                new CheckpointFollower(watcher, wait, FollowClock.SYSTEM).run(stopped::get, Long.MAX_VALUE, events -> {
                    LoadedCheckpoint loaded;
                    try {
                        loaded = LoadedCheckpoint.of(CheckpointReader.read(path, watcher.known()));
                    } catch (NotACheckpointException e) {
                        throw new IllegalStateException(e.getMessage(), e);
                    }
                    if (pending.getAndUpdate(older -> new FollowUpdate(loaded, events).after(older)) == null) {
                        onFx(this::hand);
                    }
                });
            } catch (InterruptedException e) {
                // stopped
            } catch (RuntimeException e) {
                onFx(() -> status.set("Stopped following " + path.getFileName() + ": " + e.getMessage()));
            }
        }

        /** On the FX thread: everything found since the last hand-over, in one update. */
        private void hand() {
            FollowUpdate update = pending.getAndSet(null);
            if (update != null && !stopped.get()) {
                deliver.accept(update);
            }
        }

        private void onFx(Runnable work) {
            later.accept(() -> {
                if (!stopped.get()) {
                    work.run();
                }
            });
        }
    }
}
