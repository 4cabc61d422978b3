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

        private Builder(Callable<T> work) {
            this.work = Objects.requireNonNull(work);
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
            Task<T> task = new Task<>() {
                @Override
                protected T call() throws Exception {
                    return work.call();
                }
            };
            task.setOnSucceeded(event -> onSuccess.accept(task.getValue()));
            task.setOnFailed(event -> onFailure.accept(task.getException()));
            executor.execute(task);
            return task;
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
