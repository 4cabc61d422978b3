package io.streamscope.samples.generator;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.UnaryOperator;

/**
 * One sample checkpoint: the query (as Spark code and as the chapter writes it), its output mode, how its sink works,
 * and what Spark reported while it ran.
 */
final class Sample {

    /** How the sink is built, and so how its rows are captured. */
    enum Sink {
        /** foreachBatch that only collects each batch's DataFrame as {@code toJSON} rows (the ground truth). */
        CAPTURE,
        /** Spark's parquet file sink, output in {@code <name>-output/}; rows read back from the files each batch added. */
        PARQUET,
        /** foreachBatch plain append into a parquet table in {@code <name>-table/} ("Version A"). */
        APPEND_TABLE,
        /** foreachBatch MERGE on order_id into a Delta table in {@code <name>-table/} ("Version B"). */
        MERGE_TABLE
    }

    final String name;
    final String title;
    final String description;
    final String query;
    final String outputMode;
    /** The topics the query reads, each parsed with its schema ({@code orders} alone for most samples). */
    final List<String> topics;
    /** The query, given each of {@link #topics} as a streaming DataFrame of its parsed values, by topic name. */
    final Function<Map<String, Dataset<Row>>, Dataset<Row>> plan;
    final Sink sink;
    /** The foreachBatch function throws after writing batch 2's rows, before Spark can write {@code commits/2}. */
    final boolean crashAfterBatch2;
    final Map<String, String> sessionConf;
    /** For a restarted copy: the sample whose crashed checkpoint was copied and restarted. */
    final Sample restartOf;
    /** When the query is not one the app can parse (transformWithState): what its processor does, in words. */
    final String processor;
    /** The reads of Spark's State Data Source that {@code state-ground-truth.json} records; none: no such file. */
    final List<StateRead> stateReads;
    /**
     * The query, the schemas and the output mode are the job's ({@code job.py}) only: the sidecar holds the title,
     * the description and {@code "topics"} (where each topic's snapshot is), nothing else.
     */
    final boolean queryInJob;

    /** One entry per execution of a batch (a replayed batch has two). */
    final List<ObjectNode> batches = new ArrayList<>();
    /** One entry per query start. */
    final List<ObjectNode> runs = new ArrayList<>();
    /** The progress events the listener received, as Spark's JSON. */
    final List<String> progressEvents = new ArrayList<>();

    private Sample(String name, String title, String description, String query, String outputMode,
                   List<String> topics, Function<Map<String, Dataset<Row>>, Dataset<Row>> plan, Sink sink,
                   boolean crashAfterBatch2, Map<String, String> sessionConf, Sample restartOf, String processor,
                   List<StateRead> stateReads, boolean queryInJob) {
        this.name = name;
        this.title = title;
        this.description = description;
        this.query = query;
        this.outputMode = outputMode;
        this.topics = List.copyOf(topics);
        this.plan = plan;
        this.sink = sink;
        this.crashAfterBatch2 = crashAfterBatch2;
        this.sessionConf = sessionConf;
        this.restartOf = restartOf;
        this.processor = processor;
        this.stateReads = stateReads;
        this.queryInJob = queryInJob;
    }

    static Sample of(String name, String title, String description, String query, String outputMode,
                     UnaryOperator<Dataset<Row>> plan, Sink sink) {
        return new Sample(name, title, description, query, outputMode, List.of(ShopStream.TOPIC),
                orders(plan), sink, false, Map.of(), null, null, List.of(), false);
    }

    /**
     * A query over several topics ({@code topics}, each a DataFrame of its parsed values), its sink rows captured
     * with foreachBatch. Its sidecar names the topic files only; the query, schemas and mode are in its job.py.
     */
    static Sample ofTopics(String name, String title, String description, String query, String outputMode,
                           List<String> topics, Function<Map<String, Dataset<Row>>, Dataset<Row>> plan) {
        return new Sample(name, title, description, query, outputMode, topics, plan, Sink.CAPTURE, false, Map.of(),
                null, null, List.of(), true);
    }

    /**
     * A query over {@code orders} alone, its sink rows captured with foreachBatch, whose sidecar (like a two-topic
     * sample's) names the topic file only: the query, the schema and the mode are in its job.py.
     */
    static Sample ofJob(String name, String title, String description, String query, String outputMode,
                        UnaryOperator<Dataset<Row>> plan) {
        return new Sample(name, title, description, query, outputMode, List.of(ShopStream.TOPIC), orders(plan),
                Sink.CAPTURE, false, Map.of(), null, null, List.of(), true);
    }

    private static Function<Map<String, Dataset<Row>>, Dataset<Row>> orders(UnaryOperator<Dataset<Row>> plan) {
        return streams -> plan.apply(streams.get(ShopStream.TOPIC));
    }

    /**
     * A query the app cannot parse (transformWithState): no query text in the sidecar, the processor described in
     * words instead.
     */
    static Sample ofProcessor(String name, String title, String description, String processor, String outputMode,
                              UnaryOperator<Dataset<Row>> plan) {
        return new Sample(name, title, description, null, outputMode, List.of(ShopStream.TOPIC), orders(plan),
                Sink.CAPTURE, false, Map.of(), null, processor, List.of(), false);
    }

    Sample crashingAfterBatch2() {
        return new Sample(name, title, description, query, outputMode, topics, plan, sink, true, sessionConf, null,
                processor, stateReads, queryInJob);
    }

    Sample withSessionConf(String key, String value) {
        Map<String, String> conf = new LinkedHashMap<>(sessionConf);
        conf.put(key, value);
        return new Sample(name, title, description, query, outputMode, topics, plan, sink, crashAfterBatch2, conf,
                restartOf, processor, stateReads, queryInJob);
    }

    Sample withSessionConf(Map<String, String> conf) {
        Sample sample = this;
        for (Map.Entry<String, String> entry : conf.entrySet()) {
            sample = sample.withSessionConf(entry.getKey(), entry.getValue());
        }
        return sample;
    }

    /** The same sample, and after its runs the generator records these State Data Source reads for every batch. */
    Sample withStateReads(List<StateRead> reads) {
        return new Sample(name, title, description, query, outputMode, topics, plan, sink, crashAfterBatch2,
                sessionConf, restartOf, processor, List.copyOf(reads), queryInJob);
    }

    /** The same query, sink and settings under another name (a variant that differs only by session conf). */
    Sample renamed(String name, String title, String description) {
        return new Sample(name, title, description, query, outputMode, topics, plan, sink, crashAfterBatch2,
                sessionConf, restartOf, processor, stateReads, queryInJob);
    }

    /** The same query restarted (without the crash) on a copy of this sample's checkpoint and table. */
    Sample restarted(String title, String description) {
        return new Sample(name + "-restarted", title, description, query, outputMode, topics, plan, sink, false,
                sessionConf, this, processor, stateReads, queryInJob);
    }

    /** More than one topic: each run records every topic's end offset ({@code "topicEndOffsets"}), not one. */
    boolean multiTopic() {
        return topics.size() > 1;
    }

    boolean hasTable() {
        return sink == Sink.APPEND_TABLE || sink == Sink.MERGE_TABLE;
    }
}
