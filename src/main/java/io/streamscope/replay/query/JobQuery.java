package io.streamscope.replay.query;

import java.util.Map;
import java.util.Optional;

/**
 * One streaming query of a job: the DataFrame it writes and its {@code writeStream} settings.
 *
 * @param frame        the DataFrame written: its streams and operations
 * @param outputMode   {@code outputMode(…)}, if set (Spark's default is append)
 * @param trigger      {@code trigger(…)}, if set
 * @param format       {@code format(…)} of the sink ({@code console}, {@code parquet}, {@code delta}, …), if set
 * @param foreachBatch the function given to {@code foreachBatch}, if any (its body is the sink: not run)
 * @param queryName    {@code queryName(…)}, if set
 * @param options      the sink's {@code option(…)}s ({@code checkpointLocation}, {@code path}, …)
 * @param position     where {@code writeStream} is written
 */
public record JobQuery(JobFrame frame, Optional<String> outputMode, Optional<JobTrigger> trigger,
                       Optional<String> format, Optional<String> foreachBatch, Optional<String> queryName,
                       Map<String, String> options, int position) {

    public JobQuery {
        options = Map.copyOf(options);
    }

    public Optional<String> checkpointLocation() {
        return Optional.ofNullable(options.get("checkpointLocation"));
    }
}
