package io.streamscope.topic;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CancellationException;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Runs a read on a thread of its own, at most {@link #CHUNKS} chunks ahead of the caller, while the caller hands the
 * records to its sink and reports progress: fetching and parsing the broker's answer overlaps with what the sink does
 * (writing JSON, decoding values), on the other core. The caller gets the records, the progress and any failure in
 * the order the read made them, and returns only after the read's thread has ended, so the client it uses is never
 * used by two threads at once.
 */
final class ReadAhead {

    /** Chunks (one poll's records each) the read may be ahead: bounded memory. */
    static final int CHUNKS = 4;
    private static final long WAIT_MILLIS = 100;

    /** A read that gives its records and covered offsets to {@code out}, on the read's thread. */
    interface Read<R> {
        R run(Output out) throws TopicException;
    }

    /** Where the read puts records and progress, on its own thread. */
    static final class Output {
        private final BlockingQueue<Object> queue;
        private volatile boolean abandoned;
        private List<TopicRecord> records = new ArrayList<>();
        private long covered;

        private Output(BlockingQueue<Object> queue) {
            this.queue = queue;
        }

        void record(TopicRecord record) {
            records.add(record);
        }

        void covered(long offsets) {
            covered += offsets;
        }

        /** Hands what was gathered since the last flush to the caller; waits while the caller is {@link #CHUNKS} behind. */
        void flush() {
            if (abandoned) {
                throw new Abandoned();
            }
            if (records.isEmpty() && covered == 0) {
                return;
            }
            put(new Chunk(records, covered));
            records = new ArrayList<>();
            covered = 0;
        }

        private void put(Object item) {
            try {
                while (!abandoned) {
                    if (queue.offer(item, WAIT_MILLIS, TimeUnit.MILLISECONDS)) {
                        return;
                    }
                }
                throw new Abandoned();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new Abandoned();
            }
        }
    }

    private record Chunk(List<TopicRecord> records, long covered) {
    }

    private record Done(Object result) {
    }

    private record Failed(Throwable failure) {
    }

    /** Unwinds the read's thread when the caller stopped taking chunks (cancelled, or its sink failed). */
    private static final class Abandoned extends RuntimeException {
        Abandoned() {
            super(null, null, false, false);
        }
    }

    private ReadAhead() {
    }

    /**
     * Runs {@code read} on its own thread; gives its records to {@code sink} and its covered offsets to
     * {@code progress} on this one, asks the cancellation of {@code options} after each chunk (the read asks it
     * too, but it is ahead), and returns the read's result or throws what it threw.
     */
    @SuppressWarnings("unchecked")
    static <R> R run(String threadName, Read<R> read, Consumer<TopicRecord> sink, ProgressCounter progress,
                     ReadOptions options) throws TopicException {
        BlockingQueue<Object> queue = new ArrayBlockingQueue<>(CHUNKS);
        Output out = new Output(queue);
        Thread thread = new Thread(() -> {
            Object last;
            try {
                R result = read.run(out);
                out.flush();
                last = new Done(result);
            } catch (Abandoned e) {
                return;
            } catch (Throwable e) {
                last = new Failed(e);
            }
            try {
                out.put(last);
            } catch (Abandoned e) {
                // the caller is gone and knows why
            }
        }, threadName);
        thread.setDaemon(true);
        thread.start();
        boolean finished = false;
        try {
            while (true) {
                Object item = queue.take();
                if (item instanceof Chunk chunk) {
                    chunk.records().forEach(sink);
                    if (chunk.covered() > 0) {
                        progress.covered(chunk.covered());
                    }
                    options.checkCancelled();
                } else if (item instanceof Done done) {
                    finished = true;
                    return (R) done.result();
                } else {
                    finished = true;
                    throw rethrow(((Failed) item).failure());
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CancellationException("read interrupted");
        } finally {
            if (!finished) {
                out.abandoned = true;
                queue.clear();
            }
            join(thread);
        }
    }

    private static TopicException rethrow(Throwable failure) throws TopicException {
        if (failure instanceof TopicException e) {
            throw e;
        }
        if (failure instanceof RuntimeException e) {
            throw e;
        }
        if (failure instanceof Error e) {
            throw e;
        }
        throw new IllegalStateException(failure);
    }

    /** The read stops within one poll once abandoned; wait for it so the client is free again. */
    private static void join(Thread thread) {
        boolean interrupted = false;
        while (thread.isAlive()) {
            try {
                thread.join();
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }
}
