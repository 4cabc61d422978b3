package io.streamscope.replay;

import io.streamscope.sparktypes.SparkJson;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.cfg.JsonNodeFeature;
import io.streamscope.sparktypes.Row;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** The ground truth of a sample: {@code spark-run.json} and {@code streamscope.json}, with decimals kept exact. */
public final class SparkRun {

    static final ObjectMapper EXACT = new ObjectMapper().enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .configure(JsonNodeFeature.STRIP_TRAILING_BIGDECIMAL_ZEROES, false);

    final JsonNode run;
    final JsonNode sidecar;

    private SparkRun(Path sample) {
        try {
            run = EXACT.readTree(sample.resolve("spark-run.json").toFile());
            sidecar = EXACT.readTree(sample.resolve("streamscope.json").toFile());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static SparkRun of(String sample) {
        return new SparkRun(ShopTopic.SAMPLES.resolve(sample));
    }

    /** The query as the generator ran it (the sample's job.py holds the same, written as a user writes it). */
    String query() {
        return run.get("query").asText();
    }

    OutputMode mode() {
        return OutputMode.parse(run.get("outputMode").asText());
    }

    /** Every execution of a batch, in the order Spark ran them. */
    List<JsonNode> executions() {
        List<JsonNode> all = new ArrayList<>();
        run.get("batches").forEach(all::add);
        return all;
    }

    /** Spark's rows as sorted JSON texts, exactly as captured (decimals with their scale: {@code 37.50}). */
    static List<String> texts(JsonNode rows) {
        List<String> texts = new ArrayList<>();
        rows.forEach(row -> texts.add(row.toString()));
        texts.sort(null);
        return texts;
    }

    static List<String> texts(List<Row> rows) {
        List<String> texts = new ArrayList<>();
        rows.forEach(row -> texts.add(SparkJson.text(row)));
        texts.sort(null);
        return texts;
    }
}
