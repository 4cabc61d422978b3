package io.streamscope.ui;

import javafx.concurrent.Task;

import java.util.Objects;
import java.util.concurrent.Callable;
import java.util.concurrent.Executor;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/**
 * Runs work off the FX thread as a {@link Task} on one shared pool of daemon threads, and hands the result or the
 * failure back on the FX thread:
 * {@code BackgroundTasks.create(work).onSuccess(show).onFailure(report).runOn(BackgroundTasks.shared())}.
 */
public final class BackgroundTasks {

    private static final ThreadPoolExecutor SHARED = sharedPool();

    private BackgroundTasks() {
    }

    public static Executor shared() {
        return SHARED;
    }

    public static <T> Builder<T> create(Callable<T> work) {
        return new Builder<>(work);
    }

    public static final class Builder<T> {

        private final Callable<T> work;
        private Consumer<T> onSuccess = result -> { };
        private Consumer<Throwable> onFailure = error -> { };
        private String title = "";

        private Builder(Callable<T> work) {
            this.work = Objects.requireNonNull(work);
        }

        /** What the task does, in words, for the status bar: "Reading offsets/2 and commits/2". */
        public Builder<T> titled(String text) {
            this.title = Objects.requireNonNull(text);
            return this;
        }

        /** Runs on the FX thread with the result. */
        public Builder<T> onSuccess(Consumer<T> handler) {
            this.onSuccess = Objects.requireNonNull(handler);
            return this;
        }

        /** Runs on the FX thread with whatever the work threw, errors included. */
        public Builder<T> onFailure(Consumer<Throwable> handler) {
            this.onFailure = Objects.requireNonNull(handler);
            return this;
        }

        public Task<T> runOn(Executor executor) {
            Task<T> task = new Described<>(title, work);
            task.setOnSucceeded(event -> onSuccess.accept(task.getValue()));
            task.setOnFailed(event -> onFailure.accept(task.getException()));
            executor.execute(task);
            return task;
        }
    }

    /** A task that says what it does; the text is set before it runs, so any thread may create one. */
    public static class Described<T> extends Task<T> {

        private final String description;
        private final Callable<T> work;

        Described(String description, Callable<T> work) {
            this.description = description;
            this.work = work;
        }

        /** For a subclass that overrides {@link #call()} itself. */
        protected Described(String description) {
            this(description, () -> {
                throw new IllegalStateException("call() is overridden");
            });
        }

        public String description() {
            return description;
        }

        @Override
        protected T call() throws Exception {
            return work.call();
        }
    }

    private static ThreadPoolExecutor sharedPool() {
        AtomicInteger count = new AtomicInteger();
        ThreadPoolExecutor pool = new ThreadPoolExecutor(2, 2, 30, TimeUnit.SECONDS, new LinkedBlockingQueue<>(), work -> {
            Thread thread = new Thread(work, "streamscope-background-" + count.incrementAndGet());
            thread.setDaemon(true); // never keeps the JVM alive after the window closes
            return thread;
        });
        pool.allowCoreThreadTimeOut(true);
        return pool;
    }
}
