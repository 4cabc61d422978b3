package io.streamscope.task;

import java.util.ArrayDeque;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntConsumer;
import java.util.function.IntFunction;
import java.util.function.ObjIntConsumer;

/**
 * Numbered jobs (a store's partitions, chunks of an answer) on worker threads, the results handed out on the calling
 * thread in order. At most {@code pending} jobs are queued or running while a result is handed out, so memory holds a
 * few results whatever the whole.
 */
public final class InOrder {

    private InOrder() {
    }

    /** The workers worth starting: one per core, up to four (the disk and the writer set the pace beyond). */
    public static int workers() {
        return Math.max(1, Math.min(4, Runtime.getRuntime().availableProcessors()));
    }

    /**
     * @param beforeEach called on the calling thread before each job's result is waited for (to check for cancellation
     *                   and report progress); what it throws ends the run
     */
    public static <R> void run(int jobs, int workers, int pending, IntFunction<R> job, IntConsumer beforeEach,
                               ObjIntConsumer<R> sink) {
        AtomicInteger threads = new AtomicInteger();
        ExecutorService pool = Executors.newFixedThreadPool(workers, runnable -> {
            Thread thread = new Thread(runnable, "streamscope-worker-" + threads.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        });
        ArrayDeque<Future<R>> ahead = new ArrayDeque<>();
        int submitted = 0;
        try {
            while (submitted < jobs && ahead.size() < pending) {
                int first = submitted++;
                ahead.add(pool.submit(() -> job.apply(first)));
            }
            for (int number = 0; number < jobs; number++) {
                beforeEach.accept(number);
                R result = ahead.removeFirst().get();
                if (submitted < jobs) {
                    int next = submitted++;
                    ahead.add(pool.submit(() -> job.apply(next)));
                }
                sink.accept(result, number);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException e) {
            if (e.getCause() instanceof Error error) {
                throw error;
            }
            throw e.getCause() instanceof RuntimeException runtime ? runtime : new IllegalStateException(e.getCause());
        } finally {
            pool.shutdownNow();
        }
    }
}
