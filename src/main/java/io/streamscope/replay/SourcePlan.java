package io.streamscope.replay;

import io.streamscope.replay.plan.Operator;
import io.streamscope.sparktypes.SparkType;

import java.util.List;

/**
 * How one source of the checkpoint becomes rows of the query: its records as Spark's Kafka source gives them
 * ({@code key}, {@code value}, {@code topic}, …), through the job's decoding ({@code from_json(…)}, {@code o.*}),
 * then, in a union, through the branch's own row-by-row operations.
 *
 * @param index          the source's index in the checkpoint (its line in {@code offsets/N})
 * @param label          its topics, for the window and notes ({@code orders})
 * @param includeHeaders whether records carry the {@code headers} column
 * @param decode         the decoding operators; their output is what the input table shows
 * @param decoded        the schema after decoding
 * @param branch         operators after the decoding, before the rows join the other sources (a union's branch)
 * @param output         the schema the source gives the query
 * @param eventTime      the output's event-time column (its {@code withWatermark}), or null
 * @param delayMs        that watermark's delay
 * @param direct         when the decoding is exactly {@code select(from_json(value…, schema).alias(x)).select("x.*")}:
 *                       the decoder that gives the same rows straight from the value's bytes (no Kafka row between);
 *                       else null
 */
record SourcePlan(int index, String label, boolean includeHeaders, List<Operator> decode, SparkType.Struct decoded,
                  List<Operator> branch, SparkType.Struct output, String eventTime, long delayMs,
                  io.streamscope.topic.RowDecoder direct) {

    SourcePlan {
        decode = List.copyOf(decode);
        branch = List.copyOf(branch);
    }

    SourcePlan(int index, String label, boolean includeHeaders, List<Operator> decode, SparkType.Struct decoded,
               List<Operator> branch, SparkType.Struct output, String eventTime, long delayMs) {
        this(index, label, includeHeaders, decode, decoded, branch, output, eventTime, delayMs, null);
    }

    /** The same source with the branch its union or join adds. */
    SourcePlan withBranch(List<Operator> more, SparkType.Struct newOutput) {
        return new SourcePlan(index, label, includeHeaders, decode, decoded, more, newOutput, eventTime, delayMs, direct);
    }
}
