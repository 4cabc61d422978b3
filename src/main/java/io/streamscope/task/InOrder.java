package io.streamscope.task;

import java.util.ArrayDeque;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.function.IntConsumer;
import java.util.function.IntFunction;
import java.util.function.ObjIntConsumer;

/**
 * Numbered jobs (a store's partitions, chunks of an answer) on worker threads, the results handed out on the calling
 * thread in order. At most {@code pending} jobs are queued or running while a result is handed out, so memory holds a
 * few results whatever the whole; a job whose result would be large hands it out in parts ({@link #parts}), and waits
 * while {@value #PARTS_WAITING} of its parts wait for their turn, so memory holds a few parts however large one job's
 * result.
 */
public final class InOrder {

    /** The parts of one job's result that may wait for their turn before the job waits too. */
    static final int PARTS_WAITING = 2;

    private InOrder() {
    }

    /** The workers worth starting: one per core, up to four (the disk and the writer set the pace beyond). */
    public static int workers() {
        return Math.max(1, Math.min(4, Runtime.getRuntime().availableProcessors()));
    }

    /** A job whose result comes in parts: see {@link #parts}. */
    @FunctionalInterface
    public interface PartedJob<R> {

        /**
         * Runs job {@code number}, giving {@code part} each part of its result but the last as it is made (the call
         * waits while the parts before it wait for their turn), and returns the last.
         */
        R run(int number, Consumer<R> part);
    }

    /**
     * @param beforeEach called on the calling thread before each job's result is waited for (to check for cancellation
     *                   and report progress); what it throws ends the run
     */
    public static <R> void run(int jobs, int workers, int pending, IntFunction<R> job, IntConsumer beforeEach,
                               ObjIntConsumer<R> sink) {
        parts(jobs, workers, pending, (number, part) -> job.apply(number), beforeEach, sink);
    }

    /**
     * Like {@link #run}, each job's result in parts: {@code sink} takes them in order, a job's parts (its last one
     * included) before the next job's, each with its job's number.
     */
    public static <R> void parts(int jobs, int workers, int pending, PartedJob<R> job, IntConsumer beforeEach,
                                 ObjIntConsumer<R> sink) {
        AtomicInteger threads = new AtomicInteger();
        ExecutorService pool = Executors.newFixedThreadPool(workers, runnable -> {
            Thread thread = new Thread(runnable, "streamscope-worker-" + threads.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        });
        ArrayDeque<Parts<R>> ahead = new ArrayDeque<>();
        int submitted = 0;
        try {
            while (submitted < jobs && ahead.size() < pending) {
                ahead.add(start(pool, job, submitted++));
            }
            for (int number = 0; number < jobs; number++) {
                beforeEach.accept(number);
                Parts<R> parts = ahead.removeFirst();
                if (submitted < jobs) {
                    ahead.add(start(pool, job, submitted++));
                }
                for (Part<R> part = parts.queue.take(); ; part = parts.queue.take()) {
                    if (part.failure() != null) {
                        throw rethrown(part.failure());
                    }
                    sink.accept(part.value(), number);
                    if (part.last()) {
                        break;
                    }
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            pool.shutdownNow(); // a job waiting to hand out a part is interrupted: nobody will take it
        }
    }

    private static <R> Parts<R> start(ExecutorService pool, PartedJob<R> job, int number) {
        Parts<R> parts = new Parts<>(new ArrayBlockingQueue<>(PARTS_WAITING + 1));
        pool.execute(() -> {
            try {
                R last = job.run(number, value -> parts.put(new Part<>(value, false, null)));
                parts.put(new Part<>(last, true, null));
            } catch (PartsNotWanted e) {
                // the run ended (cancelled, failed) while this job waited: its parts go nowhere
            } catch (Throwable e) {
                try {
                    parts.put(new Part<>(null, true, e));
                } catch (PartsNotWanted ended) {
                    // likewise
                }
            }
        });
        return parts;
    }

    private static RuntimeException rethrown(Throwable failure) {
        if (failure instanceof Error error) {
            throw error;
        }
        return failure instanceof RuntimeException runtime ? runtime : new IllegalStateException(failure);
    }

    /** One part of a job's result, its last, or the failure that ended the job. */
    private record Part<R>(R value, boolean last, Throwable failure) {
    }

    /** A job's parts waiting for their turn. */
    private record Parts<R>(BlockingQueue<Part<R>> queue) {

        void put(Part<R> part) {
            try {
                queue.put(part);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new PartsNotWanted();
            }
        }
    }

    /**
     * Thrown out of a job that waited to hand out a part when the run ended: a cancellation, so that the job's own
     * catch blocks let it through as they let a user's cancel through.
     */
    private static final class PartsNotWanted extends java.util.concurrent.CancellationException {
        PartsNotWanted() {
            super("the run ended");
        }
    }
}
