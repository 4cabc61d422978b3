package io.streamscope.replay;

import io.streamscope.replay.lag.Lag;
import io.streamscope.replay.query.QueryException;

import java.util.Optional;

/**
 * How a replay session ended. Every outcome carries what can still be shown: the set-up, and, where the records
 * could be read, the rows each batch read ({@link #replay()} passes them through when there is no query to run).
 */
public sealed interface ReplayResult {

    ReplaySetup setup();

    /** The replay; for an outcome other than {@link Replayed}, the input rows each batch read, if they could be read. */
    Optional<Replay> replay();

    /** Where each input row came from. */
    Optional<JobInput> input();

    /** How far the topics are ahead of the last committed batch, where that could be measured. */
    Optional<Lag> lag();

    /** Why there is no result table, in one line; empty when the query was replayed. */
    Optional<String> reason();

    /** The query ran over every batch (or stopped where Spark's would: {@link Replay#error()}). */
    record Replayed(ReplaySetup setup, Replay full, JobInput source, Optional<Lag> lag) implements ReplayResult {
        public Optional<Replay> replay() {
            return Optional.of(full);
        }

        public Optional<JobInput> input() {
            return Optional.of(source);
        }

        public Optional<String> reason() {
            return Optional.empty();
        }
    }

    /** There is no query: only what each batch read is shown. */
    record InputOnly(ReplaySetup setup, Replay passThrough, JobInput source, Optional<Lag> lag, String why)
            implements ReplayResult {
        public Optional<Replay> replay() {
            return Optional.of(passThrough);
        }

        public Optional<JobInput> input() {
            return Optional.of(source);
        }

        public Optional<String> reason() {
            return Optional.of(why);
        }
    }

    /** Spark would refuse the query in this output mode; {@code sparkReason} is Spark's message. */
    record Refused(ReplaySetup setup, String sparkReason, Optional<Replay> replay, Optional<JobInput> input,
                   Optional<Lag> lag) implements ReplayResult {
        public Optional<String> reason() {
            return Optional.of(sparkReason);
        }
    }

    /** The job or query is not understood, or runs what cannot run here (user code): where, with line and column. */
    record NotUnderstood(ReplaySetup setup, QueryException error, Optional<Replay> replay, Optional<JobInput> input,
                         Optional<Lag> lag) implements ReplayResult {
        public Optional<String> reason() {
            return Optional.of(error.getMessage());
        }
    }

    /** The records could not be read (no topic source, a broker that is down, a bad schema). */
    record Unreadable(ReplaySetup setup, String message) implements ReplayResult {
        public Optional<Replay> replay() {
            return Optional.empty();
        }

        public Optional<JobInput> input() {
            return Optional.empty();
        }

        public Optional<Lag> lag() {
            return Optional.empty();
        }

        public Optional<String> reason() {
            return Optional.of(message);
        }
    }
}
