package io.streamscope.checkpoint.state;

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
 * One job per partition on worker threads, the results handed out on the calling thread in partition order. At most
 * {@code pending} jobs are queued or running while a result is handed out, so memory holds a few partitions whatever
 * the store.
 */
final class InOrderPartitions {

    private InOrderPartitions() {
    }

    /** The workers worth starting here: one per core, up to four (the disk and the writer set the pace beyond). */
    static int workers() {
        return Math.max(1, Math.min(4, Runtime.getRuntime().availableProcessors()));
    }

    /**
     * @param beforeEach called on the calling thread before each partition is waited for (to check for cancellation and
     *                   report progress); what it throws ends the run
     */
    static <R> void run(int partitions, int workers, int pending, IntFunction<R> job, IntConsumer beforeEach,
                        ObjIntConsumer<R> sink) {
        AtomicInteger threads = new AtomicInteger();
        ExecutorService pool = Executors.newFixedThreadPool(workers, runnable -> {
            Thread thread = new Thread(runnable, "streamscope-state-" + threads.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        });
        ArrayDeque<Future<R>> ahead = new ArrayDeque<>();
        int submitted = 0;
        try {
            while (submitted < partitions && ahead.size() < pending) {
                int partition = submitted++;
                ahead.add(pool.submit(() -> job.apply(partition)));
            }
            for (int partition = 0; partition < partitions; partition++) {
                beforeEach.accept(partition);
                R result = ahead.removeFirst().get();
                if (submitted < partitions) {
                    int next = submitted++;
                    ahead.add(pool.submit(() -> job.apply(next)));
                }
                sink.accept(result, partition);
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
